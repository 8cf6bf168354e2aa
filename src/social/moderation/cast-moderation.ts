import { bytesToHex, type Hex } from '../../protocol/hex.js';
import { unixSeconds, type Clock } from '../../shared/clock.js';
import { requireChannel } from '../channels/access.js';
import { pageOf, type Page, type PageRequest } from '../paging.js';
import type { SocialDb } from '../store.js';
import { moderatedChannelOfCast } from './channel-cast.js';
import { newestFirst } from '../keyset.js';
import type { ModerationAction } from './tables.js';

/** One entry of the moderation log (spec §2.7). */
export interface ModerationEntry {
  castHash: Hex;
  channelId: string;
  action: ModerationAction;
  moderatedAt: number;
}

/**
 * Hides or unhides a cast of a channel the caller owns or moderates. Every call is logged, repeats
 * included: the log is the history, and a cast's latest entry is its state.
 */
export async function moderateCast(
  db: SocialDb,
  clock: Clock,
  request: { callerFid: number; castHash: Uint8Array; action: ModerationAction },
): Promise<void> {
  const channel = await moderatedChannelOfCast(
    db,
    request.castHash,
    request.callerFid,
    `${request.action} casts`,
  );
  await db
    .insertInto('cast_moderation_actions')
    .values({
      cast_hash: request.castHash,
      channel_id: channel.id,
      action: request.action,
      moderator_fid: request.callerFid,
      moderated_at: unixSeconds(clock),
    })
    .execute();
}

/** The moderation log, newest first, of one channel (404 when unknown) or of all. */
export async function listModerationActions(
  db: SocialDb,
  filter: { channelId?: string | undefined },
  request: PageRequest,
): Promise<Page<ModerationEntry>> {
  let query = db
    .selectFrom('cast_moderation_actions')
    .select(['id', 'cast_hash', 'channel_id', 'action', 'moderated_at']);
  if (filter.channelId !== undefined) {
    await requireChannel(db, filter.channelId);
    query = query.where('channel_id', '=', filter.channelId);
  }
  const rows = await newestFirst(query, 'moderated_at', 'id', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.moderated_at, row.id],
    (row) => ({
      castHash: bytesToHex(row.cast_hash),
      channelId: row.channel_id,
      action: row.action,
      moderatedAt: row.moderated_at,
    }),
  );
}
