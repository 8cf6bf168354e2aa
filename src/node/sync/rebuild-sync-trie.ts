import type { Kysely } from 'kysely';
import { readMeta, writeMeta } from '../../storage/service-meta.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { buildStoredNodes } from './build-trie.js';
import { insertIds, storedSyncIds } from './sync-ids.js';
import { hexOf } from './trie-nodes.js';
import type { StoredNode } from './trie-nodes.js';

const SYNC_TRIE_KEY = 'sync_trie';
/** Ids read, and nodes written, per statement. */
const PAGE = 1000;

/** Every id in `sync_ids`, in byte order, a page at a time. */
async function* syncIdsInOrder(db: Kysely<NodeTables>): AsyncGenerator<Uint8Array[]> {
  for (let after: Uint8Array = new Uint8Array(0); ;) {
    const rows = await db
      .selectFrom('sync_ids')
      .select('id')
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE)
      .execute();
    yield rows.map((row) => row.id);
    if (rows.length < PAGE) return;
    after = rows.at(-1)!.id;
  }
}

async function insertNodes(trx: Kysely<NodeTables>, nodes: readonly StoredNode[]): Promise<void> {
  for (let start = 0; start < nodes.length; start += PAGE) {
    await trx
      .insertInto('sync_trie_nodes')
      .values(nodes.slice(start, start + PAGE).map(({ prefix, items, hash }) => ({ prefix, items, hash })))
      .execute();
  }
}

/**
 * Replaces the sync trie with the one the stores hold, in one write transaction: `sync_ids` from the
 * stores, then the stored nodes from `sync_ids`. Returns the ids it holds.
 */
export async function rebuildSyncTrie(db: Kysely<NodeTables>): Promise<number> {
  return writeTransaction(db, async (trx) => {
    await trx.deleteFrom('sync_ids').execute();
    await trx.deleteFrom('sync_trie_nodes').execute();
    for await (const ids of storedSyncIds(trx)) {
      if (ids.length > 0) await insertIds(trx, JSON.stringify(ids.map(hexOf)));
    }
    const root = await buildStoredNodes(syncIdsInOrder(trx), (nodes) => insertNodes(trx, nodes));
    await writeMeta(trx, SYNC_TRIE_KEY, 'built');
    return root?.items ?? 0;
  });
}

/**
 * Builds the sync trie from the stores if it never was (the first start after its migration, on a node
 * that held items); says whether. An ordinary start reads nothing more.
 */
export async function ensureSyncTrie(db: Kysely<NodeTables>): Promise<boolean> {
  if ((await readMeta(db, SYNC_TRIE_KEY)) === 'built') return false;
  await rebuildSyncTrie(db);
  return true;
}
