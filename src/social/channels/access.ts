import { SocialError } from '../errors.js';
import type { SocialDb } from '../store.js';
import { channelById, roleOf } from './lookup.js';
import type { ChannelRole, ChannelsTable } from './tables.js';

/** Existence and permission checks shared by every channel write. */

export async function requireChannel(db: SocialDb, id: string): Promise<ChannelsTable> {
  const channel = await channelById(db, id);
  if (channel === undefined) throw channelNotFound(id);
  return channel;
}

/**
 * Takes the channel's row lock for the rest of the transaction, so that role, invite and ban changes of
 * one channel run one after another across processes (PostgreSQL locks the row; SQLite's first write
 * takes the database write lock). Throws CHANNEL_NOT_FOUND when there is no such channel.
 */
export async function lockChannel(trx: SocialDb, id: string): Promise<void> {
  // A no-op write of a non-key column: a key update would also block follows inserted meanwhile.
  const result = await trx
    .updateTable('channels')
    .set((eb) => ({ created_at: eb.ref('created_at') }))
    .where('id', '=', id)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw channelNotFound(id);
}

/** The caller's role when they own or moderate the channel (and own it, if `ownerOnly`); 403 otherwise. */
export async function requireModerator(
  db: SocialDb,
  channelId: string,
  fid: number,
  action: string,
  ownerOnly = false,
): Promise<ChannelRole> {
  const role = await roleOf(db, channelId, fid);
  if (role === 'owner' || (role === 'moderator' && !ownerOnly)) return role;
  const who = ownerOnly ? 'own' : 'own or moderate';
  throw new SocialError('FORBIDDEN', { message: `You must ${who} channel ${channelId} to ${action}` });
}

function channelNotFound(id: string): SocialError {
  return new SocialError('CHANNEL_NOT_FOUND', { message: `Channel ${id} does not exist` });
}
