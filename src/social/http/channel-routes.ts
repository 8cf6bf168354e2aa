import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { channelDetails, createChannel, editChannel } from '../channels/catalog.js';
import { channelMembers } from '../channels/members.js';
import type { SocialContext } from '../context.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import { channelScopes } from '../read-scopes.js';
import { registerAllChannelsRoute } from './all-channels-route.js';
import { callerOf } from './caller.js';
import { registerChannelAdminRoutes } from './channel-admin-routes.js';
import { registerChannelBanRoutes } from './channel-ban-routes.js';
import { registerChannelFollowRoutes } from './channel-follow-routes.js';
import { registerChannelInviteRoutes } from './channel-invite-routes.js';
import { ChannelIdRef, ChannelSchema, CreateChannelBody, EditChannelBody } from './channel-schemas.js';
import { pagedBody, pagedResultOf, pageRequestOf, PagingQuery, resultOf } from './envelope.js';
import { Fid } from './common-schemas.js';
import { keptReplyIn } from './kept-reply.js';
import { limitedWrite } from './rate-limited.js';

const ChannelResponse = resultOf(Type.Object({ channel: ChannelSchema }));

/**
 * Every channel route: catalog and members here, the other resources in their own files. A channel's
 * details and members are kept rendered while they do not change (src/shared/http/kept-answers.ts).
 */
export function registerChannelRoutes(app: HttpApp, context: SocialContext, kept: KeptAnswers): void {
  const { db } = context.database;

  registerAllChannelsRoute(app, context);

  app.get(
    '/v1/channel',
    {
      schema: {
        summary: 'One channel',
        querystring: Type.Object({ channelId: ChannelIdRef }),
        response: { 200: ChannelResponse },
      },
    },
    async (request, reply) => {
      const { channelId } = request.query;
      return keptReplyIn(kept, request, reply, channelScopes(channelId), async () => ({
        result: { channel: await channelDetails(db, channelId) },
      }));
    },
  );

  app.get(
    '/fc/channel-members',
    {
      schema: {
        summary: 'Members of a channel (owner and moderators included), newest first',
        querystring: Type.Composite([
          PagingQuery,
          Type.Object({ channelId: ChannelIdRef, fid: Type.Optional(Fid) }),
        ]),
        response: {
          200: pagedResultOf(
            Type.Object({ members: Type.Array(Type.Object({ fid: Fid, memberAt: Type.Integer() })) }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { channelId, fid } = request.query;
      return keptReplyIn(kept, request, reply, channelScopes(channelId), async () =>
        pagedBody(request, 'members', await channelMembers(db, channelId, fid, pageRequestOf(request))),
      );
    },
  );

  app.post(
    '/fc/channels',
    {
      ...limitedWrite(context, 'channelCreations'),
      schema: {
        summary: 'Create a channel; the caller becomes its owner',
        body: CreateChannelBody,
        response: { 200: ChannelResponse },
      },
    },
    async (request) => {
      const channel = await createChannel(context, { ...request.body, leadFid: callerOf(request).fid });
      return { result: { channel } };
    },
  );

  app.patch(
    '/fc/channels',
    {
      ...limitedWrite(context, 'channelEdits'),
      schema: {
        summary: "Edit a channel's details (owner only; the id and url never change)",
        body: EditChannelBody,
        response: { 200: ChannelResponse },
      },
    },
    async (request) => {
      const { channelId, ...edits } = request.body;
      return { result: { channel: await editChannel(context, channelId, edits, callerOf(request).fid) } };
    },
  );

  registerChannelFollowRoutes(app, context, kept);
  registerChannelInviteRoutes(app, context);
  registerChannelBanRoutes(app, context);
  registerChannelAdminRoutes(app, context);
}
