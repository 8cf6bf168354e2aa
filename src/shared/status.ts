import type { PollLoopStatus } from './poll-loop.js';

/**
 * What `GET /_status` reports of one part of a service (a dependency or a background loop), and whether
 * `GET /_ready` waits for it.
 */
export interface ComponentStatus {
  /** `/_ready` fails while a required component is not ready. */
  required: boolean;
  /** A dependency that answers; a loop that has caught up once and is not failing again and again. */
  ready: boolean;
  /** Position, lag, failures and the like, as the component counts them. */
  [detail: string]: unknown;
}

/** A loop that fails this many times in a row counts as down: one blip does not take a service out. */
const FAILURES_UNTIL_DOWN = 3;

/** A poll loop's part of the status, with its own fields (position, lag) beside the loop's. */
export function loopStatus(
  loop: Omit<PollLoopStatus, 'state'> & { state: string },
  required: boolean,
  detail: Record<string, unknown> = {},
): ComponentStatus {
  return {
    required,
    ready: loop.caughtUpAt !== undefined && loop.consecutiveFailures < FAILURES_UNTIL_DOWN,
    state: loop.state,
    caughtUpAt: loop.caughtUpAt ?? null,
    consecutiveFailures: loop.consecutiveFailures,
    lastError:
      loop.lastError === undefined
        ? null
        : { message: redactUrls(loop.lastError.message), at: loop.lastError.at },
    ...detail,
  };
}

/**
 * URLs in an error text reduced to scheme and host: RPC URLs often carry an API key in their path, and
 * database URLs a password.
 */
export function redactUrls(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*):\/\/[^\s'"<>()]+/gi, (url, scheme: string) => {
    try {
      return `${scheme}://${new URL(url).host}`;
    } catch {
      return `${scheme}://…`;
    }
  });
}
