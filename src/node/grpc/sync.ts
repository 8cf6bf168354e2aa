import type { NodeApi } from '../api.js';
import { HubFailure, hubFailure } from '../failure.js';
import type { SubmitGuard } from '../submit-guard.js';
import type { TrieNodeSummary } from '../sync/merkle-trie.js';
import type { PeerSyncStatus } from '../sync/peer-sync.js';
import { authorizationOf } from './handler.js';
import type { Caller, UnaryHandlers } from './handler.js';
import { messagesResponse } from './paging.js';

/** A trie node as TrieNodeMetadataResponse: the reference lists a node's children without theirs. */
const nodeResponse = (node: TrieNodeSummary) => ({
  prefix: node.prefix,
  numMessages: node.items,
  hash: node.hash,
  children: [],
});

/** A peer's diff sync as the reference's SyncStatus (its peer id is the peer's gRPC address here). */
const syncStatusOf = (peer: PeerSyncStatus) => ({
  peerId: peer.peer,
  inSync: peer.inSync === undefined ? 'unknown' : String(peer.inSync),
  shouldSync: !peer.running && peer.inSync !== true,
  divergencePrefix: '',
  divergenceSecondsAgo: 0,
  theirMessages: peer.items?.theirs ?? 0,
  ourMessages: peer.items?.ours ?? 0,
  lastBadSync: 0,
  score: 0,
});

/** What the reference answers for a prefix with no node: every field at its default. */
const NO_NODE = { prefix: new Uint8Array(0), numMessages: 0, hash: '', children: [] };

/**
 * The reference hub's diff-sync RPCs (reference/sync.md §2.8) over the node's sync API, which checks
 * prefixes and ids. The status lists the configured peers' diff syncs; GetCurrentPeers lists none yet.
 * StopSync and ForceSync change a node's work, so unlike the reference they take the operator's
 * `--rpc-auth` credentials, and are refused on a node without them.
 */
export function syncHandlers(api: NodeApi, guard: SubmitGuard): UnaryHandlers {
  const status = async (peerId?: string) => ({
    isSyncing: api.isSyncing(),
    syncStatus: api
      .peers()
      .filter((peer) => peerId === undefined || peer.peer === peerId)
      .map(syncStatusOf),
    engineStarted: true,
  });
  const operatorOnly = (method: string, { metadata }: Caller) => {
    if (guard.authenticate === undefined) {
      throw hubFailure('unauthorized', `${method} is for the operator: the node must run with --rpc-auth`);
    }
    const refusal = guard.authenticate(authorizationOf(metadata));
    if (refusal !== undefined) throw new HubFailure(refusal);
  };

  return {
    async GetSyncSnapshotByPrefix({ prefix }) {
      const snapshot = await api.sync.snapshot(prefix);
      return {
        prefix: snapshot.prefix,
        excludedHashes: [...snapshot.excludedHashes],
        numMessages: snapshot.numMessages,
        rootHash: snapshot.rootHash,
      };
    },
    async GetSyncMetadataByPrefix({ prefix }) {
      const node = await api.sync.metadata(prefix);
      if (node === undefined) return NO_NODE;
      return { ...nodeResponse(node), children: node.children.map(nodeResponse) };
    },
    GetAllSyncIdsByPrefix: async ({ prefix }) => ({ syncIds: await api.sync.syncIds(prefix) }),
    /** The stored bytes of each message, as the message reads send them. */
    GetAllMessagesBySyncIds: async ({ syncIds }) =>
      messagesResponse({ items: await api.sync.messages(syncIds) }),

    GetSyncStatus: ({ peerId }) => status(peerId),
    GetCurrentPeers: async () => ({ contacts: [] }),
    async StopSync(_request, caller) {
      operatorOnly('StopSync', caller);
      return status();
    },
    async ForceSync({ peerId }, caller) {
      operatorOnly('ForceSync', caller);
      return status(peerId);
    },
  };
}
