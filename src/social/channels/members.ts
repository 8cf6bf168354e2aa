import type { Page, PageRequest } from '../paging.js';
import { pageOf } from '../paging.js';
import type { SocialDb } from '../store.js';
import { requireChannel } from './access.js';
import { newestFirst } from '../keyset.js';

/**
 * GET /fc/channel-members: every role holder (owner and moderators included), newest member first, to the
 * event: `seq` orders members of the same second.
 */
export async function channelMembers(
  db: SocialDb,
  channelId: string,
  fid: number | undefined,
  request: PageRequest,
): Promise<Page<{ fid: number; memberAt: number }>> {
  await requireChannel(db, channelId);
  let query = db
    .selectFrom('channel_roles')
    .select(['seq', 'fid', 'member_at'])
    .where('channel_id', '=', channelId);
  if (fid !== undefined) query = query.where('fid', '=', fid);
  const rows = await newestFirst(query, 'member_at', 'seq', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.member_at, row.seq],
    (row) => ({ fid: row.fid, memberAt: row.member_at }),
  );
}
