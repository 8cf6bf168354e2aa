import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { MessageType } from '../../protocol/gen/message.js';
import { storeLimit } from '../onchain/storage-units.js';
import type { LimitedStore, StorageUnits } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';
import type { OldestTracker } from './oldest-stored.js';
import { reusableQuery, reusableQueryByShape } from '../../storage/reusable-query.js';
import type { Incoming, Reader } from './store-spec.js';
import { compareBytes } from './ts-hash.js';

/** How many messages a store holds for a fid's units; injectable so tests reach a limit with few messages. */
export type StoreLimits = (units: StorageUnits, store: LimitedStore) => number;

export const defaultStoreLimits: StoreLimits = storeLimit;

/** Compact states stand for links already counted: they take no space and are never pruned. */
const UNCOUNTED_TYPES = [MessageType.LINK_COMPACT_STATE];

export function isCounted(type: MessageType): boolean {
  return !UNCOUNTED_TYPES.includes(type);
}

/** The fid's messages of `store` that count toward its limit (adds and removes alike), oldest first. */
export function countedMessages(db: Kysely<NodeTables>, fid: number, store: number) {
  return db
    .selectFrom('messages')
    .where('fid', '=', fid)
    .where('store', '=', store)
    .where('type', 'not in', UNCOUNTED_TYPES);
}

export async function countStored(db: Kysely<NodeTables>, fid: number, store: number): Promise<number> {
  const { count } = await countedMessages(db, fid, store)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

// `limit 1` is literal: SQLite plans a bound limit again at each run (sqlite-limit.ts), and this runs per merge.
const oldestQuery = reusableQuery((db: Kysely<NodeTables>, fid: number, store: number) =>
  countedMessages(db, fid, store).select('ts_hash').orderBy('ts_hash').limit(sql.lit(1)),
);

export async function oldestStored(
  db: Kysely<NodeTables>,
  fid: number,
  store: number,
): Promise<Uint8Array | undefined> {
  const [row] = await oldestQuery(db, fid, store);
  return row?.ts_hash;
}

/**
 * Pairs per {@link oldestStoredOf} statement. Each number of pairs up to it has a statement of its own,
 * compiled once: more pairs are read in chunks of this many.
 */
const PAIRS_PER_QUERY = 64;

export interface StoreOldest {
  fid: number;
  store: number;
  tsHash: Uint8Array | undefined;
}

/** The oldest counted ts_hash of `pairs` (fid, store) pairs, given as fid, store, fid, store, ... */
const oldestOfPairs = reusableQueryByShape(
  (pairs: number) => String(pairs),
  (pairs: number, db: Kysely<NodeTables>, ...values: number[]) => {
    const rows = Array.from(
      { length: pairs },
      (_, i) => sql`(cast(${values[2 * i]} as bigint), cast(${values[2 * i + 1]} as integer))`,
    );
    // A VALUES list names its columns column1, column2 on both dialects.
    const query = sql<{ fid: number; store: number; ts_hash: Uint8Array | null }>`
      select p.column1 as fid, p.column2 as store, (
        select m.ts_hash from messages m
        where m.fid = p.column1 and m.store = p.column2 and m.type not in (${sql.join(UNCOUNTED_TYPES)})
        order by m.ts_hash limit 1
      ) as ts_hash
      from (values ${sql.join(rows)}) as p`;
    return { compile: () => query.compile(db) };
  },
);

/** {@link oldestStored} of many (fid, store) pairs, one statement per 64: a correlated read per pair. */
export async function oldestStoredOf(
  db: Kysely<NodeTables>,
  pairs: readonly (readonly [fid: number, store: number])[],
): Promise<StoreOldest[]> {
  const found: StoreOldest[] = [];
  for (let start = 0; start < pairs.length; start += PAIRS_PER_QUERY) {
    const chunk = pairs.slice(start, start + PAIRS_PER_QUERY);
    for (const row of await oldestOfPairs(chunk.length, db, ...chunk.flat()))
      found.push({ fid: row.fid, store: row.store, tsHash: row.ts_hash ?? undefined });
  }
  return found;
}

/**
 * A message the prune job would delete at once is refused (node-api.md §5.3): the store is at or over its
 * limit and the message is older than the oldest one kept. Counting is skipped unless the message is the
 * oldest, which is rare.
 */
export async function checkPrunable(
  read: Reader,
  incoming: Incoming,
  limit: number,
  oldest: OldestTracker,
): Promise<HubResult<void>> {
  const { fid, store, type } = incoming.row;
  if (!isCounted(type)) return ok(undefined);
  const oldestTsHash = await oldest.get(read, fid, store);
  if (oldestTsHash === undefined || compareBytes(incoming.tsHash, oldestTsHash) > 0) return ok(undefined);
  return (await countStored(await read({ fid, store }), fid, store)) >= limit
    ? fail('bad_request.prunable', 'message would be pruned')
    : ok(undefined);
}

/** How many counted messages the fid has in each store (stores it has none in are absent). */
export async function countsByStore(db: Kysely<NodeTables>, fid: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('messages')
    .select((eb) => ['store', eb.fn.countAll<number>().as('count')])
    .where('fid', '=', fid)
    .where('type', 'not in', UNCOUNTED_TYPES)
    .groupBy('store')
    .execute();
  return new Map(rows.map((row) => [row.store, Number(row.count)]));
}
