import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { activeSanctions, banUser, unbanUser } from '../channels/sanctions.js';
import type { SanctionKind } from '../channels/tables.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { callerOf } from './caller.js';
import { ChannelIdRef, FilteredPagingQuery } from './channel-schemas.js';
import { pagedBody, pagedResultOf, pageRequestOf, SUCCESS, SuccessResponse } from './envelope.js';
import { Fid } from './common-schemas.js';
import { limitedWrite } from './rate-limited.js';

/** The two active-state lists: where each is served, under which key, and the name of its time field. */
const LISTS = [
  { kind: 'restricted', url: '/fc/channel-restricted-users', key: 'restrictedUsers', at: 'restrictedAt' },
  { kind: 'banned', url: '/fc/channel-bans', key: 'bannedUsers', at: 'bannedAt' },
] as const satisfies { kind: SanctionKind; url: string; key: string; at: string }[];

/** The reference's unban sample sends `banFid` where the docs say `unbanFid` (reference §1); both work. */
const UnbanBody = Type.Object({
  channelId: ChannelIdRef,
  unbanFid: Type.Optional(Fid),
  banFid: Type.Optional(Fid),
});

function unbanFidOf(body: { unbanFid?: number; banFid?: number }): number {
  const { unbanFid, banFid } = body;
  if (unbanFid !== undefined && banFid !== undefined && unbanFid !== banFid) {
    throw new SocialError('INVALID_REQUEST', { message: 'unbanFid and banFid name different users' });
  }
  const fid = unbanFid ?? banFid;
  if (fid === undefined)
    throw new SocialError('INVALID_REQUEST', { message: "body must have property 'unbanFid'" });
  return fid;
}

/** Restricted users and bans (spec §4.3). */
export function registerChannelBanRoutes(app: HttpApp, context: SocialContext): void {
  const { db } = context.database;
  const limited = limitedWrite(context, 'moderation');

  for (const list of LISTS) {
    const Entry = Type.Object({ fid: Type.Integer(), channelId: Type.String(), [list.at]: Type.Integer() });
    app.get(
      list.url,
      {
        schema: {
          summary: `Active ${list.kind === 'banned' ? 'bans' : 'restrictions'}, newest first`,
          querystring: FilteredPagingQuery,
          response: { 200: pagedResultOf(Type.Object({ [list.key]: Type.Array(Entry) })) },
        },
      },
      async (request) => {
        const { channelId, fid } = request.query;
        const page = await activeSanctions(db, list.kind, { channelId, fid }, pageRequestOf(request));
        const items = page.items.map((entry) => ({
          fid: entry.fid,
          channelId: entry.channelId,
          [list.at]: entry.since,
        }));
        return pagedBody(request, list.key, { ...page, items });
      },
    );
  }

  app.post(
    '/fc/channel-bans',
    {
      ...limited,
      schema: {
        summary: 'Ban a user from a channel (owner or moderator)',
        body: Type.Object({ channelId: ChannelIdRef, banFid: Fid }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await banUser(context, callerOf(request).fid, request.body.channelId, request.body.banFid);
      return SUCCESS;
    },
  );

  app.delete(
    '/fc/channel-bans',
    {
      ...limited,
      schema: {
        summary: 'Unban a user; they become restricted (owner or moderator)',
        body: UnbanBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await unbanUser(context, callerOf(request).fid, request.body.channelId, unbanFidOf(request.body));
      return SUCCESS;
    },
  );
}
