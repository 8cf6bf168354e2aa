import { requireModerator } from '../channels/access.js';
import { channelByUrl } from '../channels/lookup.js';
import type { ChannelsTable } from '../channels/tables.js';
import { SocialError } from '../errors.js';
import { indexedCast } from '../node-index/store.js';
import type { SocialDb } from '../store.js';

/**
 * The channel a cast belongs to, looked up through the node index: a reply belongs to its thread root's
 * channel. Undefined when the cast is unknown or its url is not a channel's.
 */
export async function channelOfCast(
  db: SocialDb,
  castHash: Uint8Array,
): Promise<{ removed: boolean; channel: ChannelsTable | undefined } | undefined> {
  const cast = await indexedCast(db, castHash);
  if (cast === undefined) return undefined;
  const channel = cast.channelUrl === null ? undefined : await channelByUrl(db, cast.channelUrl);
  return { removed: cast.removed, channel };
}

/**
 * The channel of a cast the caller may act on (hide, unhide, pin): 404 for an unknown or deleted cast,
 * 403 when it is in no channel or the caller neither owns nor moderates that channel.
 */
export async function moderatedChannelOfCast(
  db: SocialDb,
  castHash: Uint8Array,
  callerFid: number,
  action: string,
): Promise<ChannelsTable> {
  const found = await channelOfCast(db, castHash);
  if (found === undefined || found.removed) throw new SocialError('CAST_NOT_FOUND');
  if (found.channel === undefined) throw new SocialError('CAST_NOT_IN_CHANNEL');
  await requireModerator(db, found.channel.id, callerFid, action);
  return found.channel;
}
