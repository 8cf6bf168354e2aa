import { decodeMessage } from '../../protocol/message.js';
import { overlapped } from '../../shared/overlapped.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { missingIds, PeerFault } from './diff-walk.js';
import type { OurTrie } from './diff-walk.js';
import type { SyncPeer } from './peer-client.js';
import type { SyncApi } from './sync-api.js';
import { syncIdKind } from './sync-id.js';
import { heldSyncId } from './sync-ids.js';
import { addTally, emptyTally } from './synced-merge.js';
import type { MergeTally } from './synced-merge.js';
import { hexOf } from './trie-nodes.js';

/** What one diff sync from a peer did: what it fetched, and what merging those did (synced-merge.ts). */
export type SyncReport = {
  /** Messages the peer sent, each one asked for. */
  fetched: number;
  /** Ids of on-chain events and fname proofs: this node reads those from its own chain and registry. */
  notFetched: number;
} & MergeTally;

/**
 * Pulls from `peer` every message it holds that this node does not (diff-walk.ts), and hands them to `merge`
 * (synced-merge.ts: the node's own checks, with what its chain view lacks yet deferred). The ids of
 * on-chain events and fname proofs it lacks go to `ownSources`, to read from this node's own chain and
 * registry: never taken from a peer. Throws a {@link PeerFault} when the peer lists ids outside a prefix or
 * sends a message not asked for (nothing of that answer is merged; a merge already running settles first).
 */
export async function syncFromPeer(
  sync: SyncApi,
  merge: (messages: readonly ReceivedMessage[]) => Promise<MergeTally>,
  peer: SyncPeer,
  ownSources: (ids: Uint8Array[]) => void = () => undefined,
): Promise<SyncReport> {
  const report: SyncReport = { fetched: 0, notFetched: 0, ...emptyTally() };
  const ours: OurTrie = {
    metadata: (prefix) => sync.trie.metadata(prefix),
    held: (ids) => sync.held(ids),
  };
  // Two listings in flight: the walk and the fetch of one overlap the merge of the one before, and two
  // merges overlap each other's validation and write as the engine's own callers do.
  await overlapped(missingIds(ours, peer), 2, async (missing) => {
    const wanted = missing.filter((id) => syncIdKind(id) === 'message');
    const others = missing.filter((id) => syncIdKind(id) !== 'message');
    report.notFetched += others.length;
    if (others.length > 0) ownSources(others);
    if (wanted.length === 0) return;
    const received = askedFor(wanted, await peer.messages(wanted));
    report.fetched += received.length;
    addTally(report, await merge(received));
  });
  return report;
}

/** The messages sent, each decoded and one of those asked for, at most once. */
function askedFor(ids: readonly Uint8Array[], sent: readonly Uint8Array[]): ReceivedMessage[] {
  const open = new Set(ids.map(hexOf));
  return sent.map((bytes) => {
    const decoded = decodeMessage(bytes);
    if (!decoded.ok) throw new PeerFault(`sent a message that does not decode: ${decoded.error.message}`);
    const { data, message } = decoded.value;
    const id = heldSyncId({ kind: 'message', op: 'add', ...data, hash: message.hash });
    const hex = id === undefined ? undefined : hexOf(id);
    if (hex === undefined || !open.delete(hex)) {
      throw new PeerFault(`sent message ${hexOf(message.hash)}, which was not asked for (or sent twice)`);
    }
    return decoded.value;
  });
}
