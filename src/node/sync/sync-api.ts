import type { Kysely } from 'kysely';
import { Message, MessageData } from '../../protocol/gen/message.js';
import { toFarcasterTime } from '../../protocol/time.js';
import type { Clock } from '../../shared/clock.js';
import { inChunks } from '../../storage/in-chunks.js';
import type { StoredMessage } from '../engine/reads.js';
import { tsHashHash, tsHashTimestamp } from '../engine/ts-hash.js';
import { hubFailure } from '../failure.js';
import type { NodeTables } from '../store/schema.js';
import type { TrieNodeMetadata, TrieSnapshot } from './merkle-trie.js';
import { currentSnapshotPrefix, messageSyncId, syncIdKind, TIMESTAMP_LENGTH } from './sync-id.js';
import type { SyncTrie } from './sync-trie.js';
import { hexOf } from './trie-nodes.js';

/** The reference hub's bound on one GetAllMessagesBySyncIds call. */
export const MAX_SYNC_IDS_PER_CALL = 1024;
/** Longer than any SyncId (an fname's with a long name included): a longer prefix is not a prefix of one. */
const MAX_PREFIX_BYTES = 256;
/** `<10 digits><0x01><fid: 4><postfix: 1><hash: 20>`. */
const MESSAGE_SYNC_ID_BYTES = 36;
const FID_OFFSET = TIMESTAMP_LENGTH + 1;
const POSTFIX_OFFSET = FID_OFFSET + 4;
const HASH_OFFSET = POSTFIX_OFFSET + 1;
/** KEY_ADD's set postfix: gasless keys are stored apart from other messages. */
const KEY_POSTFIX = 13;

/**
 * The node's side of diff sync (reference/sync.md §2.8), as both transports serve it: the trie read at a
 * prefix, and messages by their SyncIds. Requests are checked here, so a malformed prefix or id is a
 * `bad_request.*` whichever way it came.
 */
export interface SyncApi {
  readonly trie: SyncTrie;
  /** The walk along `prefix`; an empty prefix means the current 10-second bucket. */
  snapshot(prefix: Uint8Array): Promise<TrieSnapshot & { rootHash: string }>;
  metadata(prefix: Uint8Array): Promise<TrieNodeMetadata | undefined>;
  syncIds(prefix: Uint8Array): Promise<Uint8Array[]>;
  /**
   * The stored messages of these SyncIds, in the order asked (each once): an id of another kind, or of a
   * message not held, has none; a message is returned only for the exact id asked for.
   */
  messages(ids: readonly Uint8Array[]): Promise<StoredMessage[]>;
  /** Whether the trie holds each of these ids, in order. */
  held(ids: readonly Uint8Array[]): Promise<boolean[]>;
}

export function createSyncApi(db: Kysely<NodeTables>, trie: SyncTrie, clock: Clock): SyncApi {
  return {
    trie,
    snapshot(prefix) {
      checkPrefix(prefix);
      if (prefix.length > 0) return trie.snapshot(prefix);
      return trie.snapshot(currentSnapshotPrefix(toFarcasterTime(clock.now()) ?? 0));
    },
    metadata: (prefix) => trie.metadata(checkPrefix(prefix)),
    syncIds: (prefix) => trie.syncIds(checkPrefix(prefix)),
    async messages(ids) {
      if (ids.length > MAX_SYNC_IDS_PER_CALL) {
        throw hubFailure(
          'bad_request.validation_failure',
          `Too many sync ids provided: ${ids.length}, at most ${MAX_SYNC_IDS_PER_CALL}`,
        );
      }
      ids.forEach(checkSyncId);
      const wanted = [...new Set(ids.filter(isMessageId).map(hexOf))];
      const found = await storedByMessageId(
        db,
        wanted.map((hex) => Buffer.from(hex, 'hex')),
      );
      return wanted.flatMap((hex) => found.get(hex) ?? []);
    },
    async held(ids) {
      const rows = await inChunks(ids.map(hexOf), (chunk) =>
        db
          .selectFrom('sync_ids')
          .select('id')
          .where(
            'id',
            'in',
            chunk.map((hex) => Buffer.from(hex, 'hex')),
          )
          .execute(),
      );
      const present = new Set(rows.map((row) => hexOf(row.id)));
      return ids.map((id) => present.has(hexOf(id)));
    },
  };
}

const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

function checkPrefix(prefix: Uint8Array): Uint8Array {
  if (prefix.length > MAX_PREFIX_BYTES) {
    throw hubFailure(
      'bad_request.invalid_param',
      `prefix is ${prefix.length} bytes, longer than any sync id`,
    );
  }
  if (!prefix.subarray(0, TIMESTAMP_LENGTH).every(isDigit)) {
    throw hubFailure(
      'bad_request.invalid_param',
      'prefix: a sync id starts with 10 ASCII digits (its timestamp)',
    );
  }
  return prefix;
}

function checkSyncId(id: Uint8Array, index: number): void {
  const problem =
    id.length <= TIMESTAMP_LENGTH || !id.subarray(0, TIMESTAMP_LENGTH).every(isDigit)
      ? 'does not start with a 10-digit timestamp'
      : syncIdKind(id) === 'unknown'
        ? `has no known kind (byte 10 is ${id[TIMESTAMP_LENGTH]})`
        : syncIdKind(id) === 'message' && id.length !== MESSAGE_SYNC_ID_BYTES
          ? `is ${id.length} bytes; a message's is ${MESSAGE_SYNC_ID_BYTES}`
          : id.length > MAX_PREFIX_BYTES
            ? `is ${id.length} bytes, longer than any sync id`
            : undefined;
  if (problem !== undefined) {
    throw hubFailure('bad_request.invalid_param', `syncIds[${index}] ${problem}`);
  }
}

const isMessageId = (id: Uint8Array) => syncIdKind(id) === 'message';

const fidOf = (id: Uint8Array) => Buffer.from(id).readUInt32BE(FID_OFFSET);

/** The stored messages whose SyncId is one of `ids`, by that id in hex: the messages table, then gasless keys. */
async function storedByMessageId(
  db: Kysely<NodeTables>,
  ids: readonly Uint8Array[],
): Promise<Map<string, StoredMessage>> {
  const wanted = new Set(ids.map(hexOf));
  const found = new Map<string, StoredMessage>();
  const keep = (id: Uint8Array | undefined, encoded: Uint8Array) => {
    if (id === undefined) return;
    const hex = hexOf(id);
    if (wanted.has(hex)) found.set(hex, encoded);
  };
  const rows = await inChunks(
    ids.map((id) => hexOf(id.subarray(HASH_OFFSET))),
    (hashes) =>
      db
        .selectFrom('messages')
        .select(['fid', 'type', 'ts_hash', 'encoded'])
        .where(
          'hash',
          'in',
          hashes.map((hash) => Buffer.from(hash, 'hex')),
        )
        .execute(),
  );
  for (const { fid, type, ts_hash, encoded } of rows) {
    keep(
      messageSyncId({ fid, type, timestamp: tsHashTimestamp(ts_hash), hash: tsHashHash(ts_hash) }),
      encoded,
    );
  }
  const unfound = ids.filter((id) => id[POSTFIX_OFFSET] === KEY_POSTFIX && !found.has(hexOf(id)));
  const keys = await inChunks(unfound.map(fidOf), (fids) =>
    db.selectFrom('gasless_keys').select('encoded').where('fid', 'in', fids).execute(),
  );
  for (const { encoded } of keys) {
    const message = Message.decode(encoded);
    const data = MessageData.decode(message.dataBytes ?? new Uint8Array(0));
    keep(messageSyncId({ ...data, hash: message.hash }), encoded);
  }
  return found;
}
