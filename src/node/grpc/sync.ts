import type { NodeApi } from '../api.js';
import { HubFailure, hubFailure } from '../failure.js';
import type { SubmitGuard } from '../submit-guard.js';
import type { TrieNodeSummary } from '../sync/merkle-trie.js';
import { contactBody } from '../sync/contact-info.js';
import { ANNOUNCE_HEADER } from '../sync/peer-client.js';
import { PAUSE_MS } from '../sync/peer-link.js';
import type { PeerLinkStatus } from '../sync/peer-link.js';
import { authorizationOf, metadataValue } from './handler.js';
import type { Caller, UnaryHandlers } from './handler.js';
import { messagesResponse } from './paging.js';

/** A trie node as TrieNodeMetadataResponse: the reference lists a node's children without theirs. */
const nodeResponse = (node: TrieNodeSummary) => ({
  prefix: node.prefix,
  numMessages: node.items,
  hash: node.hash,
  children: [],
});

/**
 * A peer as the reference's SyncStatus (its peer id is the peer's gRPC address here): `blocked` while it is
 * paused after a fault, `lastBadSync` when that pause began.
 */
const syncStatusOf = (peer: PeerLinkStatus) => ({
  peerId: peer.peer,
  inSync: peer.paused !== undefined ? 'blocked' : peer.inSync === undefined ? 'unknown' : String(peer.inSync),
  shouldSync: !peer.running && peer.paused === undefined && peer.inSync !== true,
  divergencePrefix: '',
  divergenceSecondsAgo: 0,
  theirMessages: peer.items?.theirs ?? 0,
  ourMessages: peer.items?.ours ?? 0,
  lastBadSync: peer.paused === undefined ? 0 : peer.paused.until - PAUSE_MS,
  score: peer.score,
});

/** What the reference answers for a prefix with no node: every field at its default. */
const NO_NODE = { prefix: new Uint8Array(0), numMessages: 0, hash: '', children: [] };

/**
 * The reference hub's diff-sync RPCs (reference/sync.md §2.8) over the node's sync API, which checks
 * prefixes and ids. The status lists the peers' syncs; GetCurrentPeers lists this node, then its peers, and
 * learns a caller that announces its own address.
 * StopSync and ForceSync change a node's work, so unlike the reference they take the operator's
 * `--rpc-auth` credentials, and are refused on a node without them.
 */
export function syncHandlers(api: NodeApi, guard: SubmitGuard): UnaryHandlers {
  const status = async (peerId?: string) => ({
    isSyncing: api.isSyncing(),
    syncStatus: api
      .peers()
      .statuses()
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
    async GetCurrentPeers(_request, { metadata }) {
      const announced = metadataValue(metadata, ANNOUNCE_HEADER);
      if (typeof announced === 'string') api.peers().announced(announced);
      return { contacts: (await api.peers().contacts()).map(contactBody) };
    },
    async StopSync(_request, caller) {
      operatorOnly('StopSync', caller);
      return status();
    },
    async ForceSync({ peerId }, caller) {
      operatorOnly('ForceSync', caller);
      const named = peerId === undefined || peerId === '' ? undefined : peerId;
      if (!api.peers().syncNow(named) && named !== undefined) {
        throw hubFailure('not_found', `no peer ${peerId}: ForceSync names one of GetSyncStatus's peerIds`);
      }
      return status(peerId);
    },
  };
}
