import type { Clock } from '../shared/clock.js';
import type { ClientAddresses } from '../shared/client-address.js';
import { NamesError } from './errors.js';
import { msUntilRoom, slidingCount } from './sliding-window.js';
import {
  countRequest,
  deleteWindowsBefore,
  requestCount,
  uncountRequest,
  type NamesDatabase,
} from './store.js';

/**
 * The rate limits of POST /transfers: per client IP, and per fid whose custody key signed the request.
 * Each allows `limit` requests in any window of `windowSeconds` (sliding-window.ts). The counts are kept in
 * the database, not in memory, so that a limit means the same whatever the number of processes sharing it;
 * a check is two or three small statements, less than the chain read and signature checks it guards.
 */

export interface TransferLimitsOptions {
  database: NamesDatabase;
  clock: Clock;
  /** Requests per client IP and window; 0 turns the limit off. */
  perIp: number;
  /** Who a client is: an address or an IPv6 network, and whether it is the operator (connection options). */
  clients: Pick<ClientAddresses, 'limitKey' | 'isOperator'>;
  /** Requests per signing fid and window; 0 turns the limit off. */
  perFid: number;
  windowSeconds: number;
}

export interface TransferLimits {
  /**
   * Counts a request from `ip` in its client's bucket (an IPv6 address counts with its network); throws
   * RATE_LIMITED past the limit. Loopback callers (the operator's own tools) are not counted unless a proxy
   * is trusted: then `ip` is the client the proxy names, and loopback is the proxy.
   */
  countIp(ip: string): Promise<void>;
  /** Counts a request signed by the custody key of `fid`; throws RATE_LIMITED past the limit. */
  countFid(fid: number): Promise<void>;
}

export function createTransferLimits(options: TransferLimitsOptions): TransferLimits {
  const { clock, windowSeconds } = options;
  const { db } = options.database;
  const windowMs = windowSeconds * 1000;

  async function count(bucket: string, limit: number): Promise<void> {
    if (limit === 0) return;
    const now = clock.now();
    const elapsedMs = now % windowMs;
    const windowStart = now - elapsedMs;
    const current = await countRequest(db, windowStart, bucket);
    // The first request of a bucket's window also clears the windows no bucket needs any more.
    if (current === 1) await deleteWindowsBefore(db, windowStart - windowMs);
    const previous = await requestCount(db, windowStart - windowMs, bucket);
    if (slidingCount({ previous, current }, elapsedMs, windowMs) <= limit) return;
    // Refusals are not counted: a client that waits as long as it is told gets in. (Requests being
    // refused at the same moment may still be in `current`, so under a burst the wait errs long.)
    await uncountRequest(db, windowStart, bucket);
    const waitMs = msUntilRoom({ previous, current: current - 1 }, elapsedMs, windowMs, limit);
    const retryAfter = String(Math.max(1, Math.ceil(waitMs / 1000)));
    throw new NamesError('RATE_LIMITED', {
      detail: `${bucket} is over ${limit} requests per ${windowSeconds} s`,
      headers: {
        'retry-after': retryAfter,
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': retryAfter,
      },
    });
  }

  return {
    countIp: async (ip) => {
      const { clients } = options;
      if (!clients.isOperator(ip)) await count(`ip:${clients.limitKey(ip)}`, options.perIp);
    },
    countFid: (fid) => count(`fid:${fid}`, options.perFid),
  };
}
