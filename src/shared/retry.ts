import { setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`, or less when `signal` aborts; never rejects. Injected so tests run without real time. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export const realSleep: Sleep = async (ms, signal) => {
  try {
    await delay(ms, undefined, { signal });
  } catch (error) {
    if (!signal.aborted) throw error;
  }
};

export interface BackoffOptions {
  /** Wait after the first failure. */
  initialMs: number;
  /** Cap: a poll loop keeps retrying at this interval for as long as the failure lasts. */
  maxMs: number;
}

/** Exponential backoff: initialMs, 2x, 4x, ... capped at maxMs, for the `failures`-th failure in a row. */
export function backoffDelay(failures: number, options: BackoffOptions): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(options.maxMs, options.initialMs * 2 ** exponent);
}
