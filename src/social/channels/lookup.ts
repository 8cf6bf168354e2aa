import type { SocialDb } from '../store.js';
import type { ChannelRole, ChannelsTable } from './tables.js';

/** The reads other areas need about channels: which channel a url or id is, and a fid's role in it. */

export async function channelById(db: SocialDb, id: string): Promise<ChannelsTable | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function channelByUrl(db: SocialDb, url: string): Promise<ChannelsTable | undefined> {
  return db.selectFrom('channels').selectAll().where('url', '=', url).executeTakeFirst();
}

export async function roleOf(db: SocialDb, channelId: string, fid: number): Promise<ChannelRole | undefined> {
  const row = await db
    .selectFrom('channel_roles')
    .select('role')
    .where('channel_id', '=', channelId)
    .where('fid', '=', fid)
    .executeTakeFirst();
  return row?.role;
}
