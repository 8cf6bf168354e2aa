import { unixSeconds, type Clock } from '../../shared/clock.js';
import { requireChannel, requireModerator } from '../channels/access.js';
import { channelListChanged } from '../channels/list-version.js';
import type { SocialDb } from '../store.js';
import { announcePinnedCast } from './announcements.js';
import { channelOfCast, moderatedChannelOfCast } from './channel-cast.js';

/**
 * Pins a cast in its channel, replacing any other pin; the channel's owner and moderators may pin. With
 * `notifyChannelFollowers` every follower is told, even of a cast announced before. Pinning the pinned
 * cast changes nothing (spec §3.6), and so announces nothing, even when asked to.
 */
export async function pinCast(
  db: SocialDb,
  clock: Clock,
  request: { callerFid: number; castHash: Uint8Array; notifyChannelFollowers: boolean },
): Promise<void> {
  const channel = await moderatedChannelOfCast(db, request.castHash, request.callerFid, 'pin casts');
  await db.transaction().execute(async (trx) => {
    // One statement decides and writes: it takes the channel's row lock, and a racing pin of the same cast
    // re-reads the row once the first commits, finds it pinned and changes nothing.
    const changed = await trx
      .updateTable('channels')
      .set({ pinned_cast_hash: request.castHash })
      .where('id', '=', channel.id)
      .where((eb) =>
        eb.or([eb('pinned_cast_hash', 'is', null), eb('pinned_cast_hash', '!=', request.castHash)]),
      )
      .executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return;
    if (request.notifyChannelFollowers) {
      await announcePinnedCast(trx, channel.id, request.castHash, unixSeconds(clock));
    }
    await channelListChanged(trx);
  });
}

/** What to unpin: a cast, only while it is the pin, or whatever a channel has pinned. */
export type UnpinTarget = { castHash: Uint8Array } | { channelId: string };

/** Clears a pin; success when there is nothing to clear. Announcements already sent stay. */
export async function unpinCast(db: SocialDb, callerFid: number, target: UnpinTarget): Promise<void> {
  if ('channelId' in target) {
    await requireChannel(db, target.channelId);
    await requireModerator(db, target.channelId, callerFid, 'unpin casts');
    await clearPin(db, target.channelId);
    return;
  }
  // A cast that is not pinned leaves nothing to do, so an unknown cast is no error either; a cast its
  // author deleted can still be unpinned by its hash.
  const channel = (await channelOfCast(db, target.castHash))?.channel;
  if (channel === undefined || !isPinned(channel.pinned_cast_hash, target.castHash)) return;
  await requireModerator(db, channel.id, callerFid, 'unpin casts');
  await clearPin(db, channel.id, target.castHash);
}

/** Clears the channel's pin, or only `castHash` if given (a racing pin of another cast stays). */
async function clearPin(db: SocialDb, channelId: string, castHash?: Uint8Array): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let update = trx
      .updateTable('channels')
      .set({ pinned_cast_hash: null })
      .where('id', '=', channelId)
      .where('pinned_cast_hash', 'is not', null);
    if (castHash !== undefined) update = update.where('pinned_cast_hash', '=', castHash);
    const cleared = await update.executeTakeFirst();
    if (cleared.numUpdatedRows > 0n) await channelListChanged(trx);
  });
}

function isPinned(pinned: Uint8Array | null, castHash: Uint8Array): boolean {
  return pinned !== null && Buffer.compare(pinned, castHash) === 0;
}
