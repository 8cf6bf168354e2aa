import type { SocialConfig } from '../shared/config/index.js';
import type { SocialContext } from './context.js';
import type { SocialErrorCode } from './errors.js';
import { consumeRateLimits, type RateLimitRule, type RateLimitState } from './rate-limit.js';

/**
 * Every limit of the social API: the option that sets its count (src/shared/config/
 * social-limits.ts), its window, and what it counts. All go through one sliding-window counter.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The options that hold a count. */
type CountOption = {
  [K in keyof SocialConfig]-?: SocialConfig[K] extends number ? K : never;
}[keyof SocialConfig];

interface LimitDefinition {
  option: CountOption;
  windowMs: number;
  what: string;
  code?: SocialErrorCode;
}

const LIMITS = {
  channelCreations: { option: 'channelCreationsPerDay', windowMs: DAY_MS, what: 'channel creations per fid' },
  channelEdits: { option: 'channelEditsPerHour', windowMs: HOUR_MS, what: 'channel edits per fid' },
  channelFollows: {
    option: 'channelFollowsPerHour',
    windowMs: HOUR_MS,
    what: 'channel follows and unfollows per fid',
  },
  blocks: { option: 'blocksPerHour', windowMs: HOUR_MS, what: 'blocks and unblocks per fid' },
  invites: {
    option: 'invitesPerHour',
    windowMs: HOUR_MS,
    what: 'invite and removal calls per caller and channel',
  },
  moderation: { option: 'moderationActionsPerHour', windowMs: HOUR_MS, what: 'moderation actions per fid' },
  pins: { option: 'pinsPerHour', windowMs: HOUR_MS, what: 'pins and unpins per fid' },
  signedKeyRequests: {
    option: 'signedKeyRequestsPerHour',
    windowMs: HOUR_MS,
    what: 'signed key requests per app fid',
  },
  appRelays: {
    option: 'relaysPerAppPerDay',
    windowMs: DAY_MS,
    what: 'relayed approvals per app fid',
    code: 'APP_RELAY_QUOTA',
  },
  userRelays: {
    option: 'relaysPerUserPerDay',
    windowMs: DAY_MS,
    what: 'relayed approvals per user fid',
    code: 'USER_RELAY_QUOTA',
  },
  relays: {
    option: 'relaysPerHour',
    windowMs: HOUR_MS,
    what: 'relayed approvals',
    code: 'RELAY_BUDGET_SPENT',
  },
} as const satisfies Record<string, LimitDefinition>;

export type LimitName = keyof typeof LIMITS;

function ruleOf(config: SocialConfig, name: LimitName): RateLimitRule {
  const { option, ...rule }: LimitDefinition = LIMITS[name];
  return { name, limit: config[option], ...rule };
}

/**
 * Counts one call against each named limit in the bucket of its key (a fid, usually), all or none; the
 * first limit it would pass is thrown as a 429 with `retry-after` and `x-ratelimit-*` headers.
 */
export function countCalls(
  context: SocialContext,
  calls: readonly [LimitName, string | number][],
): Promise<RateLimitState[]> {
  const uses = calls.map(([name, key]) => ({ rule: ruleOf(context.config, name), key: String(key) }));
  return consumeRateLimits(context.database.db, context.clock, uses);
}

/** Counts one call of `key` against the named limit; see countCalls. */
export async function countCall(
  context: SocialContext,
  name: LimitName,
  key: string | number,
): Promise<RateLimitState> {
  const [state] = await countCalls(context, [[name, key]]);
  return state as RateLimitState;
}
