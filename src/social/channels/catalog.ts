import type { Updateable } from 'kysely';
import { unixSeconds } from '../../shared/clock.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import type { SocialDb } from '../store.js';
import { lockChannel, requireChannel, requireModerator } from './access.js';
import { channelListChanged } from './list-version.js';
import { extractMentions } from './mentions.js';
import { deleteInvites, grantRole } from './roles.js';
import { endSanction } from './sanctions.js';
import type { ChannelsTable } from './tables.js';
import { channelView, channelViews, type ChannelView } from './views.js';

/** Creating, editing, removing and reading channels. */

export interface ChannelEdits {
  name?: string;
  description?: string;
  imageUrl?: string;
  headerImageUrl?: string;
  /** null removes the link. */
  externalLink?: { title: string; url: string } | null;
  publicCasting?: boolean;
}

export interface NewChannel extends ChannelEdits {
  id: string;
  name: string;
  /** Legacy channels have their own parent url; new ones get `https://farcaster.xyz/~/channel/<id>`. */
  url?: string;
  /** The owner; legacy channels created by the operator may have none. */
  leadFid: number | null;
}

export const channelUrlOf = (id: string) => `https://farcaster.xyz/~/channel/${id}`;

/** The new channel; its lead becomes its owner. A taken id or url is a 409. */
export async function createChannel(context: SocialContext, channel: NewChannel): Promise<ChannelView> {
  const { db } = context.database;
  const now = unixSeconds(context.clock);
  const row: ChannelsTable = {
    id: channel.id,
    url: channel.url ?? channelUrlOf(channel.id),
    name: channel.name,
    ...(await descriptionColumns(db, channel.description ?? '')),
    lead_fid: channel.leadFid,
    image_url: channel.imageUrl ?? '',
    header_image_url: channel.headerImageUrl ?? '',
    external_link_title: channel.externalLink?.title ?? null,
    external_link_url: channel.externalLink?.url ?? null,
    public_casting: channel.publicCasting ?? true,
    pinned_cast_hash: null,
    created_at: now,
  };
  await db.transaction().execute(async (trx) => {
    // Both the id and the url are unique: any conflict means the channel exists.
    const inserted = await trx
      .insertInto('channels')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 0n) {
      throw new SocialError('CHANNEL_EXISTS', {
        message: `A channel with id ${row.id} or url ${row.url} already exists`,
      });
    }
    if (channel.leadFid !== null) await grantRole(trx, row.id, channel.leadFid, 'owner', now);
    await channelListChanged(trx);
  });
  return channelView(db, row);
}

/**
 * Edits a channel's details: by its owner, or by the operator (`'admin'`), who alone may hand the channel
 * to a new owner. The previous owner stays a member.
 */
export async function editChannel(
  context: SocialContext,
  id: string,
  edits: ChannelEdits & { leadFid?: number },
  editor: number | 'admin',
): Promise<ChannelView> {
  const { db } = context.database;
  const now = unixSeconds(context.clock);
  const values: Updateable<ChannelsTable> = {
    ...(edits.name !== undefined && { name: edits.name }),
    ...(edits.description !== undefined && (await descriptionColumns(db, edits.description))),
    ...(edits.imageUrl !== undefined && { image_url: edits.imageUrl }),
    ...(edits.headerImageUrl !== undefined && { header_image_url: edits.headerImageUrl }),
    ...(edits.externalLink !== undefined && {
      external_link_title: edits.externalLink?.title ?? null,
      external_link_url: edits.externalLink?.url ?? null,
    }),
    ...(edits.publicCasting !== undefined && { public_casting: edits.publicCasting }),
    ...(edits.leadFid !== undefined && { lead_fid: edits.leadFid }),
  };
  await db.transaction().execute(async (trx) => {
    await lockChannel(trx, id);
    if (editor !== 'admin') {
      await requireModerator(trx, id, editor, 'edit it', true);
      if (edits.leadFid !== undefined)
        throw new SocialError('FORBIDDEN', { message: 'Only the operator can transfer a channel' });
    }
    if (edits.leadFid !== undefined) await transferOwnership(trx, id, edits.leadFid, now);
    if (Object.keys(values).length > 0)
      await trx.updateTable('channels').set(values).where('id', '=', id).execute();
    await channelListChanged(trx);
  });
  return channelView(db, await requireChannel(db, id));
}

/** The new owner loses any invite and restriction or ban; the previous one becomes a member. */
async function transferOwnership(trx: SocialDb, channelId: string, to: number, now: number): Promise<void> {
  await trx
    .updateTable('channel_roles')
    .set({ role: 'member' })
    .where('channel_id', '=', channelId)
    .where('role', '=', 'owner')
    .where('fid', '!=', to)
    .execute();
  await deleteInvites(trx, channelId, to);
  await endSanction(trx, channelId, to, now);
  await grantRole(trx, channelId, to, 'owner', now);
}

/**
 * Removes a channel with its roles, follows, invites and answers to them, restriction and ban history,
 * moderation log and pin announcements, so a later channel with the same id starts clean.
 */
export async function deleteChannel(db: SocialDb, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockChannel(trx, id);
    for (const table of [
      'channel_follows',
      'channel_invites',
      'channel_invite_answers',
      'channel_sanctions',
      'channel_roles',
      'cast_moderation_actions',
      'channel_announcements',
    ] as const) {
      await trx.deleteFrom(table).where('channel_id', '=', id).execute();
    }
    await trx.deleteFrom('channels').where('id', '=', id).execute();
    await channelListChanged(trx);
  });
}

export async function allChannels(db: SocialDb): Promise<ChannelView[]> {
  const rows = await db
    .selectFrom('channels')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return channelViews(db, rows, true);
}

export async function channelDetails(db: SocialDb, id: string): Promise<ChannelView> {
  return channelView(db, await requireChannel(db, id));
}

async function descriptionColumns(db: SocialDb, description: string) {
  const { text, mentions, positions } = await extractMentions(db, description);
  return {
    description: text,
    description_mentions: JSON.stringify(mentions),
    description_mentions_positions: JSON.stringify(positions),
  };
}
