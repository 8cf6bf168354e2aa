import { sql } from 'kysely';
import { bytesToHex, type Hex } from '../../protocol/hex.js';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { newestFirst } from '../keyset.js';

/**
 * Announcement notifications (spec §6.6): pinning a cast with notifyChannelFollowers tells every follower
 * of the channel, however often that cast was announced before. A follower keeps one announcement per
 * cast, the latest: announcing it again replaces the earlier one, which moves it to the top of their list,
 * so pinning and unpinning in a loop cannot grow the table.
 */

/** An announcement as its recipient reads it (GET /fc/notifications, an Agora addition). */
export interface Announcement {
  type: 'channel-announcement';
  channelId: string;
  castHash: Hex;
  createdAt: number;
}

/**
 * Announces the channel's current pin (`castHash`, written just before in the caller's transaction) to its
 * followers: their earlier announcements of the cast go, and one new row each is written in one statement.
 */
export async function announcePinnedCast(db: SocialDb, channelId: string, castHash: Uint8Array, now: number) {
  await db
    .deleteFrom('channel_announcements')
    .where('cast_hash', '=', castHash)
    .where('recipient_fid', 'in', (eb) =>
      eb.selectFrom('channel_follows').select('fid').where('channel_id', '=', channelId),
    )
    .execute();
  await db
    .insertInto('channel_announcements')
    .columns(['recipient_fid', 'channel_id', 'cast_hash', 'created_at'])
    .expression(
      db
        .selectFrom('channel_follows')
        .innerJoin('channels', 'channels.id', 'channel_follows.channel_id')
        // PostgreSQL types a bare parameter in a select list as text.
        .select([
          'channel_follows.fid',
          'channels.id',
          'channels.pinned_cast_hash',
          sql<number>`cast(${now} as bigint)`.as('now'),
        ])
        .where('channels.id', '=', channelId)
        .where('channels.pinned_cast_hash', 'is not', null),
    )
    // A follower who joined after the delete may hold an announcement of the cast from an earlier
    // follow; that one stays.
    .onConflict((conflict) => conflict.columns(['recipient_fid', 'cast_hash']).doNothing())
    .execute();
}

/** A fid's announcements, newest first. */
export async function listAnnouncements(
  db: SocialDb,
  recipientFid: number,
  request: PageRequest,
): Promise<Page<Announcement>> {
  const query = db
    .selectFrom('channel_announcements')
    .select(['id', 'channel_id', 'cast_hash', 'created_at'])
    .where('recipient_fid', '=', recipientFid);
  const rows = await newestFirst(query, 'created_at', 'id', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.created_at, row.id],
    (row) => ({
      type: 'channel-announcement' as const,
      channelId: row.channel_id,
      castHash: bytesToHex(row.cast_hash),
      createdAt: row.created_at,
    }),
  );
}
