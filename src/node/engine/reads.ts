import type { Kysely } from 'kysely';
import { MessageType } from '../../protocol/gen/message.js';
import type { CastId, ReactionType, UserDataType } from '../../protocol/gen/message.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import type { StorageLimit } from '../../protocol/gen/request_response.js';
import type { Clock } from '../../shared/clock.js';
import { storeLimit } from '../onchain/storage-units.js';
import type { LimitedStore } from '../onchain/storage-units.js';
import { reusableQuery, reusableQueryByShape } from '../../storage/reusable-query.js';
import { packedRows, unpackedRows } from '../store/packed-rows.js';
import { checkLimit, toPage } from '../store/page.js';
import { plannedOnceLimit } from '../../storage/sqlite-limit.js';
import { storedTsHash } from '../store/stored-ts-hash.js';
import type { Page, PageRequest } from '../store/page.js';
import type { NodeTables } from '../store/schema.js';
import { utf8 } from './conflict-key.js';
import { countsByStore, oldestStored } from './limits.js';
import type { StoreLimits } from './limits.js';
import type { ReadScope } from '../store/read-versions.js';
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
import { storageBalance } from './storage-balance.js';
import type { StorageBalance } from './storage-balance.js';
import { makeTsHash, tsHashHash, tsHashTimestamp } from './ts-hash.js';

/**
 * A message as the store holds it and every read answers it: its bytes without `data`, whose signed bytes
 * are its `dataBytes` (message-rows.ts). Decoded where a caller needs its fields (`decodeStored`), sent
 * as they are (`encodedMessage`): no copy of a decoded message stands in for them.
 */
export type StoredMessage = Uint8Array;

/** Pages of messages are keyed by ts_hash: `after` is the ts_hash of the previous page's last message. */
export type MessagePageRequest = PageRequest<Uint8Array>;
export type MessagePage = Page<StoredMessage, Uint8Array>;

/** A read with its arguments given: the scope of what it shows, known before it runs, and the run. */
export interface ReadCall<R> {
  readonly scope: ReadScope;
  run(): Promise<R>;
}

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
  balance: StorageBalance;
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

/**
 * Every read below is a statement compiled once (reusable-query.ts) and re-run with the request's values,
 * so no read builds or compiles SQL. A query's clauses may depend only on its shape (which filters a
 * request gives, the page's direction and start), never on the values.
 */

const messageAtKey = reusableQuery(
  (db: Kysely<NodeTables>, fid: number, store: number, key: Uint8Array, type: MessageType) =>
    ofFid(selectMessages(db), fid, store)
      .select('encoded')
      .where('conflict_key', '=', key)
      .where('type', '=', type),
);
const messageOfHash = reusableQuery((db: Kysely<NodeTables>, hash: Uint8Array) =>
  selectMessages(db).select('encoded').where('hash', '=', hash),
);
const usernameProofAtKey = reusableQuery((db: Kysely<NodeTables>, key: Uint8Array) =>
  selectMessages(db)
    .select('encoded')
    .where('store', '=', usernameProofStore.store)
    .where('conflict_key', '=', key),
);

/** What a page's clauses depend on besides its read's own filters. */
type PageShape = { reverse: boolean; after: boolean };

type Shape = Readonly<Record<string, boolean>>;

/** Names a shape by the clauses it has; a loop, as every read names its shape. */
function shapeKey(shape: Shape): string {
  let key = '';
  for (const clause in shape) if (shape[clause]) key += `${clause},`;
  return key;
}

/** A paged read's shape: its filter's, and its page's, as two objects, so no read merges them. */
type PagedShape<S extends Shape> = { filter: S; page: PageShape };

/**
 * A paged read: `filter` narrows the messages (branching on its shape only), then the page's order, start
 * and size are added.
 */
function pagedMessages<S extends Shape, Args extends unknown[]>(
  filter: (query: MessagesQuery, shape: S, ...args: Args) => MessagesQuery,
) {
  const run = reusableQueryByShape(
    (shape: PagedShape<S>) => `${shapeKey(shape.filter)}|${shapeKey(shape.page)}`,
    (
      { filter: filterShape, page: { reverse, after: hasAfter } }: PagedShape<S>,
      db: Kysely<NodeTables>,
      after: Uint8Array | undefined,
      limit: number,
      ...args: Args
    ) => {
      const query = filter(selectMessages(db), filterShape, ...args)
        .select(['encoded', 'ts_hash as position'])
        .orderBy('ts_hash', reverse ? 'desc' : 'asc')
        .limit(plannedOnceLimit(limit));
      const page = hasAfter ? query.where('ts_hash', reverse ? '<' : '>', after as Uint8Array) : query;
      return packedRows(db, page.as('page'), reverse);
    },
  );
  return async (
    db: Kysely<NodeTables>,
    page: MessagePageRequest,
    shape: S,
    ...args: Args
  ): Promise<MessagePage> => {
    const limit = checkLimit(page.limit);
    const rows = await run({ filter: shape, page: pageShapeOf(page) }, db, page.after, limit + 1, ...args);
    return pageOf(unpackedRows(rows), limit);
  };
}

const pageShapeOf = (page: MessagePageRequest): PageShape => ({
  reverse: page.reverse === true,
  after: page.after !== undefined,
});

/** One of a fid's stores, within a ts_hash range. */
const storeOfFid = pagedMessages(
  (
    query,
    shape: { from: boolean; until: boolean },
    fid: number,
    store: number,
    from: Uint8Array | undefined,
    until: Uint8Array | undefined,
  ) => {
    let bounded = ofFid(query, fid, store);
    if (shape.from) bounded = bounded.where('ts_hash', '>=', from as Uint8Array);
    if (shape.until) bounded = bounded.where('ts_hash', '<', until as Uint8Array);
    return bounded;
  },
);
/** The adds of one of a fid's stores, of one reaction type when that is given. */
const addsOfFid = pagedMessages(
  (query, shape: { reactionType: boolean }, fid: number, store: number, reactionType: number | undefined) =>
    ofReactionType(adds(ofFid(query, fid, store)), shape.reactionType, reactionType),
);
/** A fid's links of one message type (LinkAdds or compact states), of one link type when that is given. */
const linksOfFid = pagedMessages(
  (query, shape: { linkType: boolean }, fid: number, type: MessageType, linkType: Uint8Array | undefined) =>
    ofLinkType(ofFid(query, fid, linkStore.store).where('type', '=', type), shape.linkType, linkType),
);
const castsOfParent = pagedMessages(
  (
    query,
    shape: { castId: boolean },
    parentFid: number | undefined,
    parentHash: Uint8Array | undefined,
    parentUrl: Uint8Array | undefined,
  ) => {
    const casts = query.where('type', '=', MessageType.CAST_ADD);
    return shape.castId
      ? casts
          .where('parent_fid', '=', parentFid as number)
          .where('parent_hash', '=', parentHash as Uint8Array)
      : casts.where('parent_url', '=', parentUrl as Uint8Array);
  },
);
const reactionsToTarget = pagedMessages(
  (
    query,
    shape: { castId: boolean; reactionType: boolean },
    targetFid: number | undefined,
    targetHash: Uint8Array | undefined,
    targetUrl: Uint8Array | undefined,
    reactionType: number | undefined,
  ) => {
    const reactions = adds(query.where('store', '=', reactionStore.store));
    const targeted = shape.castId
      ? reactions
          .where('target_fid', '=', targetFid as number)
          .where('target_hash', '=', targetHash as Uint8Array)
      : reactions.where('target_url', '=', targetUrl as Uint8Array);
    return ofReactionType(targeted, shape.reactionType, reactionType);
  },
);
const linksToFid = pagedMessages(
  (query, shape: { linkType: boolean }, targetFid: number, linkType: Uint8Array | undefined) =>
    ofLinkType(
      query
        .where('store', '=', linkStore.store)
        .where('target_fid', '=', targetFid)
        .where('type', '=', MessageType.LINK_ADD),
      shape.linkType,
      linkType,
    ),
);
const mentionsOfFid = reusableQueryByShape(
  shapeKey,
  (shape: PageShape, db: Kysely<NodeTables>, fid: number, after: Uint8Array | undefined, limit: number) => {
    const query = db
      .selectFrom('cast_mentions as m')
      .innerJoin('messages', 'messages.hash', 'm.hash')
      .select(['messages.encoded', 'm.ts_hash as position'])
      .where('m.mentioned_fid', '=', fid)
      .orderBy('m.ts_hash', shape.reverse ? 'desc' : 'asc')
      .limit(plannedOnceLimit(limit));
    const page = shape.after
      ? query.where('m.ts_hash', shape.reverse ? '<' : '>', after as Uint8Array)
      : query;
    return packedRows(db, page.as('page'), shape.reverse);
  },
);

/**
 * The page of `limit` messages in `rows`, read with one more to tell whether a next page exists. Its
 * position is the last message's ts_hash, read from that message's bytes (stored-ts-hash.ts), so the rows
 * carry no column but the bytes.
 */
function pageOf(rows: StoredMessage[], limit: number): MessagePage {
  return toPage(rows, limit, (row) => row, storedTsHash);
}

/**
 * The message reads both transports serve, over the messages the engine stored, each message as its
 * stored bytes. Misses are `undefined`.
 */
export function createMessageReads(db: Kysely<NodeTables>, clock: Clock, limits: StoreLimits) {
  return {
    ...messageReads(db),

    /**
     * Per store: its limit for the fid's net units, how much is used, and the oldest message. The lends'
     * limit (one per purchased unit) is reported as Snapchain reports it and never enforced.
     */
    async storageUsage(fid: number): Promise<StorageUsage> {
      const balance = await storageBalance(db, fid, clock.now());
      const counts = await countsByStore(db, fid);
      const stores: StoreUsage[] = [];
      for (const { store, limitReportedOnly } of STORES) {
        const used = counts.get(store) ?? 0;
        const oldest = used === 0 ? undefined : await oldestStored(db, fid, store);
        stores.push({
          store,
          limit: limitReportedOnly ? storeLimit(balance.purchased, store) : limits(balance.net, store),
          used,
          earliest: oldest && { timestamp: tsHashTimestamp(oldest), hash: tsHashHash(oldest) },
        });
      }
      return { balance, stores };
    },
  };
}

export type MessageReads = ReturnType<typeof createMessageReads>;

/** The message reads, by name: every read of the engine but its storage usage. */
export type MessageReadName = Exclude<keyof MessageReads, 'storageUsage'>;

type ReadArgs<K extends MessageReadName> = Parameters<MessageReads[K]>;
type ReadResult<K extends MessageReadName> = Awaited<ReturnType<MessageReads[K]>>;

/**
 * The reads that show one fid's messages, each with that fid, named from the read's arguments. Every other
 * read may show any fid's messages (the default): its kept answers, on either transport, hang on every
 * fid's writes, and gRPC pages it as HTTP does (grpc/paging.ts). Declared by name, so a read wrapped or
 * replaced (a spy, a test's failing read) keeps its scope.
 */
const ONE_FID_READS: { [K in MessageReadName]?: (...args: ReadArgs<K>) => number } = {
  castById: (castId) => castId.fid,
  reactionById: (fid) => fid,
  linkById: (fid) => fid,
  userData: (fid) => fid,
  verification: (fid) => fid,
  allMessagesByFid: (fid) => fid,
  castsByFid: (fid) => fid,
  castAddsByFid: (fid) => fid,
  reactionsByFid: (fid) => fid,
  linksByFid: (fid) => fid,
  userDataByFid: (fid) => fid,
  verificationsByFid: (fid) => fid,
  usernameProofsByFid: (fid) => fid,
  linkCompactStateByFid: (fid) => fid,
  linkCompactState: (fid) => fid,
};

/** Whether the read `name` may show any fid's messages: it is not declared of one fid. */
export const spansFids = (name: MessageReadName): boolean => ONE_FID_READS[name] === undefined;

/** The read `name` of `reads` with `args`, scoped as it is declared (ONE_FID_READS). */
export function readCall<K extends MessageReadName>(
  reads: Pick<MessageReads, K>,
  name: K,
  ...args: ReadArgs<K>
): ReadCall<ReadResult<K>> {
  const fidOf = ONE_FID_READS[name] as ((...args: ReadArgs<K>) => number) | undefined;
  const read = reads[name] as (...args: ReadArgs<K>) => Promise<ReadResult<K>>;
  return { scope: fidOf?.(...args) ?? 'all', run: () => read(...args) };
}

/**
 * The message reads, each answering stored bytes. A filter is a read's argument, given to the query that
 * applies it, here and nowhere else.
 */
function messageReads(db: Kysely<NodeTables>) {
  const first = ([row]: { encoded: StoredMessage }[]) => row?.encoded;
  const byKey = async (fid: number, store: number, key: Uint8Array, type: MessageType) =>
    first(await messageAtKey(db, fid, store, key, type));
  const allMessagesByFid = (
    fid: number,
    store: LimitedStore,
    page: MessagePageRequest,
    bounds: TimestampBounds = {},
  ) => {
    const { from, until } = tsHashRange(bounds);
    const shape = { from: from !== undefined, until: until !== undefined };
    return storeOfFid(db, page, shape, fid, store, from, until);
  };
  const addsByFid = (fid: number, store: number, page: MessagePageRequest, type?: ReactionType) => {
    const reactionType = typeFilter(type);
    return addsOfFid(db, page, { reactionType: reactionType !== undefined }, fid, store, reactionType);
  };
  const linksByFid = (fid: number, type: MessageType, page: MessagePageRequest, linkType?: string) =>
    linksOfFid(db, page, { linkType: linkType !== undefined }, fid, type, utf8OrUndefined(linkType));

  return {
    messageByHash: async (hash: Uint8Array): Promise<StoredMessage | undefined> =>
      first(await messageOfHash(db, hash)),
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
    usernameProofByName: async (name: string): Promise<StoredMessage | undefined> =>
      first(await usernameProofAtKey(db, usernameProofKey(name))),

    /**
     * Every message of one of the fid's stores, adds and removes (and link compact states), within
     * `bounds`: the reference's getAll*MessagesByFid.
     */
    allMessagesByFid,
    /** CastAdds and CastRemoves, as the reference's castsByFid (its getAllCastMessagesByFid) serves them. */
    castsByFid: (fid: number, page: MessagePageRequest, bounds?: TimestampBounds) =>
      allMessagesByFid(fid, castStore.store, page, bounds),
    /** CastAdds only: the reference's gRPC GetCastsByFid. */
    castAddsByFid: (fid: number, page: MessagePageRequest) => addsByFid(fid, castStore.store, page),
    reactionsByFid: (fid: number, page: MessagePageRequest, type?: ReactionType) =>
      addsByFid(fid, reactionStore.store, page, type),
    linksByFid: (fid: number, page: MessagePageRequest, type?: string) =>
      linksByFid(fid, MessageType.LINK_ADD, page, type),
    userDataByFid: (fid: number, page: MessagePageRequest) =>
      allMessagesByFid(fid, userDataStore.store, page),
    verificationsByFid: (fid: number, page: MessagePageRequest) =>
      addsByFid(fid, verificationStore.store, page),
    usernameProofsByFid: (fid: number, page: MessagePageRequest) =>
      allMessagesByFid(fid, usernameProofStore.store, page),
    linkCompactStateByFid: (fid: number, page: MessagePageRequest) =>
      linksByFid(fid, MessageType.LINK_COMPACT_STATE, page),
    /** The compact state of one link type. */
    linkCompactState: (fid: number, type: string) =>
      byKey(fid, linkStore.store, compactStateKey(type), MessageType.LINK_COMPACT_STATE),

    castsByParent: (parent: Target, page: MessagePageRequest): Promise<MessagePage> =>
      'castId' in parent
        ? castsOfParent(db, page, { castId: true }, parent.castId.fid, parent.castId.hash, undefined)
        : castsOfParent(db, page, { castId: false }, undefined, undefined, utf8(parent.url)),
    reactionsByTarget(target: Target, page: MessagePageRequest, type?: ReactionType): Promise<MessagePage> {
      const reactionType = typeFilter(type);
      const shape = { castId: 'castId' in target, reactionType: reactionType !== undefined };
      return 'castId' in target
        ? reactionsToTarget(db, page, shape, target.castId.fid, target.castId.hash, undefined, reactionType)
        : reactionsToTarget(db, page, shape, undefined, undefined, utf8(target.url), reactionType);
    },
    linksByTargetFid: (targetFid: number, page: MessagePageRequest, type?: string) =>
      linksToFid(db, page, { linkType: type !== undefined }, targetFid, utf8OrUndefined(type)),
    async castsByMention(fid: number, page: MessagePageRequest): Promise<MessagePage> {
      const limit = checkLimit(page.limit);
      const rows = await mentionsOfFid(pageShapeOf(page), db, fid, page.after, limit + 1);
      return pageOf(unpackedRows(rows), limit);
    },
  };
}

function ofFid(query: MessagesQuery, fid: number, store: number): MessagesQuery {
  return query.where('fid', '=', fid).where('store', '=', store);
}

function adds(query: MessagesQuery): MessagesQuery {
  return query.where('is_remove', '=', false);
}

function ofReactionType(query: MessagesQuery, filtered: boolean, type: number | undefined): MessagesQuery {
  return filtered ? query.where('reaction_type', '=', type as number) : query;
}

function ofLinkType(query: MessagesQuery, filtered: boolean, type: Uint8Array | undefined): MessagesQuery {
  return filtered ? query.where('link_type', '=', type as Uint8Array) : query;
}

const utf8OrUndefined = (text: string | undefined) => (text === undefined ? undefined : utf8(text));

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

/** The ts_hash range of `bounds`: from the first of `start` (inclusive) until the first after `stop`. */
function tsHashRange({ start, stop }: TimestampBounds): { from?: Uint8Array; until?: Uint8Array } {
  return {
    from: start === undefined ? undefined : firstTsHashOf(checkTimestamp(start)),
    // The last second has no successor to bound by, and every timestamp is within it.
    until: stop === undefined || checkTimestamp(stop) === MAX_TIMESTAMP ? undefined : firstTsHashOf(stop + 1),
  };
}
