import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { Message, MessageData } from '../../protocol/gen/message.js';
import { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { jsonList } from '../../storage/json-list.js';
import { reusableQuery } from '../../storage/reusable-query.js';
import { tsHashHash, tsHashTimestamp } from '../engine/ts-hash.js';
import type { StoreChange } from '../store/changes.js';
import type { NodeTables } from '../store/schema.js';
import { fnameSyncId, messageSyncId, onChainSyncId, syncIdOf } from './sync-id.js';
import { hexOf, moveTrieNodes } from './trie-nodes.js';

/**
 * The SyncIds of what the node holds, in `sync_ids`: every write transaction moves them with what it
 * changed (a built-in observer of store/write-transaction.ts), so after a crash at any point they are
 * exactly what the stores hold; rebuild-sync-trie.ts fills them from the stores. The sync trie is computed
 * from them.
 */

/** The id of an item the trie holds, or undefined: not in the reference trie, or outside its ranges. */
export const heldSyncId = (change: StoreChange): Uint8Array | undefined => safely(() => syncIdOf(change));

/** A time before the Farcaster epoch or a number past 32 bits has no SyncId (the reference hub throws). */
function safely(build: () => Uint8Array | undefined): Uint8Array | undefined {
  try {
    return build();
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Inserts the ids, given as a JSON array of hex strings; one already there stays. Returns those added. */
export const insertIds = reusableQuery((db: Kysely<NodeTables>, ids: string) =>
  db
    .insertInto('sync_ids')
    .columns(['id'])
    // `where true`: SQLite reads an upsert's `on conflict` after a bare select as a join's.
    .expression(sql`select value from (${jsonList(db, ids, 'bytes')}) as ids where true`)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id'),
);

const deleteIds = reusableQuery((db: Kysely<NodeTables>, ids: string) =>
  db
    .deleteFrom('sync_ids')
    .where('id', 'in', sql<Uint8Array>`(${jsonList(db, ids, 'bytes')})`)
    .returning('id'),
);

/**
 * Moves `sync_ids` by a transaction's changes (each id ends as its last change left it), and the stored
 * trie nodes by the ids that really came and went.
 */
export async function moveSyncIds(trx: Kysely<NodeTables>, changes: readonly StoreChange[]): Promise<void> {
  const held = new Map<string, boolean>();
  for (const change of changes) {
    const id = heldSyncId(change);
    if (id !== undefined) held.set(hexOf(id), change.op === 'add');
  }
  const removed = [...held].flatMap(([id, present]) => (present ? [] : [id]));
  const added = [...held].flatMap(([id, present]) => (present ? [id] : []));
  const gone = removed.length > 0 ? await deleteIds(trx, JSON.stringify(removed)) : [];
  const came = added.length > 0 ? await insertIds(trx, JSON.stringify(added)) : [];
  await moveTrieNodes(
    trx,
    came.map((row) => row.id),
    gone.map((row) => row.id),
  );
}

/** Every row of a table, a page at a time, each page read after the last key of the one before. */
async function* keysetPages<Row, Key>(
  first: Key,
  page: (after: Key) => Promise<Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
): AsyncGenerator<Row[]> {
  for (let after = first; ;) {
    const rows = await page(after);
    yield rows;
    const last = rows.at(-1);
    if (last === undefined || rows.length < size) return;
    after = keyOf(last);
  }
}

/** The ids of each page's items; an item without one is left out. */
async function* idsOf<Row>(
  pages: AsyncGenerator<Row[]>,
  idOf: (row: Row) => Uint8Array | undefined,
): AsyncGenerator<Uint8Array[]> {
  for await (const rows of pages) {
    yield rows.flatMap((row) => {
      const id = safely(() => idOf(row));
      return id === undefined ? [] : [id];
    });
  }
}

/** A stored message's id, from its bytes (data as its signed bytes). */
function storedMessageId(encoded: Uint8Array): Uint8Array | undefined {
  const message = Message.decode(encoded);
  const data = message.dataBytes && MessageData.decode(message.dataBytes);
  return data && messageSyncId({ ...data, hash: message.hash });
}

/** The SyncIds the stores hold, computed from the stores themselves, `page` rows of each table at a time. */
export async function* storedSyncIds(db: Kysely<NodeTables>, page = 1000): AsyncGenerator<Uint8Array[]> {
  const none = new Uint8Array(0) as Uint8Array;
  yield* idsOf(
    keysetPages(
      none,
      (after) =>
        db
          .selectFrom('messages')
          .select(['hash', 'fid', 'type', 'ts_hash'])
          .where('hash', '>', after)
          .orderBy('hash')
          .limit(page)
          .execute(),
      (row) => row.hash,
      page,
    ),
    ({ fid, type, ts_hash }) =>
      messageSyncId({ fid, type, timestamp: tsHashTimestamp(ts_hash), hash: tsHashHash(ts_hash) }),
  );
  yield* idsOf(
    keysetPages(
      none,
      (after) =>
        db
          .selectFrom('gasless_keys')
          .select(['key', 'encoded'])
          .where('key', '>', after)
          .orderBy('key')
          .limit(page)
          .execute(),
      (row) => row.key,
      page,
    ),
    (row) => storedMessageId(row.encoded),
  );
  yield* idsOf(
    keysetPages(
      { fid: -1, block_number: 0, log_index: 0 },
      ({ fid, block_number: block, log_index: log }) =>
        db
          .selectFrom('onchain_events')
          .select(['fid', 'block_number', 'log_index', 'encoded'])
          .where(sql<boolean>`(fid, block_number, log_index) > (${fid}, ${block}, ${log})`)
          .orderBy('fid')
          .orderBy('block_number')
          .orderBy('log_index')
          .limit(page)
          .execute(),
      (row) => row,
      page,
    ),
    (row) => onChainSyncId(OnChainEvent.decode(row.encoded)),
  );
  yield* idsOf(
    keysetPages(
      '',
      (after) =>
        db
          .selectFrom('fname_proofs')
          .select(['name', 'fid', 'timestamp'])
          .where('name', '>', after)
          .orderBy('name')
          .limit(page)
          .execute(),
      (row) => row.name,
      page,
    ),
    (proof) => (proof.fid === 0 ? undefined : fnameSyncId(proof)),
  );
}
