import type { SocialDb } from '../store.js';
import type { ChannelRole, InviteRole } from './tables.js';

/** Row-level changes of roles and outstanding invites, run inside a caller's transaction. */

export interface OutstandingInvite {
  id: number;
  role: InviteRole;
}

export async function inviteOf(
  db: SocialDb,
  channelId: string,
  fid: number,
): Promise<OutstandingInvite | undefined> {
  return db
    .selectFrom('channel_invites')
    .select(['id', 'role'])
    .where('channel_id', '=', channelId)
    .where('invited_fid', '=', fid)
    .executeTakeFirst();
}

/** Whether `held` covers `wanted`: every role holder is a member, and the owner has a moderator's rights. */
export function covers(held: ChannelRole | undefined, wanted: InviteRole): boolean {
  if (held === undefined) return false;
  return wanted === 'member' || held !== 'member';
}

/**
 * Gives `fid` the role; a new role holder becomes a member now, a promoted one keeps their member time.
 * Granting `member` never demotes a moderator or the owner.
 */
export async function grantRole(
  db: SocialDb,
  channelId: string,
  fid: number,
  role: ChannelRole,
  now: number,
): Promise<void> {
  await db
    .insertInto('channel_roles')
    .values({ channel_id: channelId, fid, role, member_at: now })
    .onConflict((conflict) => {
      const target = conflict.columns(['channel_id', 'fid']);
      return role === 'member' ? target.doNothing() : target.doUpdateSet({ role });
    })
    .execute();
}

/** Takes every role and outstanding invite of `fid` in the channel (a removal or a ban). */
export async function dropRoleAndInvites(db: SocialDb, channelId: string, fid: number): Promise<void> {
  await db.deleteFrom('channel_roles').where('channel_id', '=', channelId).where('fid', '=', fid).execute();
  await deleteInvites(db, channelId, fid);
}

export async function deleteInvites(db: SocialDb, channelId: string, fid: number): Promise<void> {
  await db
    .deleteFrom('channel_invites')
    .where('channel_id', '=', channelId)
    .where('invited_fid', '=', fid)
    .execute();
}

/** Active moderators plus outstanding moderator invites (spec §8 caps them at 10). */
export async function moderatorSeatsTaken(db: SocialDb, channelId: string): Promise<number> {
  const [moderators, invites] = await Promise.all([
    db
      .selectFrom('channel_roles')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('channel_id', '=', channelId)
      .where('role', '=', 'moderator')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('channel_invites')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('channel_id', '=', channelId)
      .where('role', '=', 'moderator')
      .executeTakeFirstOrThrow(),
  ]);
  return Number(moderators.count) + Number(invites.count);
}
