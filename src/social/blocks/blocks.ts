import { unixSeconds, type Clock } from '../../shared/clock.js';
import { SocialError } from '../errors.js';
import { newestFirst } from '../keyset.js';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';

/**
 * User-to-user blocks (spec §2.11, §4.5). The node accepts any valid message, so a block cannot stop the
 * blocked user's replies, quotes or mentions from existing; clients read the list and act on it.
 */

/** One block (spec §2.11). */
export interface BlockEntry {
  blockerFid: number;
  blockedFid: number;
  createdAt: number;
}

/** Blocks `blockedFid` for `blockerFid`; blocking again keeps the first block and its time. */
export async function blockUser(db: SocialDb, clock: Clock, blockerFid: number, blockedFid: number) {
  refuseSelf(blockerFid, blockedFid);
  await db
    .insertInto('user_blocks')
    .values({ blocker_fid: blockerFid, blocked_fid: blockedFid, created_at: unixSeconds(clock) })
    .onConflict((conflict) => conflict.columns(['blocker_fid', 'blocked_fid']).doNothing())
    .execute();
}

/** Lifts a block; success when there was none. */
export async function unblockUser(db: SocialDb, blockerFid: number, blockedFid: number): Promise<void> {
  refuseSelf(blockerFid, blockedFid);
  await db
    .deleteFrom('user_blocks')
    .where('blocker_fid', '=', blockerFid)
    .where('blocked_fid', '=', blockedFid)
    .execute();
}

/** Current blocks, newest first, by one blocker or by everyone. */
export async function listBlocks(
  db: SocialDb,
  filter: { blockerFid?: number | undefined },
  request: PageRequest,
): Promise<Page<BlockEntry>> {
  let query = db.selectFrom('user_blocks').select(['id', 'blocker_fid', 'blocked_fid', 'created_at']);
  if (filter.blockerFid !== undefined) query = query.where('blocker_fid', '=', filter.blockerFid);
  const rows = await newestFirst(query, 'created_at', 'id', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.created_at, row.id],
    (row) => ({ blockerFid: row.blocker_fid, blockedFid: row.blocked_fid, createdAt: row.created_at }),
  );
}

function refuseSelf(blockerFid: number, blockedFid: number): void {
  if (blockerFid === blockedFid) throw new SocialError('CANNOT_BLOCK_SELF');
}
