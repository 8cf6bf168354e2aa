import { backoffDelay } from './retry.js';
import type { BackoffOptions, Sleep } from './retry.js';

/** The fields a poll loop keeps up to date in its owner's status object. */
export interface PollLoopStatus {
  /** `syncing` while steps find more work ready at once, `live` once one found nothing new. */
  state: 'starting' | 'syncing' | 'live' | 'stopped';
  /** Failed iterations in a row; 0 when the last one succeeded. */
  consecutiveFailures: number;
  /** The most recent failure, kept after recovery for diagnosis. */
  lastError: { message: string; at: number } | undefined;
  /** When a step last found nothing new; undefined until the loop has caught up once. */
  caughtUpAt?: number | undefined;
}

export interface PollLoopOptions {
  /** One unit of work; resolves true when more is ready right away. */
  step: () => Promise<boolean>;
  /** The owner's status object: the loop writes its `PollLoopStatus` fields, the owner the rest. */
  status: PollLoopStatus;
  /** Wait between steps once one found nothing new. */
  pollIntervalMs: number;
  /** Waits after failures in a row. */
  backoff: BackoffOptions;
  sleep: Sleep;
  /** Clock for `lastError.at`. */
  now: () => number;
  /** Called once a failure is counted, before the `retryInMs` wait; logs it. */
  onFailure: (error: unknown, retryInMs: number) => void;
  /** Called when a step succeeds after `failures` failed ones in a row; logs the recovery. */
  onRecovered?: (failures: number) => void;
  /** `lastError.message` for a failure. Default: the error's message. */
  describeError?: (error: unknown) => string;
  /** Who is polling, for the error caughtUp() rejects with once stopped: "<name> stopped". */
  name: string;
}

export interface PollLoop {
  /** Finishes the step in flight, then stops; no timers remain. */
  stop(): Promise<void>;
  /** Resolves once a step begun after this call finds nothing new; rejects when the loop stops. */
  caughtUp(): Promise<void>;
  /** Ends the wait between steps now (new work was pushed to the owner); no effect during a step. */
  wake(): void;
}

interface Waiter {
  /** The iteration in flight when caughtUp() was called; only a later one answers it. */
  after: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Runs `step` until stopped: at once while it finds more work, every `pollIntervalMs` once caught up, and
 * after a failure again with capped exponential backoff. A failure once stop() was called is the stop
 * cutting the step short (owners abort their requests), so it ends the loop without being counted.
 */
export function startPollLoop(options: PollLoopOptions): PollLoop {
  const { step, status, pollIntervalMs, backoff, sleep, now, onFailure } = options;
  const describeError = options.describeError ?? errorMessage;
  const stopping = new AbortController();
  let idleWait: AbortController | undefined;
  /** A wake() that came while a step ran: the next wait is skipped, so the push is not lost. */
  let woken = false;
  let iteration = 0;
  const waiters: Waiter[] = [];
  const stoppedError = () => new Error(`${options.name} stopped`);

  const run = async (): Promise<void> => {
    while (!stopping.signal.aborted) {
      const started = ++iteration;
      woken = false;
      try {
        const more = await step();
        if (status.consecutiveFailures > 0) options.onRecovered?.(status.consecutiveFailures);
        status.consecutiveFailures = 0;
        status.state = more ? 'syncing' : 'live';
        if (more) continue;
        status.caughtUpAt = now();
        settle(waiters.filter((waiter) => waiter.after < started));
        // Callers that arrived during this iteration are owed a fresh look.
        if (waiters.length > 0) continue;
        if (woken) {
          woken = false;
          continue;
        }
        idleWait = new AbortController();
        await sleep(pollIntervalMs, idleWait.signal);
      } catch (error) {
        if (stopping.signal.aborted) break;
        status.consecutiveFailures++;
        status.lastError = { message: describeError(error), at: now() };
        const retryInMs = backoffDelay(status.consecutiveFailures, backoff);
        onFailure(error, retryInMs);
        await sleep(retryInMs, stopping.signal);
      }
    }
    status.state = 'stopped';
    for (const waiter of waiters.splice(0)) waiter.reject(stoppedError());
  };

  const settle = (done: Waiter[]): void => {
    for (const waiter of done) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  };

  const running = run();

  return {
    async stop() {
      stopping.abort();
      idleWait?.abort();
      await running;
    },
    wake() {
      woken = true;
      idleWait?.abort();
    },
    caughtUp() {
      if (status.state === 'stopped') return Promise.reject(stoppedError());
      return new Promise<void>((resolve, reject) => {
        waiters.push({ after: iteration, resolve, reject });
        idleWait?.abort();
      });
    },
  };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
