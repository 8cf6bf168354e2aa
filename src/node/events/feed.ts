import { setImmediate } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { hubError } from '../../protocol/errors.js';
import { HubEventType } from '../../protocol/gen/hub_event.js';
import { HubFailure } from '../failure.js';
import type { Notices } from '../../storage/index.js';
import type { NodeTables } from '../store/schema.js';
import { observeChanges } from '../store/write-transaction.js';
import { EVENTS_PAGE_SIZE, lastEventId, loggedEvents } from './event-log.js';
import type { LoggedEvent } from './event-log.js';
import { scanEvents } from './log-scan.js';

/** The types a stream carries, as the reference hub streams them live; MERGE_FAILURE never is. */
export const STREAMED_EVENT_TYPES: ReadonlySet<HubEventType> = new Set([
  HubEventType.MERGE_MESSAGE,
  HubEventType.PRUNE_MESSAGE,
  HubEventType.REVOKE_MESSAGE,
  HubEventType.MERGE_USERNAME_PROOF,
  HubEventType.MERGE_ON_CHAIN_EVENT,
]);

/** What a stream's client is told when the node stops under it. */
export const SHUTTING_DOWN = hubError('unavailable', 'the node is shutting down');

/**
 * How often the tail looks at the log on its own while someone follows. Commits wake it at once (this
 * process's directly, other processes' on PostgreSQL by notice), so this only bounds how late an event
 * whose notice was lost (another process on SQLite, a dropped listening connection) is seen.
 */
const DEFAULT_POLL_INTERVAL_MS = 1000;
/**
 * Least time between two reads of the tail: under a stream of commits it reads at most this often, each
 * read taking all that committed meanwhile, while a lone commit still reaches followers at once.
 */
const MIN_READ_GAP_MS = 10;
/** The notice channel of the event log: every process's commits wake every process's tail. */
const NOTICE_CHANNEL = 'events';
/** Recent events kept for followers near the head: a few seconds of a heavy burst, some MB at most. */
const DEFAULT_WINDOW_SIZE = 4096;
/** The tail reads this many per query, and again at once when the page came back full. */
const TAIL_PAGE_SIZE = 500;

export interface EventFeedOptions {
  db: Kysely<NodeTables>;
  /** The database's notices: the feed sends one for each commit of this process and wakes at others'. */
  notices?: Notices | undefined;
  pollIntervalMs?: number | undefined;
  windowSize?: number | undefined;
  /** The first failed tail read of a run of failures (the tail retries every interval). */
  onError?: ((error: unknown) => void) | undefined;
}

export interface FollowOptions {
  /** The first id wanted (inclusive): backfill from the log, then live. Absent: events from now on. */
  fromId?: number | undefined;
  /** Empty or absent: STREAMED_EVENT_TYPES; otherwise those of them listed. */
  types?: ReadonlySet<HubEventType> | undefined;
  /** Ends the iteration (quietly) at once. */
  signal: AbortSignal;
  /** Called once the start is fixed (the log's end read, when `fromId` is absent), before any event. */
  onStart?: (() => void) | undefined;
}

export interface FeedStats {
  /** Iterations running. */
  followers: number;
  /** Events in the shared window. */
  window: number;
}

export interface EventFeed {
  /**
   * The log's events from `fromId` on, ids strictly increasing, with no gap or repeat where the backfill
   * meets the live tail. Reads ahead only when asked for the next event, so a stalled consumer holds at
   * most one page. Each event comes with its stored bytes, which streams send as they are. Throws
   * `SHUTTING_DOWN` when the feed closes under it.
   */
  follow(options: FollowOptions): AsyncIterable<LoggedEvent>;
  stats(): FeedStats;
  /** Stops the tail and ends every follower; safe to call more than once. */
  close(): Promise<void>;
}

/** Index of the first event with id >= `id` in `events` (sorted by id). */
function firstAtOrAfter(events: readonly LoggedEvent[], id: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((events[middle] as LoggedEvent).id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A timer wait that an abort or `cut` (when given a way to end it early) cuts short. */
function pause(ms: number, signal: AbortSignal, cut?: (end: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    cut?.(done);
  });
}

/**
 * The node's event log as live streams, one per process. The log is the source (not this process's
 * merges), so on PostgreSQL a follower here sees events merged by any process: ids are handed out in
 * commit order (decision 0004), so reading `id >= next` never skips one that commits later.
 *
 * One tail loop reads new events into a bounded window shared by every follower, and runs only while
 * someone follows. It reads when a commit wakes it, and every `pollIntervalMs` in case a notice was lost.
 * Each follower keeps its own cursor: at or past the window's start it takes from the window, behind it (a
 * backfill, or a consumer slower than the window) it reads pages from the log itself, of its wanted types
 * only and a bounded span of the log each (log-scan.ts).
 */
export function createEventFeed(options: EventFeedOptions): EventFeed {
  const { db, notices } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const windowSize = options.windowSize ?? DEFAULT_WINDOW_SIZE;
  const stopTail = new AbortController();

  // The window holds every log event with coveredFrom <= id < tailNext, once the tail is ready.
  let window: LoggedEvent[] = [];
  let coveredFrom = 0;
  let tailNext = 0;
  let ready = false;
  let followers = 0;
  let tail: Promise<void> | undefined;
  let closed = false;
  let failing = false;
  const waiters = new Set<() => void>();
  // Set by each commit, cleared as a read begins: a commit during a read makes the tail read again.
  let committed = false;
  let endTailWait: (() => void) | undefined;
  const wakeTail = () => {
    committed = true;
    endTailWait?.();
  };
  const stopObserving = observeChanges(db, {
    committed: () => {
      wakeTail();
      notices?.notify(NOTICE_CHANNEL);
    },
  });
  let stopListening: (() => void) | undefined;

  const announce = () => {
    for (const wake of waiters) wake();
    waiters.clear();
  };
  /** Resolves at the tail's next change (or the follower's abort). */
  const changed = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted || closed) {
        resolve();
        return;
      }
      const wake = () => {
        waiters.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      waiters.add(wake);
      signal.addEventListener('abort', wake, { once: true });
    });

  const append = (events: LoggedEvent[]) => {
    window.push(...events);
    const excess = window.length - windowSize;
    if (excess > 0) {
      coveredFrom = (window[excess - 1] as LoggedEvent).id + 1;
      window.splice(0, excess);
    }
  };

  /** Until a commit or the poll interval, then at least MIN_READ_GAP_MS after the last read began. */
  const nextLook = async (lastReadAt: number) => {
    if (!committed) {
      await pause(pollIntervalMs, stopTail.signal, (end) => (endTailWait = end));
      endTailWait = undefined;
    }
    const gap = lastReadAt + MIN_READ_GAP_MS - performance.now();
    if (gap > 0) await pause(gap, stopTail.signal);
  };

  const runTail = async () => {
    stopListening ??= notices?.listen(NOTICE_CHANNEL, wakeTail);
    try {
      // Checked synchronously after each wait, so a follower that joins is never left without a tail.
      while (followers > 0 && !closed) {
        const readAt = performance.now();
        committed = false;
        try {
          if (!ready) {
            // Events committed from here on get larger ids (commit order), so the window starts complete.
            tailNext = ((await lastEventId(db)) ?? -1) + 1;
            coveredFrom = tailNext;
            window = [];
            ready = true;
            announce();
          }
          const page = await loggedEvents(db, tailNext, TAIL_PAGE_SIZE);
          failing = false;
          if (page.events.length > 0) {
            append(page.events);
            tailNext = page.nextPageEventId;
            announce();
          }
          if (page.events.length === TAIL_PAGE_SIZE) continue;
        } catch (error) {
          if (!failing) options.onError?.(error);
          failing = true;
          // A failing read is retried at the poll interval, not at each commit.
          committed = false;
        }
        await nextLook(readAt);
      }
    } finally {
      ready = false;
      window = [];
      tail = undefined;
      announce();
    }
  };

  async function* follow({ fromId, types, signal, onStart }: FollowOptions): AsyncGenerator<LoggedEvent> {
    const wanted =
      types === undefined || types.size === 0
        ? STREAMED_EVENT_TYPES
        : new Set([...types].filter((type) => STREAMED_EVENT_TYPES.has(type)));
    if (closed) throw new HubFailure(SHUTTING_DOWN);
    followers += 1;
    tail ??= runTail();
    try {
      let cursor = fromId ?? ((await lastEventId(db)) ?? -1) + 1;
      onStart?.();
      while (!signal.aborted) {
        if (closed) throw new HubFailure(SHUTTING_DOWN);
        if (ready && cursor >= coveredFrom) {
          const start = firstAtOrAfter(window, cursor);
          const batch = window.slice(start, start + EVENTS_PAGE_SIZE);
          if (batch.length === 0) {
            await changed(signal);
            continue;
          }
          for (const event of batch) {
            if (signal.aborted) return;
            cursor = event.id + 1;
            if (wanted.has(event.type)) yield event;
          }
          continue;
        }
        // Captured before the read: every event below it committed before the read began.
        const floor = ready ? coveredFrom : undefined;
        const page = await scanEvents(db, cursor, wanted);
        for (const event of page.events) {
          if (signal.aborted) return;
          yield event;
        }
        cursor = page.nextId;
        if (page.atEnd) {
          // The read saw the whole log from the cursor on, so nothing lies between it and the window.
          if (floor !== undefined) cursor = Math.max(cursor, floor);
          else if (!ready) await changed(signal);
        } else {
          // A backfill whose filter matches little sends nothing for many pages, and on SQLite a read
          // never leaves the event loop: other requests and this stream's abort get a turn between pages.
          await setImmediate();
        }
      }
    } finally {
      followers -= 1;
    }
  }

  return {
    follow: (followOptions) => follow(followOptions),
    stats: () => ({ followers, window: window.length }),
    async close() {
      closed = true;
      stopObserving();
      stopListening?.();
      stopTail.abort();
      announce();
      await tail;
    },
  };
}
