/**
 * The write limits the load keeps to, so that a refusal is always a finding: the social API's per-fid
 * sliding windows (docs/social.md "Limits") and the node's per-fid message rate, at the defaults both
 * deployments run. A call is made only when the server will admit it, and each bucket's allowance is spread
 * over the run (or the window, if shorter), so the mix stays the same from start to end instead of
 * spending a limit in the first minutes and thinning out after.
 */
import { COMMANDS, configOf } from '../../../src/shared/config/index.js';
import { DEFAULT_KEY_ADDS_PER_HOUR, DEFAULT_RATE_LIMIT } from '../../../src/node/engine/rate-limit.js';

export interface Limit {
  limit: number;
  windowMs: number;
  /** Whether the allowance is spread over the run (default); false for a limit another one paces. */
  paced?: boolean;
}

const HOUR_MS = 3_600_000;
const social = configOf(COMMANDS.social.options, {});

export const LIMITS = {
  channelCreations: { limit: social.channelCreationsPerDay, windowMs: 24 * HOUR_MS },
  channelFollows: { limit: social.channelFollowsPerHour, windowMs: HOUR_MS },
  blocks: { limit: social.blocksPerHour, windowMs: HOUR_MS },
  /** Per fid and channel; spent whole, then the owner moves to a new channel (paced by channelCreations). */
  invites: { limit: social.invitesPerHour, windowMs: HOUR_MS, paced: false },
  /** Messages merged per fid (one storage unit each), per node process. */
  messages: { limit: DEFAULT_RATE_LIMIT.messagesPerUnit, windowMs: DEFAULT_RATE_LIMIT.windowMs },
  /** KEY_ADDs merged per fid (`--key-adds-per-hour`), per node process. */
  keyAdds: { limit: DEFAULT_KEY_ADDS_PER_HOUR, windowMs: HOUR_MS },
} satisfies Record<string, Limit>;

/** Call when the answer is in: the call then counts from that moment, which is never before the server's. */
export type Ticket = () => void;

export class Budgets {
  /** Per bucket, when each call was answered (Infinity while in flight). */
  private readonly calls = new Map<string, { at: number }[]>();
  private readonly started: number;

  constructor(
    /** How long the load runs. */
    private readonly runMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  /**
   * A call counted in each of `buckets` (e.g. `[LIMITS.blocks, 'blocks:12']`), if the server will admit it
   * and each bucket's pace allows it, with room left for `reserve - 1` more calls of that bucket (a cycle's
   * later steps); undefined, and nothing counted, otherwise.
   */
  take(...buckets: [limit: Limit, bucket: string, reserve?: number][]): Ticket | undefined {
    const now = this.now();
    const lists = buckets.map(([limit, bucket, reserve = 1]) => {
      const calls = this.live(limit, bucket, now);
      const spreadMs = Math.min(limit.windowMs, this.runMs);
      const paced = Math.floor((limit.limit * (now - this.started)) / Math.max(1, spreadMs));
      const early = limit.paced !== false && calls.length > paced;
      return calls.length + reserve > limit.limit || early ? undefined : calls;
    });
    if (lists.some((calls) => calls === undefined)) return undefined;
    const tickets = lists.map((calls) => this.count(calls as { at: number }[]));
    return () => tickets.forEach((ticket) => ticket());
  }

  /** A call that must be made (setup): counted, never refused. */
  force(limit: Limit, bucket: string): Ticket {
    return this.count(this.live(limit, bucket, this.now()));
  }

  private live(limit: Limit, bucket: string, now: number): { at: number }[] {
    const calls = (this.calls.get(bucket) ?? []).filter((call) => call.at > now - limit.windowMs);
    this.calls.set(bucket, calls);
    return calls;
  }

  private count(calls: { at: number }[]): Ticket {
    const call = { at: Infinity };
    calls.push(call);
    return () => void (call.at = this.now());
  }
}
