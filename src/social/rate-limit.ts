import type { Clock } from '../shared/clock.js';
import { SOCIAL_ERRORS, SocialError, type SocialErrorCode } from './errors.js';
import type { SocialDb } from './store.js';

/**
 * Sliding-window rate limits kept in the database, so every process of the service shares one count per
 * bucket. A bucket's row logs the times of the calls it admitted within the last window (a sliding-window
 * log): a limit of N admits at most N calls in any span one window long, where clock-aligned windows let 2N
 * through around a boundary. A refused call is not logged, so a row holds at most N times, and a row whose
 * calls have all left the window is deleted.
 */

export interface RateLimitTables {
  rate_limit_windows: {
    bucket: string;
    /** JSON array of the admitted calls' times (ms), oldest first, all within the last window. */
    calls: string;
    /** When the newest call leaves the window, and the row holds nothing any more. */
    expires_at: number;
  };
}

export interface RateLimitRule {
  /** Names the rule's buckets (`name:key`). */
  name: string;
  limit: number;
  windowMs: number;
  /** What the rule counts, for its refusal: "channel creations per fid". */
  what: string;
  /** The refusal's code: RATE_LIMITED unless the rule is a quota with a code of its own. */
  code?: SocialErrorCode;
}

/** One call counted against `rule` in the bucket of `key`. */
export interface RateLimitUse {
  rule: RateLimitRule;
  key: string;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted call leaves the window, which frees one call. */
  resetSeconds: number;
}

/** The headers clients read (reference §1): `x-ratelimit-*`, plus `retry-after` on a 429. */
export function rateLimitHeaders(state: RateLimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-reset': String(state.resetSeconds),
  };
}

/**
 * Counts one call against each use, all or none: the first use past its limit (in the order given) is
 * thrown and nothing is counted. Each bucket's row stays locked until the commit, so concurrent calls, in
 * this process or another, are counted one after another and never both see the last free call.
 */
export async function consumeRateLimits(
  db: SocialDb,
  clock: Clock,
  uses: readonly RateLimitUse[],
): Promise<RateLimitState[]> {
  const now = clock.now();
  const states = await db.transaction().execute(async (trx) => {
    const logs = new Map<string, number[]>();
    // Every caller locks buckets in one order, so two transactions never each hold what the other waits for.
    for (const bucket of [...new Set(uses.map(bucketOf))].sort()) {
      logs.set(bucket, await lockedLog(trx, bucket, now));
    }
    const counted = uses.map(({ rule, key }) => {
      const bucket = bucketOf({ rule, key });
      const calls = (logs.get(bucket) ?? []).filter((at) => at > now - rule.windowMs);
      if (calls.length >= rule.limit) throw refusal(rule, stateOf(rule, calls, now));
      calls.push(now);
      return { bucket, calls, rule };
    });
    for (const { bucket, calls, rule } of counted) {
      await trx
        .updateTable('rate_limit_windows')
        .set({ calls: JSON.stringify(calls), expires_at: now + rule.windowMs })
        .where('bucket', '=', bucket)
        .execute();
    }
    return counted.map(({ calls, rule }) => stateOf(rule, calls, now));
  });
  // Outside the transaction: a sweep that waits on a locked row must not hold rows of its own meanwhile.
  await db.deleteFrom('rate_limit_windows').where('expires_at', '<=', now).execute();
  return states;
}

function bucketOf(use: RateLimitUse): string {
  return `${use.rule.name}:${use.key}`;
}

/**
 * The bucket's logged calls, its row locked until the commit: an upsert that changes nothing takes the
 * row's lock on PostgreSQL (the write lock on SQLite) and returns the row as the last writer left it.
 */
async function lockedLog(trx: SocialDb, bucket: string, now: number): Promise<number[]> {
  const row = await trx
    .insertInto('rate_limit_windows')
    .values({ bucket, calls: '[]', expires_at: now })
    .onConflict((conflict) =>
      conflict.column('bucket').doUpdateSet((eb) => ({ calls: eb.ref('rate_limit_windows.calls') })),
    )
    .returning('calls')
    .executeTakeFirstOrThrow();
  return JSON.parse(row.calls) as number[];
}

function stateOf(rule: RateLimitRule, calls: readonly number[], now: number): RateLimitState {
  // The call whose leaving lets one more in: the oldest, unless the limit was lowered below the log since.
  const freeing = calls[Math.max(0, calls.length - rule.limit)] ?? now;
  return {
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - calls.length),
    resetSeconds: Math.ceil((freeing + rule.windowMs - now) / 1000),
  };
}

const HOUR_MS = 3_600_000;

function spanOf(windowMs: number): string {
  if (windowMs === HOUR_MS) return 'hour';
  return windowMs % HOUR_MS === 0 ? `${windowMs / HOUR_MS} hours` : `${windowMs / 1000} s`;
}

/** A call over a rule's limit; names the rule so `/metrics` can count refusals by rule. */
export class RateLimitRefusal extends SocialError {
  constructor(
    readonly rule: string,
    code: SocialErrorCode,
    options: { message: string; headers: Record<string, string> },
  ) {
    super(code, options);
  }
}

function refusal(rule: RateLimitRule, state: RateLimitState): RateLimitRefusal {
  const code = rule.code ?? 'RATE_LIMITED';
  return new RateLimitRefusal(rule.name, code, {
    message: `${SOCIAL_ERRORS[code].message}: at most ${rule.limit} ${rule.what} per ${spanOf(rule.windowMs)}`,
    headers: { ...rateLimitHeaders(state), 'retry-after': String(state.resetSeconds) },
  });
}
