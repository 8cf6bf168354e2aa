import type { Kysely } from 'kysely';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import type { Clock } from '../../shared/clock.js';
import { appendEvents } from '../events/event-log.js';
import { fidsPage } from '../onchain/queries.js';
import type { LimitedStore } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { countStored, countedMessages, countsByStore } from './limits.js';
import type { StoreLimits } from './limits.js';
import { STORED_COLUMNS } from './message-rows.js';
import { storageBalance } from './storage-balance.js';
import type { StoredRow } from './store-spec.js';
import { STORES } from './stores/index.js';
import { deleteRows, removalEvents } from './writes.js';

const FIDS_PER_PAGE = 500;
/** Messages pruned per transaction, so a fid whose storage expired never holds the merge lock for long. */
const PRUNE_CHUNK = 1000;

const PRUNED_STORES = STORES.filter((spec) => spec.pruned).map((spec) => spec.store);

export interface PruneDeps {
  clock: Clock;
  limits: StoreLimits;
}

/**
 * The prune job (node-api.md §5.3): for every fid and store over its limit for the fid's net units (lends
 * included), deletes the oldest messages (adds and removes alike) until the store is at its limit, each
 * with a PRUNE_MESSAGE. Username proofs, link compact states and storage lends are never pruned. A fid whose units expired has a limit of 0 and loses its messages.
 * Returns the events; the node service runs it on an interval.
 */
export async function pruneMessages(db: Kysely<NodeTables>, deps: PruneDeps): Promise<HubEvent[]> {
  const events: HubEvent[] = [];
  let after: number | undefined;
  do {
    const page = await fidsPage(db, { limit: FIDS_PER_PAGE, after });
    for (const fid of page.items) events.push(...(await pruneFid(db, deps, fid)));
    after = page.next;
  } while (after !== undefined);
  return events;
}

async function pruneFid(db: Kysely<NodeTables>, deps: PruneDeps, fid: number): Promise<HubEvent[]> {
  const { clock, limits } = deps;
  const events: HubEvent[] = [];
  for (;;) {
    // Most fids are within their limits (or have no messages): one or two reads, no transaction.
    const counts = await countsByStore(db, fid);
    if (counts.size === 0) return events;
    const units = (await storageBalance(db, fid, clock.now())).net;
    const over = PRUNED_STORES.filter((store) => (counts.get(store) ?? 0) > limits(units, store));
    if (over.length === 0) return events;
    const pruned = await pruneChunk(db, deps, fid, over, (store) => limits(units, store));
    events.push(...pruned);
    if (pruned.length < PRUNE_CHUNK) return events;
  }
}

/** Deletes up to PRUNE_CHUNK of the oldest messages beyond the stores' limits, in one transaction. */
function pruneChunk(
  db: Kysely<NodeTables>,
  { clock }: PruneDeps,
  fid: number,
  stores: readonly LimitedStore[],
  limitOf: (store: LimitedStore) => number,
): Promise<HubEvent[]> {
  return writeTransaction(db, async (trx) => {
    const rows: StoredRow[] = [];
    for (const store of stores) {
      // Counted again under the lock: a merge may have changed the store since.
      const budget = Math.min(
        (await countStored(trx, fid, store)) - limitOf(store),
        PRUNE_CHUNK - rows.length,
      );
      if (budget <= 0) continue;
      rows.push(
        ...(await countedMessages(trx, fid, store)
          .select(STORED_COLUMNS)
          .orderBy('ts_hash')
          .limit(budget)
          .execute()),
      );
    }
    await deleteRows(trx, rows);
    return appendEvents(trx, removalEvents('prune', rows), clock);
  });
}
