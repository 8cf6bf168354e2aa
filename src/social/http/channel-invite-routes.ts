import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import {
  countInviteCall,
  inviteToChannel,
  outstandingInvites,
  removeFromChannel,
  respondToInvite,
} from '../channels/invites.js';
import type { SocialContext } from '../context.js';
import { callerOf, requireCaller } from './caller.js';
import { ChannelIdRef, FilteredPagingQuery, InviteRoleSchema } from './channel-schemas.js';
import { pagedBody, pagedResultOf, pageRequestOf, SUCCESS, SuccessResponse } from './envelope.js';
import { Fid } from './common-schemas.js';
import { limitedWrite } from './rate-limited.js';

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
  const authenticated = { preValidation: requireCaller(context.auth) };
  // POST and DELETE share the spec's limit per caller and channel; the body schema has run by then.
  const limited = limitedWrite(context, (request) =>
    countInviteCall(context, callerOf(request).fid, (request.body as { channelId: string }).channelId),
  );

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
        request,
        'invites',
        await outstandingInvites(db, { channelId, fid }, pageRequestOf(request)),
      );
    },
  );

  app.post(
    '/fc/channel-invites',
    {
      ...limited,
      schema: {
        summary: 'Invite a user to be a member or moderator (100 calls per caller and channel per hour)',
        body: Type.Object({ channelId: ChannelIdRef, inviteFid: Fid, role: InviteRoleSchema }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const { channelId, inviteFid, role } = request.body;
      await inviteToChannel(context, callerOf(request).fid, { channelId, fid: inviteFid, role });
      return SUCCESS;
    },
  );

  app.delete(
    '/fc/channel-invites',
    {
      ...limited,
      schema: {
        summary: 'Remove a role or revoke an invite (shares the invite rate limit)',
        body: Type.Object({ channelId: ChannelIdRef, removeFid: Fid, role: InviteRoleSchema }),
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      const { channelId, removeFid, role } = request.body;
      await removeFromChannel(context, callerOf(request).fid, { channelId, fid: removeFid, role });
      return SUCCESS;
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
