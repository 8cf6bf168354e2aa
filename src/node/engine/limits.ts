import type { Kysely } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { MessageType } from '../../protocol/gen/message.js';
import { storeLimit } from '../onchain/storage-units.js';
import type { LimitedStore, StorageUnits } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';
import type { Incoming } from './store-spec.js';
import { compareBytes } from './ts-hash.js';

/** How many messages a store holds for a fid's units; injectable so tests reach a limit with few messages. */
export type StoreLimits = (units: StorageUnits, store: LimitedStore) => number;

export const defaultStoreLimits: StoreLimits = storeLimit;

/** Compact states stand for links already counted: they take no space and are never pruned. */
const UNCOUNTED_TYPES = [MessageType.LINK_COMPACT_STATE];

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

export async function oldestStored(
  db: Kysely<NodeTables>,
  fid: number,
  store: number,
): Promise<Uint8Array | undefined> {
  const row = await countedMessages(db, fid, store)
    .select('ts_hash')
    .orderBy('ts_hash')
    .limit(1)
    .executeTakeFirst();
  return row?.ts_hash;
}

/**
 * A message the prune job would delete at once is refused (node-api.md §5.3): the store is at or over its
 * limit and the message is older than the oldest one kept. Counting is skipped unless the message is the
 * oldest, which is rare.
 */
export async function checkPrunable(
  db: Kysely<NodeTables>,
  incoming: Incoming,
  limit: number,
): Promise<HubResult<void>> {
  const { fid, store, type } = incoming.row;
  if (UNCOUNTED_TYPES.includes(type)) return ok(undefined);
  const oldest = await oldestStored(db, fid, store);
  if (oldest === undefined || compareBytes(incoming.tsHash, oldest) > 0) return ok(undefined);
  return (await countStored(db, fid, store)) >= limit
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
