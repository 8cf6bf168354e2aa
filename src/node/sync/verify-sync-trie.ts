import type { Kysely } from 'kysely';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { buildStoredNodes } from './build-trie.js';
import { EMPTY_HASH } from './merkle-trie.js';
import { storedSyncIds } from './sync-ids.js';
import { inHashedSnapshot } from './sync-trie.js';
import { hashStaleNodes, hexOf } from './trie-nodes.js';
import type { StoredNode } from './trie-nodes.js';

export type SyncTrieVerdict = 'same' | 'counts differ' | 'roots differ';

export interface TrieSummary {
  readonly items: number;
  /** Lowercase hex; "" when there is no root (a trie never written, or no ids in the stores). */
  readonly rootHash: string;
}

export interface SyncTrieCheck {
  /** The trie the node serves: its root's count and hash, and how many ids `sync_ids` holds. */
  readonly stored: TrieSummary & { readonly ids: number };
  /** The trie of the ids the stores hold, built in memory. */
  readonly fromStores: TrieSummary;
  /**
   * `counts differ` when the root's count or the ids in `sync_ids` are not as many as the stores' ids;
   * `roots differ` when they are, but the root hashes differ.
   */
  readonly verdict: SyncTrieVerdict;
}

/** Ids handed to the builder at a time. */
const PAGE = 1000;
/** Snapshots tried before giving up on one with the trie hashed (what a try finds stale is hashed first). */
const ATTEMPTS = 10;

/**
 * Compares the stored sync trie with the one the stores hold, both read in one snapshot of the database,
 * so a node writing meanwhile cannot make them differ. Reads only, but for hashing what writes left stale
 * (which the node would do at its next read), under the node's write lock.
 */
export async function verifySyncTrie(db: Kysely<NodeTables>): Promise<SyncTrieCheck> {
  const { stored, fromStores } = await inSnapshotOnceHashed(db, async (trx, root) => ({
    stored: {
      items: root?.items ?? 0,
      rootHash: root === undefined ? '' : hexOf(root.hash!),
      ids: await countSyncIds(trx),
    },
    fromStores: await trieOfStores(trx),
  }));
  const emptied = fromStores.items === 0 && stored.items === 0 && stored.rootHash === EMPTY_HASH;
  const verdict: SyncTrieVerdict =
    stored.items !== fromStores.items || stored.ids !== fromStores.items
      ? 'counts differ'
      : stored.rootHash === fromStores.rootHash || emptied
        ? 'same'
        : 'roots differ';
  return { stored, fromStores, verdict };
}

/**
 * Runs `read` in a read-only snapshot in which the root, and so every stored node, is hashed. A write
 * committed between hashing and the snapshot's first read leaves it stale: then it hashes and tries again.
 */
async function inSnapshotOnceHashed<T>(
  db: Kysely<NodeTables>,
  read: (trx: Kysely<NodeTables>, root: StoredNode | undefined) => Promise<T>,
): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const done = await inHashedSnapshot(db, read);
    if (done !== undefined) return done.value;
    await writeTransaction(db, hashStaleNodes);
  }
  throw new Error(`the node wrote between hashing the sync trie and reading it ${ATTEMPTS} times: try again`);
}

async function countSyncIds(trx: Kysely<NodeTables>): Promise<number> {
  const { ids } = await trx
    .selectFrom('sync_ids')
    .select((eb) => eb.fn.countAll().as('ids'))
    .executeTakeFirstOrThrow();
  return Number(ids);
}

/** The stores' ids as lowercase hex, whose order is the ids' byte order, in far less memory than bytes. */
async function trieOfStores(trx: Kysely<NodeTables>): Promise<TrieSummary> {
  const ids: string[] = [];
  for await (const page of storedSyncIds(trx)) for (const id of page) ids.push(hexOf(id));
  ids.sort();
  const root = await buildStoredNodes(pagesOf(ids), async () => {});
  return root === undefined ? { items: 0, rootHash: '' } : { items: root.items, rootHash: hexOf(root.hash!) };
}

function* pagesOf(hexIds: readonly string[]): Generator<Uint8Array[]> {
  for (let start = 0; start < hexIds.length; start += PAGE) {
    yield hexIds.slice(start, start + PAGE).map((hex) => new Uint8Array(Buffer.from(hex, 'hex')));
  }
}
