import type { Clock } from '../../shared/clock.js';
import { SocialError } from '../errors.js';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { keysetPage } from '../keyset.js';
import { primaryAddresses } from './primary-addresses.js';
import type { RewardsKind, RewardsWinnersTable } from './tables.js';

/**
 * Weekly creator and developer rewards (spec §2.13). The operator publishes each finished period with
 * its winners; readers page through a period's winners in rank order. A winner's walletAddress is their
 * primary ethereum address at publish time, so history does not change when they change addresses.
 */

export const WEEK_MS = 7 * 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;
/**
 * Where periods end when the operator gives no bounds, as an offset into the UNIX week (which starts on
 * a Thursday): Tuesday 16:00 UTC for creators, as in the reference's sample period, and Wednesday 16:00
 * UTC for developers, an hour before each list's documented refresh time.
 */
const PERIOD_END_OFFSET_MS: Record<RewardsKind, number> = {
  creator: 5 * 24 * HOUR_MS + 16 * HOUR_MS,
  developer: 6 * 24 * HOUR_MS + 16 * HOUR_MS,
};
/** Rows per insert statement: well under both dialects' bound-parameter limits. */
const INSERT_CHUNK = 500;

export interface Winner {
  fid: number;
  score: number;
  rank: number;
  rewardCents: number;
  /** Developer winners only. */
  domain?: string;
  frameName?: string;
}

export interface ServedWinner extends Winner {
  walletAddress?: string;
}

export interface RewardsPeriod {
  periodStartTimestamp: number;
  periodEndTimestamp: number;
}

export interface PublishInput {
  kind: RewardsKind;
  /** Both or neither; when absent, the week that ended last (see PERIOD_END_OFFSET_MS). */
  periodStartTimestamp?: number;
  periodEndTimestamp?: number;
  winners: Winner[];
}

/** The period that ended most recently at `now` for `kind`. */
function lastFinishedPeriod(kind: RewardsKind, now: number): RewardsPeriod {
  const offset = PERIOD_END_OFFSET_MS[kind];
  const end = Math.floor((now - offset) / WEEK_MS) * WEEK_MS + offset;
  return { periodStartTimestamp: end - WEEK_MS, periodEndTimestamp: end };
}

/**
 * Publishes a finished week and its winners. Publishing the same period again replaces its winners
 * (a correction); a period that overlaps another published one is a 409.
 */
export async function publishPeriod(db: SocialDb, clock: Clock, input: PublishInput): Promise<RewardsPeriod> {
  const period = periodOf(input, clock.now());
  checkWinners(input.kind, input.winners);
  // Read before the lock: the index reads need not hold up other publishes.
  const wallets = await primaryAddresses(
    db,
    input.winners.map((winner) => winner.fid),
    'ethereum',
  );
  const rows: RewardsWinnersTable[] = input.winners.map((winner, index) => ({
    kind: input.kind,
    period_start: period.periodStartTimestamp,
    fid: winner.fid,
    rank: winner.rank,
    score: winner.score,
    reward_cents: winner.rewardCents,
    wallet_address: wallets[index]?.address ?? null,
    domain: winner.domain ?? null,
    frame_name: winner.frameName ?? null,
  }));
  await db.transaction().execute(async (trx) => {
    // Serialises publishes of one kind (a row lock on PostgreSQL; SQLite has one writer anyway).
    await trx.updateTable('rewards_kinds').set({ kind: input.kind }).where('kind', '=', input.kind).execute();
    const overlapping = await trx
      .selectFrom('rewards_periods')
      .select('period_start')
      .where('kind', '=', input.kind)
      .where('period_start', '<', period.periodEndTimestamp)
      .where('period_end', '>', period.periodStartTimestamp)
      .where('period_start', '!=', period.periodStartTimestamp)
      .orderBy('period_start')
      .executeTakeFirst();
    if (overlapping !== undefined) {
      throw new SocialError('REWARDS_PERIOD_OVERLAP', {
        message: `The period overlaps the published ${input.kind} period starting at ${overlapping.period_start}`,
      });
    }
    const published = { kind: input.kind, period_start: period.periodStartTimestamp };
    await trx
      .deleteFrom('rewards_winners')
      .where('kind', '=', published.kind)
      .where('period_start', '=', published.period_start)
      .execute();
    await trx
      .insertInto('rewards_periods')
      .values({ ...published, period_end: period.periodEndTimestamp, published_at: clock.now() })
      .onConflict((conflict) =>
        conflict.columns(['kind', 'period_start']).doUpdateSet({ published_at: clock.now() }),
      )
      .execute();
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await trx
        .insertInto('rewards_winners')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    }
  });
  return period;
}

function periodOf(input: PublishInput, now: number): RewardsPeriod {
  const { periodStartTimestamp: start, periodEndTimestamp: end } = input;
  if (start === undefined && end === undefined) return lastFinishedPeriod(input.kind, now);
  if (start === undefined || end === undefined) {
    throw invalid('Give both periodStartTimestamp and periodEndTimestamp, or neither');
  }
  if (end - start !== WEEK_MS) throw invalid('A rewards period is one week (604800000 ms) long');
  if (end > now) throw invalid('Only a finished period can be published');
  return { periodStartTimestamp: start, periodEndTimestamp: end };
}

function checkWinners(kind: RewardsKind, winners: Winner[]): void {
  const fids = new Set<number>();
  for (const winner of winners) {
    if (fids.has(winner.fid)) throw invalid(`fid ${winner.fid} is listed twice`);
    fids.add(winner.fid);
    const developerFields = winner.domain !== undefined && winner.frameName !== undefined;
    const noDeveloperFields = winner.domain === undefined && winner.frameName === undefined;
    if (kind === 'developer' && !developerFields) {
      throw invalid(`Developer winner fid ${winner.fid} needs domain and frameName`);
    }
    if (kind === 'creator' && !noDeveloperFields) {
      throw invalid(`Creator winner fid ${winner.fid} may not have domain or frameName`);
    }
  }
}

function invalid(message: string): SocialError {
  return new SocialError('INVALID_REQUEST', { message });
}

/** The period `periodsAgo` periods before the latest published one, with a page of its winners. */
export async function periodWinners(
  db: SocialDb,
  kind: RewardsKind,
  periodsAgo: number,
  request: PageRequest,
): Promise<RewardsPeriod & { winners: Page<ServedWinner> }> {
  const period = await db
    .selectFrom('rewards_periods')
    .select(['period_start', 'period_end'])
    .where('kind', '=', kind)
    .orderBy('period_start', 'desc')
    .limit(1)
    .offset(periodsAgo)
    .executeTakeFirst();
  if (period === undefined) {
    throw new SocialError('REWARDS_PERIOD_NOT_FOUND', {
      message: `No ${kind} rewards period ${periodsAgo} period(s) ago`,
    });
  }
  const rows = await keysetPage(
    db
      .selectFrom('rewards_winners')
      .selectAll()
      .where('kind', '=', kind)
      .where('period_start', '=', period.period_start),
    { columns: ['rank', 'fid'], direction: 'asc', tiebreaker: 'integer' },
    request,
  ).execute();
  return {
    periodStartTimestamp: period.period_start,
    periodEndTimestamp: period.period_end,
    winners: pageOf(rows, request, (row) => [row.rank, row.fid], winnerOf),
  };
}

function winnerOf(row: RewardsWinnersTable): ServedWinner {
  return {
    fid: row.fid,
    ...(row.domain !== null && { domain: row.domain }),
    ...(row.frame_name !== null && { frameName: row.frame_name }),
    score: row.score,
    rank: row.rank,
    rewardCents: row.reward_cents,
    ...(row.wallet_address !== null && { walletAddress: row.wallet_address }),
  };
}
