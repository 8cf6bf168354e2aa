import type { Kysely } from 'kysely';
import { readMeta, writeMeta } from '../../storage/service-meta.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { hexOf, insertIds, storedSyncIds } from './sync-ids.js';

const SYNC_IDS_KEY = 'sync_ids';

/** Replaces `sync_ids` with the ids the stores hold, in one write transaction. */
export async function rebuildSyncIds(db: Kysely<NodeTables>): Promise<number> {
  return writeTransaction(db, async (trx) => {
    await trx.deleteFrom('sync_ids').execute();
    let count = 0;
    for await (const ids of storedSyncIds(trx)) {
      if (ids.length === 0) continue;
      await insertIds(trx, JSON.stringify(ids.map(hexOf)));
      count += ids.length;
    }
    await writeMeta(trx, SYNC_IDS_KEY, 'built');
    return count;
  });
}

/** Fills `sync_ids` from the stores if it never was (the first start after its migration); says whether. */
export async function ensureSyncIds(db: Kysely<NodeTables>): Promise<boolean> {
  if ((await readMeta(db, SYNC_IDS_KEY)) === 'built') return false;
  await rebuildSyncIds(db);
  return true;
}
