import { rebuildSyncTrie } from '../../node/sync/rebuild-sync-trie.js';
import { createSyncTrie } from '../../node/sync/sync-trie.js';
import { verifySyncTrie, type SyncTrieVerdict } from '../../node/sync/verify-sync-trie.js';
import type { NodeTables } from '../../node/store/schema.js';
import type { SyncTrieConfig } from '../../shared/config/commands.js';
import { createAnswerCache } from '../../shared/http/answer-cache.js';
import { openServiceDatabase } from '../../storage/index.js';
import type { CliIo } from '../io.js';

const ACTIONS = ['verify', 'rebuild'] as const;

/** verify's exit code per verdict (the command's summary lists them). */
const VERIFY_EXIT_CODES: Record<SyncTrieVerdict, number> = { same: 0, 'counts differ': 3, 'roots differ': 4 };

const shownRoot = (hash: string) => (hash === '' ? '(none)' : hash);

/**
 * `agora sync-trie <verify|rebuild>` on a node's database, running or not: verify compares the stored sync
 * trie with the one its stores hold; rebuild replaces it with that one, in one write transaction.
 */
export async function runSyncTrie(
  config: SyncTrieConfig,
  io: CliIo,
  args: readonly string[],
): Promise<number> {
  const [action] = args;
  if (args.length !== 1 || !ACTIONS.some((known) => known === action)) {
    const problem = args.length === 0 ? 'missing action' : `unknown action "${args.join(' ')}"`;
    io.err(
      `agora sync-trie: ${problem}; the actions are ${ACTIONS.join(' and ')} (see agora sync-trie --help)`,
    );
    return 2;
  }
  const { database } = await openServiceDatabase<NodeTables>('node', config);
  try {
    if (action === 'rebuild') {
      const items = await rebuildSyncTrie(database.db);
      const rootHash = await createSyncTrie(database.db, createAnswerCache(0)).rootHash();
      io.out(`rebuilt the sync trie from the stores: ${items} items, root ${shownRoot(rootHash)}`);
      return 0;
    }
    const { stored, fromStores, verdict } = await verifySyncTrie(database.db);
    io.out(
      `stored:      ${stored.items} items (${stored.ids} in sync_ids), root ${shownRoot(stored.rootHash)}`,
    );
    io.out(`from stores: ${fromStores.items} items, root ${shownRoot(fromStores.rootHash)}`);
    io.out(
      verdict === 'same' ? 'same' : `${verdict}: agora sync-trie rebuild replaces it with the stores' trie`,
    );
    return VERIFY_EXIT_CODES[verdict];
  } finally {
    await database.close();
  }
}
