import { bytesToHex } from '../../protocol/hex.js';
import type { SocialDb } from '../store.js';
import type { ChannelsTable } from './tables.js';

/** The Channel object of spec §2.1, with counts and moderators read live. */
export interface ChannelView {
  id: string;
  url: string;
  name: string;
  description: string;
  descriptionMentions: number[];
  descriptionMentionsPositions: number[];
  imageUrl: string;
  headerImageUrl: string;
  leadFid?: number;
  moderatorFids: number[];
  createdAt: number;
  followerCount: number;
  memberCount: number;
  pinnedCastHash?: string;
  publicCasting: boolean;
  externalLink?: { title: string; url: string };
}

/** Views of `rows`; `every` says they are all channels, so the counts need no id filter. */
export async function channelViews(
  db: SocialDb,
  rows: ChannelsTable[],
  every = false,
): Promise<ChannelView[]> {
  if (rows.length === 0) return [];
  const ids = every ? undefined : rows.map((row) => row.id);
  const [followers, members, moderators] = await Promise.all([
    countsBy(db, 'channel_follows', ids),
    countsBy(db, 'channel_roles', ids),
    moderatorsBy(db, ids),
  ]);
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    name: row.name,
    description: row.description,
    descriptionMentions: JSON.parse(row.description_mentions) as number[],
    descriptionMentionsPositions: JSON.parse(row.description_mentions_positions) as number[],
    imageUrl: row.image_url,
    headerImageUrl: row.header_image_url,
    ...(row.lead_fid !== null && { leadFid: row.lead_fid }),
    moderatorFids: moderators.get(row.id) ?? [],
    createdAt: row.created_at,
    followerCount: followers.get(row.id) ?? 0,
    memberCount: members.get(row.id) ?? 0,
    ...(row.pinned_cast_hash !== null && { pinnedCastHash: bytesToHex(row.pinned_cast_hash) }),
    publicCasting: row.public_casting,
    ...(row.external_link_url !== null && {
      externalLink: { title: row.external_link_title ?? '', url: row.external_link_url },
    }),
  }));
}

export async function channelView(db: SocialDb, row: ChannelsTable): Promise<ChannelView> {
  const [view] = await channelViews(db, [row]);
  return view as ChannelView;
}

/** Rows per channel of a table keyed by channel_id (followers, or role holders: the owner counts). */
async function countsBy(
  db: SocialDb,
  table: 'channel_follows' | 'channel_roles',
  ids: string[] | undefined,
): Promise<Map<string, number>> {
  let query = db
    .selectFrom(table)
    .select((eb) => ['channel_id', eb.fn.countAll<number>().as('count')])
    .groupBy('channel_id');
  if (ids !== undefined) query = query.where('channel_id', 'in', ids);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.channel_id, Number(row.count)]));
}

async function moderatorsBy(db: SocialDb, ids: string[] | undefined): Promise<Map<string, number[]>> {
  let query = db
    .selectFrom('channel_roles')
    .select(['channel_id', 'fid'])
    .where('role', '=', 'moderator')
    .orderBy('fid');
  if (ids !== undefined) query = query.where('channel_id', 'in', ids);
  const byChannel = new Map<string, number[]>();
  for (const row of await query.execute()) {
    const fids = byChannel.get(row.channel_id) ?? [];
    fids.push(row.fid);
    byChannel.set(row.channel_id, fids);
  }
  return byChannel;
}
