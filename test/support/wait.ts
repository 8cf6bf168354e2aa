import { AssertionError } from 'node:assert';

/** What a probe answers while its condition does not hold yet. */
type NotYet = undefined | false;

/** Names what is awaited in the timeout's message; a function is asked at the timeout, to tell the state then. */
type What = string | (() => string);

/**
 * Polls start this close together, so a condition met in this process is seen at once, and back off to
 * the longest pause, so a service probed over the network is not hammered.
 */
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 100;

/**
 * The one way a test waits: for a condition, never for a stretch of time. The condition is either a
 * promise, which must settle, or a probe, asked again and again until it answers something other than
 * undefined or false, which is what waitFor returns. A probe whose assertion fails is asked again too,
 * its last failure the cause of the timeout; any other error it throws ends the wait at once. Fails
 * naming `what` once `timeoutMs` have passed: the timeout only bounds a hang, so it is generous.
 */
export function waitFor<T>(what: What, condition: Promise<T>, timeoutMs?: number): Promise<T>;
export function waitFor<T>(
  what: What,
  probe: () => T | NotYet | Promise<T | NotYet>,
  timeoutMs?: number,
): Promise<Exclude<T, NotYet>>;
export async function waitFor(
  what: What,
  condition: Promise<unknown> | (() => unknown),
  timeoutMs = 20_000,
): Promise<unknown> {
  const polling: Polling = { stopped: false, failure: undefined };
  const met = typeof condition === 'function' ? poll(condition, polling) : condition;
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const { failure } = polling;
      const why = failure === undefined ? '' : `; the probe last failed: ${failure.message}`;
      const named = typeof what === 'string' ? what : what();
      const cause = failure === undefined ? undefined : { cause: failure };
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${named}${why}`, cause));
    }, timeoutMs);
  });
  try {
    return await Promise.race([met, expired]);
  } finally {
    clearTimeout(timer);
    polling.stopped = true;
  }
}

interface Polling {
  stopped: boolean;
  /** The last probe's failed assertion; cleared by a probe that answers. */
  failure: AssertionError | undefined;
}

async function poll(probe: () => unknown, polling: Polling): Promise<unknown> {
  for (let pauseMs = FIRST_PAUSE_MS; !polling.stopped; pauseMs = Math.min(2 * pauseMs, LONGEST_PAUSE_MS)) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
      polling.failure = undefined;
    } catch (error) {
      if (!(error instanceof AssertionError)) throw error;
      polling.failure = error;
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return undefined;
}
