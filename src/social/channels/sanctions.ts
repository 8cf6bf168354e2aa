import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import type { Page, PageRequest } from '../paging.js';
import { pageOf } from '../paging.js';
import type { SocialDb } from '../store.js';
import { lockChannel, requireChannel, requireModerator } from './access.js';
import { newestFirst } from '../keyset.js';
import { roleOf } from './lookup.js';
import { channelListChanged } from './list-version.js';
import { dropRoleAndInvites } from './roles.js';
import type { SanctionKind } from './tables.js';

/**
 * Restrictions and bans (spec §3.3, §3.4). Rows are history: ending one sets `ended_at`, and lists show
 * only active rows. A user is in at most one active state per channel: restricted or banned.
 */

export async function activeSanction(
  db: SocialDb,
  channelId: string,
  fid: number,
): Promise<SanctionKind | undefined> {
  const row = await db
    .selectFrom('channel_sanctions')
    .select('kind')
    .where('channel_id', '=', channelId)
    .where('fid', '=', fid)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return row?.kind;
}

/** Starts `kind` for the user, ending whatever state they were in; nothing changes if already in it. */
export async function startSanction(
  db: SocialDb,
  sanction: { channelId: string; fid: number; kind: SanctionKind; actorFid: number; now: number },
): Promise<void> {
  const { channelId, fid, kind, actorFid, now } = sanction;
  const current = await activeSanction(db, channelId, fid);
  if (current === kind) return;
  if (current !== undefined) await endSanction(db, channelId, fid, now);
  await db
    .insertInto('channel_sanctions')
    .values({ channel_id: channelId, fid, kind, actor_fid: actorFid, started_at: now, ended_at: null })
    .execute();
}

/** Ends the user's active restriction or ban (only one of `kind` when given). */
export async function endSanction(
  db: SocialDb,
  channelId: string,
  fid: number,
  now: number,
  kind?: SanctionKind,
): Promise<boolean> {
  let query = db
    .updateTable('channel_sanctions')
    .set({ ended_at: now })
    .where('channel_id', '=', channelId)
    .where('fid', '=', fid)
    .where('ended_at', 'is', null);
  if (kind !== undefined) query = query.where('kind', '=', kind);
  const result = await query.executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * POST /fc/channel-bans: the user loses their role and invite and is banned. The owner cannot be banned,
 * and only the owner may ban a moderator (as only the owner may remove one). Banning again is a no-op.
 */
export async function banUser(context: SocialContext, callerFid: number, channelId: string, fid: number) {
  const now = unixSeconds(context.clock);
  await context.database.db.transaction().execute(async (trx) => {
    await lockChannel(trx, channelId);
    const callerRole = await requireModerator(trx, channelId, callerFid, 'ban users');
    const role = await roleOf(trx, channelId, fid);
    if (role === 'owner')
      throw new SocialError('FORBIDDEN', { message: 'The channel owner cannot be banned' });
    if (role === 'moderator' && callerRole !== 'owner') {
      throw new SocialError('FORBIDDEN', { message: 'Only the channel owner can ban a moderator' });
    }
    await dropRoleAndInvites(trx, channelId, fid);
    await startSanction(trx, { channelId, fid, kind: 'banned', actorFid: callerFid, now });
    if (role !== undefined) await channelListChanged(trx);
  });
}

/** DELETE /fc/channel-bans: an active ban ends and the user becomes restricted; otherwise a no-op. */
export async function unbanUser(context: SocialContext, callerFid: number, channelId: string, fid: number) {
  const now = unixSeconds(context.clock);
  await context.database.db.transaction().execute(async (trx) => {
    await lockChannel(trx, channelId);
    await requireModerator(trx, channelId, callerFid, 'unban users');
    if ((await activeSanction(trx, channelId, fid)) !== 'banned') return;
    await startSanction(trx, { channelId, fid, kind: 'restricted', actorFid: callerFid, now });
  });
}

export interface SanctionEntry {
  fid: number;
  channelId: string;
  /** When the restriction or ban started. */
  since: number;
}

/** Active restrictions or bans, newest first, of one channel and/or one user. */
export async function activeSanctions(
  db: SocialDb,
  kind: SanctionKind,
  filter: { channelId?: string; fid?: number },
  request: PageRequest,
): Promise<Page<SanctionEntry>> {
  if (filter.channelId !== undefined) await requireChannel(db, filter.channelId);
  let query = db
    .selectFrom('channel_sanctions')
    .select(['id', 'channel_id', 'fid', 'started_at'])
    .where('kind', '=', kind)
    .where('ended_at', 'is', null);
  if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId);
  if (filter.fid !== undefined) query = query.where('fid', '=', filter.fid);
  const rows = await newestFirst(query, 'started_at', 'id', request).execute();
  return pageOf(
    rows,
    request,
    (row) => [row.started_at, row.id],
    (row) => ({ fid: row.fid, channelId: row.channel_id, since: row.started_at }),
  );
}
