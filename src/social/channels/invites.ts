import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { isHubNotFound, type NodeClient } from '../node-client.js';
import type { Page, PageRequest } from '../paging.js';
import { pageOf } from '../paging.js';
import { countCall } from '../limits.js';
import type { RateLimitState } from '../rate-limit.js';
import type { SocialDb } from '../store.js';
import { lockChannel, requireChannel, requireModerator } from './access.js';
import { isAllowlistedBot } from './bots.js';
import { followedAt } from './follows.js';
import { answerOf, clearAnswer, keepAnswer, type InviteAnswer } from './invite-answers.js';
import { channelListChanged } from './list-version.js';
import { newestFirst } from '../keyset.js';
import { roleOf } from './lookup.js';
import {
  covers,
  deleteInvites,
  dropRoleAndInvites,
  grantRole,
  inviteOf,
  moderatorSeatsTaken,
} from './roles.js';
import { activeSanction, endSanction, startSanction } from './sanctions.js';
import type { InviteRole } from './tables.js';

/** Channel invites and roles: the state machine of spec §3.2 and §3.3 with the rules of §4.2. */

const MAX_MODERATOR_SEATS = 10;

export interface RoleChange {
  channelId: string;
  fid: number;
  role: InviteRole;
}

/**
 * Counts a POST or DELETE call against the caller's allowance for an existing channel (spec §8: shared by
 * both, per caller and channel). An unknown channel is a 404 first, so no bucket is made for it.
 */
export async function countInviteCall(
  context: SocialContext,
  callerFid: number,
  channelId: string,
): Promise<RateLimitState> {
  await requireChannel(context.database.db, channelId);
  return countCall(context, 'invites', `${callerFid}:${channelId}`);
}

/**
 * POST /fc/channel-invites. Idempotent when the user holds the role or has an outstanding invite for it.
 * Any invite ends a restriction; a banned user must be unbanned first. An allowlisted bot invited as
 * moderator by the owner becomes one at once.
 */
export async function inviteToChannel(
  context: SocialContext,
  callerFid: number,
  change: RoleChange,
): Promise<void> {
  const { channelId, fid, role } = change;
  const db = context.database.db;
  // The node is asked before the transaction, so no channel lock is held across a network call.
  const followsCaller =
    role === 'member' && (await needsFollowCheck(db, channelId, fid))
      ? await followsUser(context.node, fid, callerFid)
      : false;
  const now = unixSeconds(context.clock);
  await db.transaction().execute(async (trx) => {
    await lockChannel(trx, channelId);
    await requireModerator(trx, channelId, callerFid, `invite ${role}s`, role === 'moderator');
    if ((await activeSanction(trx, channelId, fid)) === 'banned') throw new SocialError('USER_BANNED');
    const held = await roleOf(trx, channelId, fid);
    const invite = await inviteOf(trx, channelId, fid);
    if (covers(held, role) || invite?.role === role) return;
    if (role === 'member') {
      if (!followsCaller && (await followedAt(trx, channelId, fid)) === undefined) {
        throw new SocialError('INVITEE_NOT_FOLLOWING');
      }
    } else {
      const bot = await isAllowlistedBot(trx, fid);
      if (!bot && held !== 'member') throw new SocialError('INVITEE_NOT_MEMBER');
      if ((await moderatorSeatsTaken(trx, channelId)) >= MAX_MODERATOR_SEATS) {
        throw new SocialError('MODERATOR_LIMIT');
      }
      if (bot) {
        await deleteInvites(trx, channelId, fid);
        await grantRole(trx, channelId, fid, 'moderator', now);
        await endSanction(trx, channelId, fid, now);
        await channelListChanged(trx);
        return;
      }
    }
    await trx
      .insertInto('channel_invites')
      .values({ channel_id: channelId, invited_fid: fid, inviter_fid: callerFid, role, invited_at: now })
      .execute();
    await clearAnswer(trx, change);
    await endSanction(trx, channelId, fid, now);
  });
}

/** Whether a member invite will turn on the follow rule: no role, no invite, no channel follow. */
async function needsFollowCheck(db: SocialDb, channelId: string, fid: number): Promise<boolean> {
  const [held, invite, followed] = await Promise.all([
    roleOf(db, channelId, fid),
    inviteOf(db, channelId, fid),
    followedAt(db, channelId, fid),
  ]);
  return held === undefined && invite === undefined && followed === undefined;
}

/** User follows are protocol links, so the node answers whether `fid` follows `target`. */
async function followsUser(node: NodeClient, fid: number, target: number): Promise<boolean> {
  try {
    await node.getJson('/v1/linkById', { fid: String(fid), target_fid: String(target), link_type: 'follow' });
    return true;
  } catch (error) {
    if (isHubNotFound(error)) return false;
    throw new SocialError('NODE_UNAVAILABLE', { cause: error });
  }
}

/**
 * DELETE /fc/channel-invites. `member`: a member (or moderator, by the owner only) loses every role and
 * becomes restricted; an outstanding member invite is revoked without restricting. `moderator` (owner
 * only): a moderator goes back to being a member; an outstanding moderator invite is revoked. The owner
 * cannot be removed. Idempotent.
 */
export async function removeFromChannel(
  context: SocialContext,
  callerFid: number,
  change: RoleChange,
): Promise<void> {
  const { channelId, fid, role } = change;
  const now = unixSeconds(context.clock);
  await context.database.db.transaction().execute(async (trx) => {
    await lockChannel(trx, channelId);
    const callerRole = await requireModerator(
      trx,
      channelId,
      callerFid,
      `remove ${role}s`,
      role === 'moderator',
    );
    const held = await roleOf(trx, channelId, fid);
    if (held === 'owner')
      throw new SocialError('FORBIDDEN', { message: 'The channel owner cannot be removed' });
    if (held === 'moderator' && callerRole !== 'owner') {
      throw new SocialError('FORBIDDEN', { message: 'Only the channel owner can remove a moderator' });
    }
    const invite = await inviteOf(trx, channelId, fid);
    if (role === 'member' && held !== undefined) {
      await dropRoleAndInvites(trx, channelId, fid);
      await startSanction(trx, { channelId, fid, kind: 'restricted', actorFid: callerFid, now });
      await channelListChanged(trx);
    } else if (role === 'moderator' && held === 'moderator') {
      await trx
        .updateTable('channel_roles')
        .set({ role: 'member' })
        .where('channel_id', '=', channelId)
        .where('fid', '=', fid)
        .execute();
      await channelListChanged(trx);
    } else if (invite?.role === role) {
      await deleteInvites(trx, channelId, fid);
    }
  });
}

/**
 * PATCH /fc/channel-invites by the invitee: the invite is answered once and then gone. Answering again the
 * same way succeeds and changes nothing; the other way, or without an invite, is a 404.
 */
export async function respondToInvite(
  context: SocialContext,
  callerFid: number,
  answer: { channelId: string; role: InviteRole; accept: boolean },
): Promise<void> {
  const { channelId, role, accept } = answer;
  const asked = { channelId, fid: callerFid, role };
  const now = unixSeconds(context.clock);
  await context.database.db.transaction().execute(async (trx) => {
    await lockChannel(trx, channelId);
    const invite = await inviteOf(trx, channelId, callerFid);
    if (invite?.role !== role) {
      const given = await answerOf(trx, asked);
      if (given === accept) return;
      throw answerRefused(asked, given);
    }
    await trx.deleteFrom('channel_invites').where('id', '=', invite.id).execute();
    await keepAnswer(trx, { ...asked, accepted: accept, now });
    if (accept) {
      await grantRole(trx, channelId, callerFid, role, now);
      await channelListChanged(trx);
    }
  });
}

/** A 404 either way: no invite is outstanding, whether or not an answer was given (spec silent). */
function answerRefused({ channelId, role }: InviteAnswer, given: boolean | undefined): SocialError {
  const message =
    given === undefined
      ? `You have no outstanding ${role} invite to channel ${channelId}`
      : `You already ${given ? 'accepted' : 'declined'} your ${role} invite to channel ${channelId}; ` +
        'the answer cannot be changed';
  return new SocialError('INVITE_NOT_FOUND', { message });
}

export interface InviteEntry {
  channelId: string;
  invitedFid: number;
  invitedAt: number;
  inviterFid: number;
  role: InviteRole;
}

/** GET /fc/channel-invites: outstanding invites, newest first, of one channel and/or one invitee. */
export async function outstandingInvites(
  db: SocialDb,
  filter: { channelId?: string; fid?: number },
  request: PageRequest,
): Promise<Page<InviteEntry>> {
  if (filter.channelId !== undefined) await requireChannel(db, filter.channelId);
  let query = db.selectFrom('channel_invites').selectAll();
  if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId);
  if (filter.fid !== undefined) query = query.where('invited_fid', '=', filter.fid);
  const rows = await newestFirst(query, 'invited_at', 'id', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.invited_at, row.id],
    (row) => ({
      channelId: row.channel_id,
      invitedFid: row.invited_fid,
      invitedAt: row.invited_at,
      inviterFid: row.inviter_fid,
      role: row.role,
    }),
  );
}
