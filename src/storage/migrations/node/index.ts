import type { MigrationSet } from '../../migration.js';
import { createServiceMeta } from '../shared/service-meta.js';
import { createEventLog } from './event-log.js';
import { createFnameProofs } from './fname-proofs.js';
import { createGaslessKeys } from './gasless-keys.js';
import { messageTextAsBytes } from './message-text-as-bytes.js';
import { createMessages } from './messages.js';
import { createOnChainState } from './onchain-state.js';
import { createPendingRevocations } from './pending-revocations.js';
import { createReadVersions } from './read-versions.js';
import { createSyncIds } from './sync-ids.js';
import { createSyncPeers } from './sync-peers.js';
import { createSyncTrie } from './sync-trie.js';

/**
 * The node service's schema history, oldest first. Append only; never edit an applied migration.
 * The tables' columns are described in src/node/store/schema.ts.
 */
export const nodeMigrations: MigrationSet = {
  '0001_service_meta': createServiceMeta,
  '0002_onchain_state': createOnChainState,
  '0003_messages': createMessages,
  '0004_event_log': createEventLog,
  '0005_fname_proofs': createFnameProofs,
  '0006_message_text_as_bytes': messageTextAsBytes,
  '0007_pending_revocations': createPendingRevocations,
  '0008_gasless_keys': createGaslessKeys,
  '0009_read_versions': createReadVersions,
  '0010_sync_ids': createSyncIds,
  '0011_sync_trie': createSyncTrie,
  '0012_sync_peers': createSyncPeers,
};
