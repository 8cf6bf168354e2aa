import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import type { Page, PageRequest } from '../paging.js';
import { pageOf } from '../paging.js';
import type { SocialDb } from '../store.js';
import { requireChannel } from './access.js';
import { channelListChanged } from './list-version.js';
import { newestFirst } from '../keyset.js';
import { channelViews, type ChannelView } from './views.js';

/**
 * Channel follows (spec §4.1): kept by the social API alone, as they are not part of the protocol. Lists
 * are newest follow first, to the event: `seq` orders follows of the same second.
 */

export async function followedAt(db: SocialDb, channelId: string, fid: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('channel_follows')
    .select('followed_at')
    .where('channel_id', '=', channelId)
    .where('fid', '=', fid)
    .executeTakeFirst();
  return row?.followed_at;
}

/** Following twice keeps the first follow time; unfollowing what is not followed is a no-op. */
export async function setFollowing(
  context: SocialContext,
  fid: number,
  channelId: string,
  following: boolean,
): Promise<void> {
  const { db } = context.database;
  await requireChannel(db, channelId);
  await db.transaction().execute(async (trx) => {
    let changed: bigint;
    if (following) {
      const inserted = await trx
        .insertInto('channel_follows')
        .values({ channel_id: channelId, fid, followed_at: unixSeconds(context.clock) })
        .onConflict((conflict) => conflict.columns(['channel_id', 'fid']).doNothing())
        .executeTakeFirst();
      changed = inserted.numInsertedOrUpdatedRows ?? 0n;
    } else {
      const deleted = await trx
        .deleteFrom('channel_follows')
        .where('channel_id', '=', channelId)
        .where('fid', '=', fid)
        .executeTakeFirst();
      changed = deleted.numDeletedRows;
    }
    // Follower counts are part of the channel list.
    if (changed > 0n) await channelListChanged(trx);
  });
}

export async function followStatus(
  db: SocialDb,
  fid: number,
  channelId: string,
): Promise<{ following: boolean; followedAt?: number }> {
  await requireChannel(db, channelId);
  const at = await followedAt(db, channelId, fid);
  return at === undefined ? { following: false } : { following: true, followedAt: at };
}

export async function channelFollowers(
  db: SocialDb,
  channelId: string,
  request: PageRequest,
): Promise<Page<{ fid: number; followedAt: number }>> {
  await requireChannel(db, channelId);
  const query = db
    .selectFrom('channel_follows')
    .select(['seq', 'fid', 'followed_at'])
    .where('channel_id', '=', channelId);
  const rows = await newestFirst(query, 'followed_at', 'seq', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.followed_at, row.seq],
    (row) => ({ fid: row.fid, followedAt: row.followed_at }),
  );
}

export async function followedChannels(
  db: SocialDb,
  fid: number,
  request: PageRequest,
): Promise<Page<ChannelView & { followedAt: number }>> {
  const query = db
    .selectFrom('channel_follows')
    .innerJoin('channels', 'channels.id', 'channel_follows.channel_id')
    .selectAll('channels')
    .select(['channel_follows.followed_at', 'channel_follows.seq'])
    .where('channel_follows.fid', '=', fid);
  const rows = await newestFirst(
    query,
    'channel_follows.followed_at',
    'channel_follows.seq',
    request,
  ).execute();
  const page = pageOf(
    rows,
    request,
    (row) => [row.followed_at, row.seq],
    (row) => row,
  );
  const views = await channelViews(db, page.items);
  const items = page.items.map((row, index) => ({
    ...(views[index] as ChannelView),
    followedAt: row.followed_at,
  }));
  return { ...page, items };
}
