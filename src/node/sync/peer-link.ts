import { status as grpcStatus } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { FarcasterNetwork } from '../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { errorMessage, startPollLoop } from '../../shared/poll-loop.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import type { Sleep } from '../../shared/retry.js';
import { contactOf, incompatibility } from './contact-info.js';
import type { Contact } from './contact-info.js';
import { PeerFault } from './diff-walk.js';
import { connectSyncPeer } from './peer-client.js';
import type { PeerDirectory, PeerRecord } from './peer-directory.js';
import { followPeerEvents } from './peer-events.js';
import type { PeerEvents, PeerEventsStatus } from './peer-events.js';
import type { SyncApi } from './sync-api.js';
import { syncFromPeer } from './sync-from-peer.js';
import type { SyncReport } from './sync-from-peer.js';
import { emptyTally } from './synced-merge.js';
import type { MergeTally } from './synced-merge.js';

/** One peer as `/_status` and GetSyncStatus show it. */
export interface PeerLinkStatus extends PollLoopStatus {
  /** `host:port` of the peer's gRPC API. */
  readonly peer: string;
  readonly source: PeerRecord['source'];
  /** The last call to the peer was answered. */
  connected: boolean;
  /** What the peer said of itself: network, versions, items. */
  contact: Contact | undefined;
  /** Why this node does not sync with it (another network or sync version); undefined when it does. */
  refused: string | undefined;
  /** Whether the roots were equal after the last diff sync; undefined before one finished. */
  inSync: boolean | undefined;
  /** A diff sync is running. */
  running: boolean;
  /** The last diff sync that finished: when, what it fetched and what merging those did. */
  lastSync: (SyncReport & { at: number }) | undefined;
  /** The items of each trie after the last diff sync. */
  items: { ours: number; theirs: number } | undefined;
  /** +1 a good sync, -1 a failed call, -10 a fault or a call timed out (peer-link.ts, SCORE). */
  score: number;
  /** Not synced with until `until`, after a fault. */
  paused: { until: number; reason: string } | undefined;
  /** The peer's event stream; undefined until the peer was first reached. */
  stream: PeerEventsStatus | undefined;
}

/** Reported for every merge of what a peer sent, for the metrics. */
export type MergeReport = (
  peer: string,
  route: 'diff' | 'stream',
  fetched: number,
  tally: MergeTally,
) => void;

export interface PeerLinkOptions {
  record: PeerRecord;
  tls: boolean;
  /** This node's own gRPC address, told to the peer. */
  announce: string | undefined;
  network: FarcasterNetwork;
  sync: SyncApi;
  merge: (messages: readonly ReceivedMessage[]) => Promise<MergeTally>;
  /** Ids of on-chain events and fname proofs the peer holds and this node does not: for its own readers. */
  ownSources: (ids: Uint8Array[]) => void;
  directory: Pick<PeerDirectory, 'save'>;
  /** The peers the peer syncs with, for this node to learn. */
  onContacts: (contacts: Contact[]) => void;
  onMerged: MergeReport;
  /** A learned peer never reached in {@link FORGET_AFTER_FAILURES} tries: the network drops it. */
  onUnreachable: () => void;
  /** Wait between diff syncs. */
  intervalMs: number;
  logger: Logger | undefined;
  sleep: Sleep;
  now: () => number;
}

export interface PeerLink {
  status(): PeerLinkStatus;
  /** Runs a diff sync now, lifting a pause (ForceSync). */
  syncNow(): void;
  stop(): Promise<void>;
}

/** How a peer's score moves; the reference's values (reference/sync.md §3.6). */
export const SCORE = { goodSync: 1, failedCall: -1, fault: -10, min: -100, max: 100 } as const;
/** The reference blocks a peer after a bad sync for this long. */
export const PAUSE_MS = 5 * 60 * 60 * 1000;
/**
 * A learned peer (listed by another, or announced by a caller) that never answered this many tries is
 * dropped, so addresses that lead nowhere cannot hold the places of --max-peers.
 */
export const FORGET_AFTER_FAILURES = 5;
/** Failed tries in a row after which a peer never reached is logged as a warning. */
const UNREACHABLE_WARNING_AFTER = 3;
/** A good sync merged more than this share of what it fetched, or found nothing to fetch. */
const GOOD_SHARE = 0.8;
/**
 * A peer holding less than this share of our items is not walked (the reference's choice of sync peers,
 * reference/sync.md §3.2): it is most likely behind, pulling from us, and walking a trie that moves under
 * its merges costs both sides for nothing. Its new messages still come by its stream, and every
 * {@link WALK_BEHIND_EVERY}th sync walks it anyway, for what only it holds.
 */
const BEHIND_SHARE = 0.95;
export const WALK_BEHIND_EVERY = 10;

const BACKOFF = { initialMs: 1000, maxMs: 60_000 };
/**
 * The position in a peer's event stream is saved at most this often (and at each sync and at stop), not
 * after every batch: a crash replays at most this much of the stream, whose messages the node then holds
 * and drops unvalidated (synced-merge.ts).
 */
const SAVE_POSITION_EVERY_MS = 1000;
const ROOT = new Uint8Array(0);

/**
 * One peer: every `intervalMs`, what the peer says of itself (GetCurrentPeers; refused on another network or
 * sync version), then a diff sync (sync-from-peer.ts) and a comparison of the roots; in between, the peer's
 * event stream (peer-events.ts) carries its new messages. A fault (an answer no honest node gives, invalid
 * messages, an oversized answer) costs score and pauses the peer for {@link PAUSE_MS}; a failed call costs a
 * point and is retried with backoff, and a score at its minimum pauses the peer too.
 */
export function startPeerLink(options: PeerLinkOptions): PeerLink {
  const { record, sync, directory, logger, now, onMerged } = options;
  const { address } = record;
  const log = logger?.child({ peer: address });
  const peer = connectSyncPeer(address, { tls: options.tls, announce: options.announce });
  const status: PeerLinkStatus = {
    peer: address,
    source: record.source,
    state: 'starting',
    consecutiveFailures: 0,
    lastError: undefined,
    connected: false,
    contact: undefined,
    refused: undefined,
    inSync: undefined,
    running: false,
    lastSync: undefined,
    items: undefined,
    score: record.score,
    paused:
      record.pausedUntil === undefined || record.pausedUntil <= now()
        ? undefined
        : { until: record.pausedUntil, reason: record.pauseReason ?? '' },
    stream: undefined,
  };
  let lastEventId = record.lastEventId;
  let savedEventId = lastEventId;
  let positionSavedAt = 0;
  const savePosition = async () => {
    positionSavedAt = now();
    if (lastEventId === savedEventId) return;
    const saving = lastEventId;
    await directory.save(address, { lastEventId: saving });
    savedEventId = saving;
  };
  let stream: PeerEvents | undefined;

  const rescore = (change: number) => {
    status.score = Math.min(SCORE.max, Math.max(SCORE.min, status.score + change));
  };
  const stopStream = () => {
    const stopping = stream?.stop();
    stream = undefined;
    status.stream = undefined;
    return stopping;
  };
  /** Pauses the peer; never awaits its stream, since a fault may be found inside the stream's own merge. */
  const pause = async (reason: string, change: number) => {
    rescore(change);
    status.paused = { until: now() + PAUSE_MS, reason };
    status.inSync = undefined;
    void stopStream();
    log?.warn(
      { score: status.score, until: new Date(status.paused.until).toISOString(), reason },
      'peer paused',
    );
    await directory.save(address, {
      score: status.score,
      pausedUntil: status.paused.until,
      pauseReason: reason,
    });
  };
  const merged = async (route: 'diff' | 'stream', messages: readonly ReceivedMessage[]) => {
    const tally = await options.merge(messages);
    onMerged(address, route, messages.length, tally);
    if (tally.invalid > 0) throw new PeerFault(`sent ${tally.invalid} messages that fail their own checks`);
    return tally;
  };
  const follow = () => {
    if (stream !== undefined) return;
    stream = followPeerEvents({
      address,
      tls: options.tls,
      fromEventId: lastEventId,
      merge: async (messages) => {
        try {
          await merged('stream', messages);
        } catch (error) {
          if (!(error instanceof PeerFault)) throw error;
          await pause(`its event stream: ${error.message}`, SCORE.fault);
        }
      },
      onEventId: async (id) => {
        lastEventId = id;
        if (now() - positionSavedAt >= SAVE_POSITION_EVERY_MS) await savePosition();
      },
      // Events the stream cannot resume from: a diff sync repairs what they carried.
      onGap: () => {
        forced = true;
        loop.wake();
      },
      onFault: (reason) =>
        pause(`its event stream: ${reason}`, SCORE.fault).catch((error: unknown) =>
          log?.warn({ error: errorMessage(error) }, 'could not record the pause of a peer'),
        ),
      logger: log,
      sleep: options.sleep,
      now,
    });
  };

  /** The peer's own contact, or why this node does not sync with it. */
  const introduce = async (): Promise<boolean> => {
    const [itself, ...others] = (await peer.contacts()).map(contactOf);
    status.connected = true;
    everReached = true;
    const refusal =
      itself === undefined
        ? 'it does not describe itself in GetCurrentPeers (not an Agora node)'
        : incompatibility(itself, options.network);
    if (refusal !== undefined) {
      if (status.refused !== refusal) log?.warn({ reason: refusal }, 'peer refused');
      status.refused = refusal;
      await stopStream();
      return false;
    }
    status.refused = undefined;
    status.contact = itself;
    options.onContacts(others.filter((contact) => contact.address !== ''));
    return true;
  };

  /** Compares the roots; true when they are equal. */
  const compareRoots = async (): Promise<boolean> => {
    const [ours, theirs] = await Promise.all([sync.trie.metadata(ROOT), peer.metadata(ROOT)]);
    status.inSync = (ours?.hash ?? '') === (theirs?.hash ?? '');
    status.items = { ours: ours?.items ?? 0, theirs: theirs?.items ?? 0 };
    return status.inSync;
  };

  /** Syncs in a row that skipped a peer far behind; a forced sync (ForceSync, a stream gap) walks anyway. */
  let behindSkips = 0;
  let forced = false;
  /** A diff sync when the roots differ; equal roots are logged at debug only, so idle peers stay quiet. */
  const diffSync = async () => {
    if (await compareRoots()) {
      status.lastSync = { fetched: 0, notFetched: 0, ...emptyTally(), at: now() };
      rescore(SCORE.goodSync);
      log?.debug(status.items, 'diff sync: in sync');
      return;
    }
    const { ours, theirs } = status.items!;
    const behind = theirs < ours * BEHIND_SHARE && !forced;
    forced = false;
    if (behind && ++behindSkips < WALK_BEHIND_EVERY) {
      log?.debug(status.items, 'diff sync: skipped, the peer is behind');
      return;
    }
    behindSkips = 0;
    status.running = true;
    try {
      log?.info(status.items, 'diff sync: start');
      const report = await syncFromPeer(
        sync,
        (messages) => merged('diff', messages),
        peer,
        options.ownSources,
      );
      await compareRoots();
      status.lastSync = { ...report, at: now() };
      const good = report.fetched === 0 || report.merged > report.fetched * GOOD_SHARE;
      // The stream may have paused the peer while this sync ran.
      if (good && status.paused === undefined) rescore(SCORE.goodSync);
      log?.info({ ...report, inSync: status.inSync, score: status.score }, 'diff sync: end');
    } finally {
      status.running = false;
    }
  };

  let everReached = record.lastContact !== undefined;
  const step = async (): Promise<boolean> => {
    if (record.source === 'learned' && !everReached && status.consecutiveFailures >= FORGET_AFTER_FAILURES) {
      options.onUnreachable();
      return false;
    }
    if (status.paused !== undefined && status.paused.until > now()) return false;
    status.paused = undefined;
    try {
      if (!(await introduce())) return false;
      follow();
      await diffSync();
      // A fault on the stream may have paused the peer meanwhile (TypeScript cannot see that).
      const paused = status.paused as PeerLinkStatus['paused'];
      await savePosition();
      await directory.save(address, {
        score: status.score,
        lastContact: now(),
        pausedUntil: paused?.until,
        pauseReason: paused?.reason,
      });
      return false;
    } catch (error) {
      const fault = faultOf(error);
      if (fault !== undefined) {
        await pause(fault, SCORE.fault);
        return false;
      }
      status.connected = false;
      // An answer that never ends may be an overloaded peer: it costs a fault's score, and pauses the peer
      // once its score is at the minimum.
      const timedOut = (error as { code?: unknown }).code === grpcStatus.DEADLINE_EXCEEDED;
      rescore(timedOut ? SCORE.fault : SCORE.failedCall);
      if (status.score <= SCORE.min) {
        await pause('its score fell to the minimum: its calls keep failing or time out', 0);
        return false;
      }
      await directory.save(address, { score: status.score });
      throw error;
    }
  };

  const loop = startPollLoop({
    step,
    status,
    pollIntervalMs: options.intervalMs,
    backoff: BACKOFF,
    sleep: options.sleep,
    now,
    name: `sync with ${address}`,
    onFailure: (error, retryInMs) => {
      // Peers start in any order: a peer never reached is a warning only once it stays unreachable.
      const quiet = !everReached && status.consecutiveFailures < UNREACHABLE_WARNING_AFTER;
      log?.[quiet ? 'info' : 'warn'](
        { error: errorMessage(error), retryInMs },
        'sync with a peer failed; retrying',
      );
    },
  });
  return {
    status: () => ({ ...status, stream: stream?.status() }),
    syncNow() {
      status.paused = undefined;
      forced = true;
      loop.wake();
    },
    async stop() {
      await loop.stop();
      await stopStream();
      await savePosition().catch((error: unknown) =>
        log?.warn({ error: errorMessage(error) }, 'could not save the position in the peer events'),
      );
      peer.close();
    },
  };
}

/** Why an error is the peer's fault (and not its absence), or undefined. */
function faultOf(error: unknown): string | undefined {
  if (error instanceof PeerFault) return error.message;
  const code = (error as { code?: unknown }).code;
  if (code === grpcStatus.RESOURCE_EXHAUSTED) return 'it sent an answer over the size taken';
  return undefined;
}
