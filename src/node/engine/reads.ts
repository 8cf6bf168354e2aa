import type { Kysely } from 'kysely';
import { MessageType } from '../../protocol/gen/message.js';
import type { CastId, Message, ReactionType, UserDataType } from '../../protocol/gen/message.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import type { StorageLimit } from '../../protocol/gen/request_response.js';
import type { Clock } from '../../shared/clock.js';
import { storageUnits } from '../onchain/storage-units.js';
import type { LimitedStore, StorageUnits } from '../onchain/storage-units.js';
import { checkLimit, toPage } from '../store/page.js';
import type { Page, PageRequest } from '../store/page.js';
import type { NodeTables } from '../store/schema.js';
import { utf8 } from './conflict-key.js';
import { countsByStore, oldestStored } from './limits.js';
import type { StoreLimits } from './limits.js';
import { decodeStored } from './message-rows.js';
import {
  STORES,
  castKey,
  castStore,
  compactStateKey,
  linkKey,
  linkStore,
  reactionKey,
  reactionStore,
  userDataKey,
  userDataStore,
  usernameProofKey,
  usernameProofStore,
  verificationKey,
  verificationStore,
} from './stores/index.js';
import type { Target } from './stores/index.js';
import { makeTsHash, tsHashHash, tsHashTimestamp } from './ts-hash.js';

/** Pages of messages are keyed by ts_hash: `after` is the ts_hash of the previous page's last message. */
export type MessagePageRequest = PageRequest<Uint8Array>;
export type MessagePage = Page<Message, Uint8Array>;

/** Inclusive bounds on `MessageData.timestamp` (Farcaster seconds, uint32); an absent bound is open. */
export interface TimestampBounds {
  start?: number | undefined;
  stop?: number | undefined;
}

/**
 * A reaction or user data type filter: NONE (0) filters nothing, as an absent one does (the reference's
 * rule for both).
 */
export function typeFilter<T extends number>(type: T | undefined): T | undefined {
  return type === 0 ? undefined : type;
}

export interface StoreUsage {
  store: LimitedStore;
  limit: number;
  /** Messages counted toward the limit (adds and removes). */
  used: number;
  /** The oldest counted message (the next to be pruned); absent when the store is empty. */
  earliest?: { timestamp: number; hash: Uint8Array } | undefined;
}

export interface StorageUsage {
  units: StorageUnits;
  stores: StoreUsage[];
}

/** Each store's usage as the protocol's StorageLimit: the rows of a storage limits answer. */
export function storageLimitsOf({ stores }: StorageUsage): StorageLimit[] {
  return stores.map((store) => ({
    storeType: store.store,
    name: StoreType[store.store],
    limit: store.limit,
    used: store.used,
    earliestTimestamp: store.earliest?.timestamp ?? 0,
    earliestHash: store.earliest?.hash ?? new Uint8Array(),
  }));
}

function selectMessages(db: Kysely<NodeTables>) {
  return db.selectFrom('messages');
}

type MessagesQuery = ReturnType<typeof selectMessages>;

/** The message reads both transports serve, over the messages the engine stored. Misses are `undefined`. */
export function createMessageReads(db: Kysely<NodeTables>, clock: Clock, limits: StoreLimits) {
  const byKey = async (fid: number, store: number, key: Uint8Array, type: MessageType) => {
    const row = await selectMessages(db)
      .select('encoded')
      .where('fid', '=', fid)
      .where('store', '=', store)
      .where('conflict_key', '=', key)
      .where('type', '=', type)
      .executeTakeFirst();
    return row === undefined ? undefined : decodeStored(row.encoded);
  };
  const ofFid = (fid: number, store: number) =>
    selectMessages(db).where('fid', '=', fid).where('store', '=', store);
  const allMessagesByFid = (
    fid: number,
    store: LimitedStore,
    page: MessagePageRequest,
    bounds: TimestampBounds = {},
  ) => messagePage(withinTimestamps(ofFid(fid, store), bounds), page);

  return {
    async messageByHash(hash: Uint8Array): Promise<Message | undefined> {
      const row = await selectMessages(db).select('encoded').where('hash', '=', hash).executeTakeFirst();
      return row === undefined ? undefined : decodeStored(row.encoded);
    },
    castById: (castId: CastId) =>
      byKey(castId.fid, castStore.store, castKey(castId.hash), MessageType.CAST_ADD),
    reactionById: (fid: number, type: ReactionType, target: Target) =>
      byKey(fid, reactionStore.store, reactionKey(type, target), MessageType.REACTION_ADD),
    linkById: (fid: number, type: string, targetFid: number) =>
      byKey(fid, linkStore.store, linkKey(type, targetFid), MessageType.LINK_ADD),
    userData: (fid: number, type: UserDataType) =>
      byKey(fid, userDataStore.store, userDataKey(type), MessageType.USER_DATA_ADD),
    verification: (fid: number, address: Uint8Array) =>
      byKey(fid, verificationStore.store, verificationKey(address), MessageType.VERIFICATION_ADD_ETH_ADDRESS),
    /** The UsernameProof message holding an ENS name, whichever fid holds it. */
    async usernameProofByName(name: string): Promise<Message | undefined> {
      const row = await selectMessages(db)
        .select('encoded')
        .where('store', '=', usernameProofStore.store)
        .where('conflict_key', '=', usernameProofKey(name))
        .executeTakeFirst();
      return row === undefined ? undefined : decodeStored(row.encoded);
    },

    /**
     * Every message of one of the fid's stores, adds and removes (and link compact states), within
     * `bounds`: the reference's getAll*MessagesByFid.
     */
    allMessagesByFid,
    /** CastAdds and CastRemoves, as the reference's castsByFid (its getAllCastMessagesByFid) serves them. */
    castsByFid: (fid: number, page: MessagePageRequest, bounds?: TimestampBounds) =>
      allMessagesByFid(fid, castStore.store, page, bounds),
    /** CastAdds only: the reference's gRPC GetCastsByFid. */
    castAddsByFid: (fid: number, page: MessagePageRequest) =>
      messagePage(adds(ofFid(fid, castStore.store)), page),
    reactionsByFid: (fid: number, page: MessagePageRequest, type?: ReactionType) =>
      messagePage(ofReactionType(adds(ofFid(fid, reactionStore.store)), type), page),
    linksByFid: (fid: number, page: MessagePageRequest, type?: string) =>
      messagePage(
        ofLinkType(ofFid(fid, linkStore.store).where('type', '=', MessageType.LINK_ADD), type),
        page,
      ),
    userDataByFid: (fid: number, page: MessagePageRequest) =>
      messagePage(ofFid(fid, userDataStore.store), page),
    verificationsByFid: (fid: number, page: MessagePageRequest) =>
      messagePage(adds(ofFid(fid, verificationStore.store)), page),
    usernameProofsByFid: (fid: number, page: MessagePageRequest) =>
      messagePage(ofFid(fid, usernameProofStore.store), page),
    linkCompactStateByFid: (fid: number, page: MessagePageRequest) =>
      messagePage(ofFid(fid, linkStore.store).where('type', '=', MessageType.LINK_COMPACT_STATE), page),
    /** The compact state of one link type. */
    linkCompactState: (fid: number, type: string) =>
      byKey(fid, linkStore.store, compactStateKey(type), MessageType.LINK_COMPACT_STATE),

    castsByParent(parent: Target, page: MessagePageRequest): Promise<MessagePage> {
      const casts = selectMessages(db).where('type', '=', MessageType.CAST_ADD);
      return messagePage(
        'castId' in parent
          ? casts.where('parent_fid', '=', parent.castId.fid).where('parent_hash', '=', parent.castId.hash)
          : casts.where('parent_url', '=', utf8(parent.url)),
        page,
      );
    },
    reactionsByTarget(target: Target, page: MessagePageRequest, type?: ReactionType): Promise<MessagePage> {
      const reactions = adds(selectMessages(db).where('store', '=', reactionStore.store));
      return messagePage(
        ofReactionType(
          'castId' in target
            ? reactions
                .where('target_fid', '=', target.castId.fid)
                .where('target_hash', '=', target.castId.hash)
            : reactions.where('target_url', '=', utf8(target.url)),
          type,
        ),
        page,
      );
    },
    linksByTargetFid: (targetFid: number, page: MessagePageRequest, type?: string) =>
      messagePage(
        ofLinkType(
          selectMessages(db)
            .where('store', '=', linkStore.store)
            .where('target_fid', '=', targetFid)
            .where('type', '=', MessageType.LINK_ADD),
          type,
        ),
        page,
      ),
    async castsByMention(fid: number, page: MessagePageRequest): Promise<MessagePage> {
      const limit = checkLimit(page.limit);
      let query = db
        .selectFrom('cast_mentions as m')
        .innerJoin('messages', 'messages.hash', 'm.hash')
        .select(['messages.encoded', 'm.ts_hash'])
        .where('m.mentioned_fid', '=', fid)
        .orderBy('m.ts_hash', page.reverse ? 'desc' : 'asc')
        .limit(limit + 1);
      if (page.after !== undefined) query = query.where('m.ts_hash', page.reverse ? '<' : '>', page.after);
      return toPage(
        await query.execute(),
        limit,
        (row) => decodeStored(row.encoded),
        (row) => row.ts_hash,
      );
    },

    /** Per store: its limit for the fid's current units, how much is used, and the oldest message. */
    async storageUsage(fid: number): Promise<StorageUsage> {
      const units = await storageUnits(db, fid, clock.now());
      const counts = await countsByStore(db, fid);
      const stores: StoreUsage[] = [];
      for (const { store } of STORES) {
        const used = counts.get(store) ?? 0;
        const oldest = used === 0 ? undefined : await oldestStored(db, fid, store);
        stores.push({
          store,
          limit: limits(units, store),
          used,
          earliest: oldest && { timestamp: tsHashTimestamp(oldest), hash: tsHashHash(oldest) },
        });
      }
      return { units, stores };
    },
  };
}

export type MessageReads = ReturnType<typeof createMessageReads>;

function adds(query: MessagesQuery): MessagesQuery {
  return query.where('is_remove', '=', false);
}

function ofReactionType(query: MessagesQuery, type: ReactionType | undefined): MessagesQuery {
  const filter = typeFilter(type);
  return filter === undefined ? query : query.where('reaction_type', '=', filter);
}

const MAX_TIMESTAMP = 0xffff_ffff;
const HASH_BYTES = 20;

function checkTimestamp(timestamp: number): number {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0 || timestamp > MAX_TIMESTAMP) {
    throw new RangeError('a message timestamp bound must be a uint32');
  }
  return timestamp;
}

/** The first ts_hash of a second: ts_hash order is timestamp order. */
function firstTsHashOf(timestamp: number): Uint8Array {
  return makeTsHash(timestamp, new Uint8Array(HASH_BYTES));
}

function withinTimestamps(query: MessagesQuery, { start, stop }: TimestampBounds): MessagesQuery {
  let bounded = query;
  if (start !== undefined) bounded = bounded.where('ts_hash', '>=', firstTsHashOf(checkTimestamp(start)));
  // The last second has no successor to bound by, and every timestamp is within it.
  if (stop !== undefined && checkTimestamp(stop) < MAX_TIMESTAMP) {
    bounded = bounded.where('ts_hash', '<', firstTsHashOf(stop + 1));
  }
  return bounded;
}

function ofLinkType(query: MessagesQuery, type: string | undefined): MessagesQuery {
  return type === undefined ? query : query.where('link_type', '=', utf8(type));
}

async function messagePage(query: MessagesQuery, page: MessagePageRequest): Promise<MessagePage> {
  const limit = checkLimit(page.limit);
  let ordered = query
    .select(['encoded', 'ts_hash'])
    .orderBy('ts_hash', page.reverse ? 'desc' : 'asc')
    .limit(limit + 1);
  if (page.after !== undefined) ordered = ordered.where('ts_hash', page.reverse ? '<' : '>', page.after);
  return toPage(
    await ordered.execute(),
    limit,
    (row) => decodeStored(row.encoded),
    (row) => row.ts_hash,
  );
}
