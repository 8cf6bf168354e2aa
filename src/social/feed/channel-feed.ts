import { sql } from 'kysely';
import { bytesToHex } from '../../protocol/hex.js';
import { requireChannel } from '../channels/access.js';
import type { SocialDb } from '../store.js';
import {
  castPageOf,
  cursorHash,
  listedCasts,
  pastInTimeline,
  timelineAt,
  type ChannelCastPage,
  type FeedCast,
  type TimelineAt,
} from './cast-rows.js';
import { feedCastShown } from './rules.js';

/** A channel's casts, newest first, with its pinned cast at the head of the first page (spec §3.6). */

export type ChannelFeedCast = FeedCast & { pinned: boolean };

/** Where a later page of a channel feed starts. */
export type FeedPosition = {
  /** The 0x hash of the pin the first page led with: left out of the timeline, wherever it sits. */
  pinned?: string;
  /** The last timeline cast served; absent when the page ended on the pin. */
  after?: TimelineAt;
};

export interface ChannelFeedRequest {
  channelId: string;
  viewerFid?: number | undefined;
  limit: number;
  after?: FeedPosition | undefined;
}

/**
 * One page of the channel's feed: its root casts (parent url = the channel's url) that the rules let the
 * reader see. The pin counts toward the first page's limit; later pages keep leaving out the pin the first
 * page showed, so a pin or unpin between pages neither repeats nor loses a cast.
 */
export async function channelFeed(
  db: SocialDb,
  request: ChannelFeedRequest,
): Promise<ChannelCastPage<ChannelFeedCast, FeedPosition>> {
  const channel = await requireChannel(db, request.channelId);
  const audience = { channelId: channel.id, viewerFid: request.viewerFid };
  const firstPage = request.after === undefined;
  const carried = request.after?.pinned;
  const pin = firstPage ? channel.pinned_cast_hash : carried === undefined ? null : cursorHash(carried);
  const after = request.after?.after;

  const shown = listedCasts(db, audience).where(feedCastShown(db, audience, channel.public_casting));
  let timeline = shown
    .select(sql.lit(0).as('is_pin'))
    .where('listed.parent_url', '=', channel.url)
    .orderBy('listed.timestamp', 'desc')
    .orderBy('listed.hash', 'desc')
    .limit(request.limit + 1);
  if (pin !== null) timeline = timeline.where('listed.hash', '!=', pin);
  if (after !== undefined) timeline = timeline.where(pastInTimeline(after, 'desc'));

  // One query either way: the pin, if the reader may see it, is the first row of the first page.
  const rows =
    firstPage && pin !== null
      ? await db
          .selectFrom(
            shown
              .select(sql.lit(1).as('is_pin'))
              .where('listed.hash', '=', pin)
              .unionAll(db.selectFrom(timeline.as('timeline')).selectAll())
              .as('page'),
          )
          .selectAll()
          .orderBy('is_pin', 'desc')
          .orderBy('timestamp', 'desc')
          .orderBy('hash', 'desc')
          .execute()
      : await timeline.execute();

  const pinned = pin === null ? {} : { pinned: bytesToHex(pin) };
  const page = castPageOf(
    rows,
    request.limit,
    (row) => ({ pinned: row.is_pin === 1 }),
    (row) => (row.is_pin === 1 ? pinned : { ...pinned, after: timelineAt(row) }),
  );
  return { ...page, channelUrl: channel.url };
}
