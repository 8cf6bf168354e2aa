/**
 * Per-fid merge rate limit (node-api.md §4, step 10): at most `units × messagesPerUnit` messages per rolling
 * window. In memory, per process, like the reference's: several node processes on one database each allow
 * the full rate, and a restart forgets the window.
 *
 * The window is a ring of `buckets` counters (24 hourly ones by default), so a message stops counting between
 * `windowMs - windowMs/buckets` and `windowMs` after it merged. Fids idle for a whole window are dropped
 * once per bucket, which bounds the memory by the fids active in one window.
 */
export interface RateLimitOptions {
  /** Messages per storage unit per window; the reference's 10 080 is the sum of legacy per-unit limits. */
  messagesPerUnit: number;
  windowMs: number;
  buckets: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  messagesPerUnit: 10_080,
  windowMs: 24 * 60 * 60 * 1000,
  buckets: 24,
};

/**
 * Checking and counting are apart so that only a message that changes the node's state is counted: a
 * duplicate, a losing conflict or any other refusal never is, or anyone replaying a fid's public messages
 * could spend its allowance and silence it.
 */
export interface FidRateLimiter {
  /** Whether `fid` may merge one more message now. */
  allows(fid: number, units: number, nowMs: number): boolean;
  /** Counts one message `fid` merged. */
  consume(fid: number, nowMs: number): void;
}

interface Window {
  /** Counter per ring slot, and the bucket number each slot currently holds. */
  counts: number[];
  bucketOf: number[];
  lastBucket: number;
}

export function createFidRateLimiter(options: RateLimitOptions = DEFAULT_RATE_LIMIT): FidRateLimiter {
  const { messagesPerUnit, windowMs, buckets } = options;
  if (!(windowMs > 0 && Number.isSafeInteger(buckets) && buckets > 0 && messagesPerUnit >= 0)) {
    throw new RangeError('rate limit needs a positive window, bucket count and a per-unit allowance');
  }
  const bucketMs = windowMs / buckets;
  const windows = new Map<number, Window>();
  let sweptBucket = -Infinity;

  const used = (window: Window, bucket: number) =>
    window.counts.reduce(
      (total, count, slot) => total + (isLive(window.bucketOf[slot], bucket) ? count : 0),
      0,
    );
  const isLive = (held: number | undefined, bucket: number) => held !== undefined && held > bucket - buckets;

  const sweep = (bucket: number) => {
    if (bucket === sweptBucket) return;
    sweptBucket = bucket;
    for (const [fid, window] of windows) if (!isLive(window.lastBucket, bucket)) windows.delete(fid);
  };

  /** The fid's window, its slots brought up to `bucket`'s time. */
  const windowOf = (fid: number, bucket: number): Window => {
    sweep(bucket);
    let window = windows.get(fid);
    if (window === undefined) {
      window = {
        counts: new Array<number>(buckets).fill(0),
        bucketOf: new Array<number>(buckets).fill(-Infinity),
        lastBucket: bucket,
      };
      windows.set(fid, window);
    }
    return window;
  };

  return {
    allows(fid, units, nowMs) {
      const bucket = Math.floor(nowMs / bucketMs);
      const window = windows.get(fid);
      return window === undefined || used(window, bucket) < units * messagesPerUnit;
    },
    consume(fid, nowMs) {
      const bucket = Math.floor(nowMs / bucketMs);
      const window = windowOf(fid, bucket);
      const slot = bucket % buckets;
      if (window.bucketOf[slot] !== bucket) {
        window.bucketOf[slot] = bucket;
        window.counts[slot] = 0;
      }
      window.counts[slot] = (window.counts[slot] ?? 0) + 1;
      window.lastBucket = bucket;
    },
  };
}

/** No limit: every message is allowed. */
export const NO_RATE_LIMIT: FidRateLimiter = { allows: () => true, consume: () => undefined };

/**
 * KEY_ADDs a fid may merge per rolling hour by default. Snapchain's mempool admits one per fid per minute
 * (snapchain-messages.md §1), so no fid gets more into the network in an hour; an app adds one key per user.
 */
export const DEFAULT_KEY_ADDS_PER_HOUR = 60;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The per-fid budget of KEY_ADDs (adds and updates of a key): each merge writes a key row and an event, and
 * KEY_ADDs need no storage units, so the merge limit above does not bound them. Only the custody signs a
 * KEY_ADD, so only the fid's own custody can spend its budget, and only merges count (as above). KEY_REMOVEs
 * are never refused by it: a key holder self-revoking must not stop the custody from adding keys, a user
 * must always be able to revoke a key, and removals are bounded by the adds that made the keys. 0 disables it.
 */
export function createKeyAddBudget(perHour: number): FidRateLimiter {
  if (perHour === 0) return NO_RATE_LIMIT;
  return createFidRateLimiter({ messagesPerUnit: perHour, windowMs: HOUR_MS, buckets: 60 });
}
