import type { Clock } from '../shared/clock.js';
import { SocialError } from './errors.js';
import type { SocialDb } from './store.js';

/**
 * Fixed-window rate limits kept in the database, so every process of the service shares one count per
 * bucket. Each call is one upsert, and deletes the rule's windows that have ended, in every bucket: a
 * bucket nobody calls again does not keep its last window for ever.
 */

export interface RateLimitTables {
  rate_limit_windows: { bucket: string; window_start: number; count: number };
}

export interface RateLimitRule {
  /** Names the rule's buckets (`name:key`); one rule per name, so its windows all have one length. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends. */
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

/** Counts one call against `key`'s bucket of `rule`; throws RATE_LIMITED (429, with headers) past the limit. */
export async function consumeRateLimit(
  db: SocialDb,
  clock: Clock,
  rule: RateLimitRule,
  key: string,
): Promise<RateLimitState> {
  const bucket = `${rule.name}:${key}`;
  const now = clock.now();
  const windowStart = now - (now % rule.windowMs);
  const row = await db
    .insertInto('rate_limit_windows')
    .values({ bucket, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['bucket', 'window_start'])
        .doUpdateSet((eb) => ({ count: eb('rate_limit_windows.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  // The rule's buckets as a key range (';' follows ':'), which the primary key serves on both dialects.
  await db
    .deleteFrom('rate_limit_windows')
    .where('bucket', '>=', `${rule.name}:`)
    .where('bucket', '<', `${rule.name};`)
    .where('window_start', '<', windowStart)
    .execute();
  const state = {
    limit: rule.limit,
    remaining: Math.max(0, rule.limit - row.count),
    resetSeconds: Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
  if (row.count > rule.limit) {
    throw new SocialError('RATE_LIMITED', {
      message: `Farcaster client rate limit exceeded: at most ${rule.limit} calls per ${rule.windowMs / 1000} s`,
      headers: { ...rateLimitHeaders(state), 'retry-after': String(state.resetSeconds) },
    });
  }
  return state;
}
