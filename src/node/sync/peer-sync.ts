import type { Logger } from 'pino';
import { startPollLoop } from '../../shared/poll-loop.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import type { Sleep } from '../../shared/retry.js';
import type { Engine } from '../engine/index.js';
import { connectSyncPeer } from './peer-client.js';
import type { SyncApi } from './sync-api.js';
import { syncFromPeer } from './sync-from-peer.js';
import type { SyncReport } from './sync-from-peer.js';

/** One peer's diff sync, as `/_status` shows it. */
export interface PeerSyncStatus extends PollLoopStatus {
  /** `host:port` of the peer's gRPC API. */
  readonly peer: string;
  /** Whether the roots were equal after the last sync; undefined before one finished. */
  inSync: boolean | undefined;
  /** The last sync that finished: when, and what it fetched, merged and refused. */
  lastSync: (SyncReport & { at: number }) | undefined;
  /** A sync is running. */
  running: boolean;
  /** The items of each trie after the last sync. */
  items: { ours: number; theirs: number } | undefined;
}

export interface PeerSync {
  status(): PeerSyncStatus;
  stop(): Promise<void>;
}

export interface PeerSyncOptions {
  address: string;
  tls: boolean;
  sync: SyncApi;
  engine: Pick<Engine, 'mergeSynced'>;
  /** Wait between syncs. */
  intervalMs: number;
  logger: Logger | undefined;
  sleep: Sleep;
  now: () => number;
}

const BACKOFF = { initialMs: 1000, maxMs: 60_000 };
const ROOT = new Uint8Array(0);

/**
 * Pulls from one peer every `intervalMs`: a diff sync (sync-from-peer.ts), then a comparison of the roots.
 * A failed sync (the peer down, a fault in its answers) is retried with backoff and shown on `/_status`.
 */
export function startPeerSync(options: PeerSyncOptions): PeerSync {
  const { address, sync, engine, logger, now } = options;
  const peer = connectSyncPeer(address, { tls: options.tls });
  const status: PeerSyncStatus = {
    peer: address,
    state: 'starting',
    consecutiveFailures: 0,
    lastError: undefined,
    inSync: undefined,
    lastSync: undefined,
    running: false,
    items: undefined,
  };
  const step = async (): Promise<boolean> => {
    status.running = true;
    try {
      logger?.info({ peer: address }, 'diff sync: start');
      const report = await syncFromPeer(sync, engine, peer);
      const [ours, theirs] = await Promise.all([sync.trie.metadata(ROOT), peer.metadata(ROOT)]);
      status.inSync = (ours?.hash ?? '') === (theirs?.hash ?? '');
      status.items = { ours: ours?.items ?? 0, theirs: theirs?.items ?? 0 };
      status.lastSync = { ...report, at: now() };
      logger?.info({ peer: address, ...report, inSync: status.inSync }, 'diff sync: end');
      return false;
    } finally {
      status.running = false;
    }
  };
  const loop = startPollLoop({
    step,
    status,
    pollIntervalMs: options.intervalMs,
    backoff: BACKOFF,
    sleep: options.sleep,
    now,
    name: `diff sync from ${address}`,
    onFailure: (error, retryInMs) =>
      logger?.warn({ peer: address, err: error, retryInMs }, 'diff sync: failed; retrying'),
  });
  return {
    status: () => ({ ...status }),
    async stop() {
      await loop.stop();
      peer.close();
    },
  };
}
