import type { ReaderStatus } from '../chain/reader/index.js';
import { loopStatus, type ComponentStatus } from '../shared/status.js';
import type { FnameSyncStatus } from './fnames/index.js';
import type { PeerLinkStatus } from './sync/peer-link.js';
import type { DeferredRetryStatus } from './sync/synced-merge.js';
import type { SyncTrie } from './sync/sync-trie.js';

/** The chain reader on /_status: where it reads and how many blocks it is behind the head it last saw. */
export function chainStatus(status: ReaderStatus): ComponentStatus {
  const behind =
    status.head === undefined || status.nextBlock === undefined
      ? null
      : Math.max(0, status.head + 1 - status.nextBlock);
  return loopStatus(status, true, {
    nextBlock: status.nextBlock ?? null,
    head: status.head ?? null,
    blocksBehind: behind,
    reorgs: status.reorgs,
  });
}

/**
 * The fname sync on /_status: the last registry transfer it handled, the keys it accepts, and why it
 * stopped advancing, if it did (not ready from the first halt, not the third failure).
 */
export function fnameStatus(status: FnameSyncStatus): ComponentStatus {
  const component = loopStatus(status, true, {
    cursor: status.cursor ?? null,
    signer: status.signer ?? null,
    previousSigner: status.previousSigner ?? null,
    halted: status.halted ?? null,
  });
  return { ...component, ready: component.ready && status.halted === undefined };
}

/** Blocks past its confirmations the reader may trail the head it saw before the node says it syncs. */
const SYNCED_WITHIN_BLOCKS = 5;

/**
 * `isSyncing` of `/v1/info` and GetInfo: the chain reader has not caught up once, is failing again and
 * again (not ready on /_status), or trails the confirmed head by more than a few blocks.
 */
export function chainSyncing(status: ReaderStatus, confirmations: number): boolean {
  const component = chainStatus(status);
  const behind = component.blocksBehind as number | null;
  return !component.ready || behind === null || behind > confirmations + SYNCED_WITHIN_BLOCKS;
}

/**
 * The sync trie on /_status: how many items it holds and its root hash ("" while never written); not
 * ready while it cannot be read (the database component says why).
 */
export async function syncTrieStatus(trie: SyncTrie): Promise<ComponentStatus> {
  try {
    const [items, rootHash] = await Promise.all([trie.items(), trie.rootHash()]);
    return { required: false, ready: true, items, rootHash };
  } catch {
    return { required: false, ready: false, items: null, rootHash: null };
  }
}

/**
 * A peer on /_status: reached or not, what it said of itself, whether the roots matched after the last diff
 * sync and what that did, its score, a pause and its event stream. A peer is never required: the node serves
 * what it holds without any.
 */
export function peerStatus(status: PeerLinkStatus): ComponentStatus {
  return loopStatus(status, false, {
    source: status.source,
    connected: status.connected,
    network: status.contact?.network ?? null,
    version:
      status.contact === undefined ? null : `${status.contact.appVersion} (${status.contact.hubVersion})`,
    refused: status.refused ?? null,
    inSync: status.inSync ?? null,
    running: status.running,
    lastSync: status.lastSync ?? null,
    items: status.items ?? null,
    score: status.score,
    paused:
      status.paused === undefined
        ? null
        : { until: new Date(status.paused.until).toISOString(), reason: status.paused.reason },
    stream: status.stream ?? null,
  });
}

/** Messages from peers waiting for this node's chain view, and the last retry of them. */
export function deferredStatus(status: DeferredRetryStatus): ComponentStatus {
  return loopStatus(status, false, { waiting: status.waiting ?? null, lastRetry: status.lastRetry ?? null });
}
