import type { Logger } from 'pino';
import { eventIdTimestampMs } from '../../protocol/time.js';
import { unixSeconds, type Clock } from '../../shared/clock.js';
import type { GetJson } from '../../shared/fetch/json-client.js';
import { startPollLoop, type PollLoop, type PollLoopStatus } from '../../shared/poll-loop.js';
import { loopStatus, type ComponentStatus } from '../../shared/status.js';
import { realSleep } from '../../shared/retry.js';
import type { NodeClient } from '../node-client.js';
import type { SocialDb } from '../store.js';
import { applyChanges } from './apply.js';
import { backfillPage, startBackfill, type BackfillDeps } from './backfill.js';
import { changesOf, hubEventChanges, type MalformedHubJson } from './hub-json.js';
import { followLiveEvents, type LiveEvents } from './live-events.js';
import { NODE_EVENTS_PAGE_SIZE, oldestEventId, readEvents } from './node-reads.js';
import { advanceState, readState, type IndexerState } from './state.js';

/**
 * The node indexer (docs/social/indexer.md): catches up with the node's `/v1/events` pages, then follows
 * its live event stream (`/v1/events/stream`), each batch applied in one transaction with the cursor, and
 * rebuilds from the node's reads (backfill.ts) when there is no cursor or events after it may have been
 * deleted. Node and database failures are logged and retried with capped exponential backoff; the loop
 * only ends on `close()`.
 */

export interface IndexerOptions {
  /**
   * Wait between steps once caught up (500 ms): a step then takes what the live stream brought, or reads a
   * page when the stream is down. Events arriving on the stream end the wait at once.
   */
  pollIntervalMs?: number;
  /** First wait after a failure (1 s); it doubles with each failure in a row... */
  retryBaseMs?: number;
  /** ...up to this (30 s). */
  retryMaxMs?: number;
}

export interface IndexerDeps {
  db: SocialDb;
  node: NodeClient;
  clock: Clock;
  logger: Logger | false;
}

export interface IndexerStatus {
  running: boolean;
  /** What this process is doing: starting, backfilling, following, stopped. */
  phase: 'starting' | 'backfilling' | 'following' | 'stopped';
  /** Next event id to read (following), or the id the backfill will follow from. */
  cursor: number | null;
  /** While backfilling: the last fid rebuilt. */
  backfillAfterFid: number | null;
  /** Whether the last poll reached the end of the node's log, and none has failed since. */
  caughtUp: boolean;
  /** When a poll last reached the end of the node's log; null until one has. */
  caughtUpAt: number | null;
  /**
   * How old the node state the index reflects is, in ms: since the last poll that reached the end of the
   * log, or while catching up the age of the last event applied. Null before anything was read.
   */
  lagMs: number | null;
  lastEventId: number | null;
  /** Failures in a row; 0 once a step succeeds again. */
  failures: number;
  lastError: { message: string; at: number } | null;
  /** Events or listed items the node sent that the indexer could not read; they were left out. */
  skipped: number;
}

export interface Indexer {
  start(): void;
  /** Stops the loop: the in-flight node read is abandoned, an in-flight transaction finishes. */
  close(): Promise<void>;
  status(): IndexerStatus;
}

type Backfilling = Extract<IndexerState, { phase: 'backfilling' }>;
type Following = Extract<IndexerState, { phase: 'following' }>;

const DEFAULTS = { pollIntervalMs: 500, retryBaseMs: 1000, retryMaxMs: 30_000 };
/** Live events held while the database catches up; the node keeps the rest. */
const LIVE_BUFFER = 1000;
/** The node sends a keep-alive every 15 s: three missed ones mean the connection is gone. */
const LIVE_IDLE_TIMEOUT_MS = 45_000;

export function createIndexer(deps: IndexerDeps, options: IndexerOptions = {}): Indexer {
  const { db, clock } = deps;
  const settings = { ...DEFAULTS, ...options };
  const stop = new AbortController();
  const getJson = untilAborted(deps.node.getJson, stop.signal);
  const log = deps.logger === false ? undefined : deps.logger.child({ component: 'indexer' });
  let loop: PollLoop | undefined;
  let live: LiveEvents | undefined;

  const progress = {
    phase: 'starting' as IndexerStatus['phase'],
    state: { phase: 'new' } as IndexerState,
    caughtUpAt: undefined as number | undefined,
    lastEventId: undefined as number | undefined,
    skipped: 0,
  };
  /** The loop's own fields; status() shows them as `failures` and `lastError`. */
  const polling: PollLoopStatus = { state: 'starting', consecutiveFailures: 0, lastError: undefined };

  const skip = (error: MalformedHubJson, item: unknown) => {
    progress.skipped += 1;
    log?.warn({ err: error, item }, 'indexer: skipped hub JSON it cannot read');
  };
  const backfillDeps: BackfillDeps = {
    db,
    getJson,
    nowSeconds: () => unixSeconds(clock),
    stopped: () => stop.signal.aborted,
    skip,
  };

  /** Applies events read from the state's cursor, in one transaction with `next`; false when another process moved on. */
  async function apply(state: Following, events: unknown[], next: number): Promise<boolean> {
    const changes = changesOf(events, hubEventChanges, skip);
    const following: IndexerState = { phase: 'following', cursor: next };
    if (!(await advanceState(db, state, following, (trx) => applyChanges(trx, changes)))) return false;
    progress.state = following;
    progress.lastEventId = next - 1;
    return true;
  }

  /** Follows the node's live stream from `cursor`; what arrives wakes the loop. */
  function goLive(cursor: number): void {
    live = followLiveEvents(deps.node, cursor, () => loop?.wake(), {
      maxBuffered: LIVE_BUFFER,
      idleTimeoutMs: LIVE_IDLE_TIMEOUT_MS,
    });
  }

  /** Applies what the live stream brought, or else one page from the cursor; true when more may follow at once. */
  async function follow(state: Following): Promise<boolean> {
    if (live !== undefined && live.ended === undefined && live.cursor === state.cursor) {
      const events = live.take(NODE_EVENTS_PAGE_SIZE);
      if (events.length > 0 && !(await apply(state, events, live.cursor))) return true;
      const more = live.buffered > 0;
      progress.caughtUpAt = more ? undefined : clock.now();
      return more;
    }
    // No stream yet, or it ended, or the cursor moved under it (another process): catch up by pages.
    if (live !== undefined) {
      log?.debug({ reason: live.ended?.message, cursor: state.cursor }, 'indexer: live stream replaced');
      live.close();
      live = undefined;
    }
    const page = await readEvents(getJson, state.cursor);
    if (page.events.length > 0 && !(await apply(state, page.events, page.next))) return true;
    progress.caughtUpAt = page.full ? undefined : clock.now();
    if (!page.full) goLive(page.next);
    return page.full;
  }

  /**
   * Whether events after `cursor` may be gone: the oldest the node keeps is past it. Ids have gaps, so this
   * can be a false alarm (costing a backfill), never a miss. Undefined with an empty log: nothing to tell
   * yet, so the check is repeated until an event appears.
   */
  async function mayHaveMissed(cursor: number): Promise<boolean | undefined> {
    const oldest = await oldestEventId(getJson);
    return oldest === undefined ? undefined : oldest > cursor;
  }

  /** Starts a backfill; true: its first page may follow at once. */
  async function begin(state: IndexerState, why: string): Promise<boolean> {
    progress.phase = 'backfilling';
    log?.info({ state }, `indexer: backfilling (${why})`);
    progress.state = (await startBackfill(backfillDeps, state)) ?? state;
    return true;
  }

  /** Rebuilds one page; true: the next page, or following, may start at once. */
  async function backfill(state: Backfilling, check: { retention: boolean }): Promise<boolean> {
    progress.phase = 'backfilling';
    const next = await backfillPage(backfillDeps, state);
    if (next?.phase === 'following') {
      // A fresh rebuild: its resume id was noted before it read anything, so nothing before it is missing.
      check.retention = false;
      log?.info({ cursor: next.cursor }, 'indexer: backfill done, following');
    }
    progress.state = next ?? state;
    return true;
  }

  /** One step of the loop; true when more may follow at once. */
  async function advance(check: { retention: boolean }): Promise<boolean> {
    const state = await readState(db);
    progress.state = state;
    if (state.phase === 'backfilling') return backfill(state, check);
    if (state.phase === 'new') return begin(state, 'no cursor yet');
    if (check.retention) {
      const missed = await mayHaveMissed(state.cursor);
      if (missed === true) return begin(state, 'events after the cursor may be gone from the node');
      if (missed === false) check.retention = false;
    }
    progress.phase = 'following';
    return follow(state);
  }

  function run(): PollLoop {
    const check = { retention: true };
    return startPollLoop({
      step: () => advance(check),
      status: polling,
      pollIntervalMs: settings.pollIntervalMs,
      backoff: { initialMs: settings.retryBaseMs, maxMs: settings.retryMaxMs },
      sleep: realSleep,
      now: () => unixSeconds(clock),
      name: 'indexer',
      onFailure(error, retryInMs) {
        // After an outage the node may have deleted events we have not read.
        check.retention = true;
        log?.warn({ err: error, failures: polling.consecutiveFailures, retryInMs }, 'indexer: step failed');
      },
      onRecovered: (failures) => log?.info({ failures }, 'indexer: recovered'),
    });
  }

  return {
    start() {
      loop ??= run();
    },
    async close() {
      // Abandons the node read in flight; the loop does not count the failure that follows.
      stop.abort(new Error('the indexer is stopping'));
      live?.close();
      await loop?.stop();
      progress.phase = 'stopped';
    },
    status() {
      const { state } = progress;
      const lastEventId = progress.lastEventId ?? null;
      const lagFrom =
        progress.caughtUpAt ?? (lastEventId === null ? undefined : eventIdTimestampMs(lastEventId));
      return {
        running: loop !== undefined && !stop.signal.aborted,
        phase: progress.phase,
        cursor:
          state.phase === 'following'
            ? state.cursor
            : state.phase === 'backfilling'
              ? state.resumeEventId
              : null,
        backfillAfterFid: state.phase === 'backfilling' ? state.afterFid : null,
        // A node that stopped answering means the index may be behind, whatever it was before.
        caughtUp: progress.caughtUpAt !== undefined && polling.consecutiveFailures === 0,
        caughtUpAt: progress.caughtUpAt ?? null,
        lagMs: lagFrom === undefined ? null : Math.max(0, clock.now() - lagFrom),
        lastEventId,
        failures: polling.consecutiveFailures,
        lastError: polling.lastError ?? null,
        skipped: progress.skipped,
      };
    },
  };
}

/**
 * Node reads that give up as soon as `signal` aborts, whether or not the client can cancel them. Each read
 * adds its own abort listener and removes it when it settles: racing every read against one shared,
 * never-settling promise would leave a reaction on that promise per read, keeping every page ever read
 * alive until close (found by bench/soak.ts).
 */
function untilAborted(getJson: GetJson, signal: AbortSignal): GetJson {
  return (path, query) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason as Error);
      const onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      getJson(path, query)
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
}

/** The indexer on /_status (required: until it has caught up once, the social reads show an old view). */
export function indexerStatus(status: IndexerStatus): ComponentStatus {
  const { failures, lastError, caughtUpAt, ...detail } = status;
  const polling = {
    state: status.phase,
    consecutiveFailures: failures,
    lastError: lastError ?? undefined,
    caughtUpAt: caughtUpAt ?? undefined,
  };
  return loopStatus(polling, true, detail);
}
