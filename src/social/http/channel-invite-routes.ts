import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import {
  inviteToChannel,
  outstandingInvites,
  removeFromChannel,
  respondToInvite,
} from '../channels/invites.js';
import type { SocialContext } from '../context.js';
import { rateLimitHeaders } from '../rate-limit.js';
import { callerOf, requireCaller } from './caller.js';
import { ChannelIdRef, FilteredPagingQuery, InviteRoleSchema } from './channel-schemas.js';
import { pagedBody, pagedResultOf, pageRequestOf, SUCCESS, SuccessResponse } from './envelope.js';
import { Fid } from './common-schemas.js';

const InviteSchema = Type.Object({
  channelId: Type.String(),
  invitedFid: Type.Integer(),
  invitedAt: Type.Integer(),
  inviterFid: Type.Integer(),
  role: InviteRoleSchema,
});

/** Channel invites and roles (spec §4.2). */
export function registerChannelInviteRoutes(app: HttpApp, context: SocialContext): void {
  const { db } = context.database;
  const authenticated = { preHandler: requireCaller(context.auth) };

  app.get(
    '/fc/channel-invites',
    {
      schema: {
        summary: 'Outstanding invites, newest first',
        querystring: FilteredPagingQuery,
        response: { 200: pagedResultOf(Type.Object({ invites: Type.Array(InviteSchema) })) },
      },
    },
    async (request) => {
      const { channelId, fid } = request.query;
      return pagedBody(
        'invites',
        await outstandingInvites(db, { channelId, fid }, pageRequestOf(request.query)),
      );
    },
  );

  app.post(
    '/fc/channel-invites',
    {
      ...authenticated,
      schema: {
        summary: 'Invite a user to be a member or moderator (100 calls per caller and channel per hour)',
        body: Type.Object({ channelId: ChannelIdRef, inviteFid: Fid, role: InviteRoleSchema }),
        response: { 200: SuccessResponse },
      },
    },
    async (request, reply) => {
      const { channelId, inviteFid, role } = request.body;
      const limit = await inviteToChannel(context, callerOf(request).fid, {
        channelId,
        fid: inviteFid,
        role,
      });
      return reply.headers(rateLimitHeaders(limit)).send(SUCCESS);
    },
  );

  app.delete(
    '/fc/channel-invites',
    {
      ...authenticated,
      schema: {
        summary: 'Remove a role or revoke an invite (shares the invite rate limit)',
        body: Type.Object({ channelId: ChannelIdRef, removeFid: Fid, role: InviteRoleSchema }),
        response: { 200: SuccessResponse },
      },
    },
    async (request, reply) => {
      const { channelId, removeFid, role } = request.body;
      const limit = await removeFromChannel(context, callerOf(request).fid, {
        channelId,
        fid: removeFid,
        role,
      });
      return reply.headers(rateLimitHeaders(limit)).send(SUCCESS);
    },
  );

  app.patch(
    '/fc/channel-invites',
    {
      ...authenticated,
      schema: {
        summary: 'Accept or decline your outstanding invite (final)',
        body: Type.Object({ channelId: ChannelIdRef, role: InviteRoleSchema, accept: Type.Boolean() }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await respondToInvite(context, callerOf(request).fid, request.body);
      return SUCCESS;
    },
  );
}
