import { sql, type SqlBool } from 'kysely';
import { SocialError } from '../errors.js';
import type { SocialDb } from '../store.js';
import {
  castPageOf,
  listedCasts,
  pastInTimeline,
  timelineAt,
  type ChannelCastPage,
  type FeedCast,
  type TimelineAt,
} from './cast-rows.js';
import { belowFold, replyShown, type Audience } from './rules.js';

/** A cast's direct replies, oldest first, those of restricted users below the fold (spec §3.3). */

export type ReplyCast = FeedCast & { belowFold: boolean };

/** The last reply served: whether it was below the fold (1) or not (0), its timestamp and hash. */
export type ReplyPosition = [belowFold: 0 | 1, ...TimelineAt];

export interface CastRepliesRequest {
  hash: Uint8Array;
  viewerFid?: number | undefined;
  limit: number;
  after?: ReplyPosition | undefined;
}

/**
 * One page of the replies the rules let the reader see, in the channel of the thread's root (a reply
 * carries its parent cast, not the channel url). 404 for a cast the node does not hold.
 */
export async function castReplies(
  db: SocialDb,
  request: CastRepliesRequest,
): Promise<ChannelCastPage<ReplyCast, ReplyPosition>> {
  const parent = await db
    .selectFrom('indexed_casts')
    .leftJoin('channels', 'channels.url', 'indexed_casts.channel_url')
    .select([
      'indexed_casts.fid',
      'indexed_casts.removed_at',
      'indexed_casts.channel_url',
      'channels.id as channel_id',
    ])
    .where('indexed_casts.hash', '=', request.hash)
    .executeTakeFirst();
  if (parent === undefined || parent.removed_at !== null) throw new SocialError('CAST_NOT_FOUND');
  const audience: Audience = { channelId: parent.channel_id ?? undefined, viewerFid: request.viewerFid };

  // The page is chosen on the sort keys alone: sorting on the fold reads every direct reply, so the names
  // and reply counts are only worked out for the replies the page serves.
  const fold = belowFold(db, audience);
  let page = db
    .selectFrom('indexed_casts as listed')
    .select(['listed.hash', fold.as('below_fold')])
    .where('listed.parent_hash', '=', request.hash)
    .where(replyShown(db, 'listed', audience, parent.fid))
    .orderBy('below_fold')
    .orderBy('listed.timestamp')
    .orderBy('listed.hash')
    .limit(request.limit + 1);
  if (request.after !== undefined) {
    const [folded, ...at] = request.after;
    page = page.where(
      sql<SqlBool>`(${fold} > ${folded} or (${fold} = ${folded} and ${pastInTimeline(at, 'asc')}))`,
    );
  }
  const query = listedCasts(db, audience)
    .innerJoin(page.as('page'), 'page.hash', 'listed.hash')
    .select('page.below_fold')
    .orderBy('page.below_fold')
    .orderBy('listed.timestamp')
    .orderBy('listed.hash');
  const replies = castPageOf(
    await query.execute(),
    request.limit,
    (row) => ({ belowFold: row.below_fold === 1 }),
    (row): ReplyPosition => [row.below_fold === 1 ? 1 : 0, ...timelineAt(row)],
  );
  return { ...replies, channelUrl: parent.channel_url };
}
