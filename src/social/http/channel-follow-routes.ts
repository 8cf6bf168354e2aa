import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { channelFollowers, followedChannels, followStatus, setFollowing } from '../channels/follows.js';
import type { SocialContext } from '../context.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import { channelScopes } from '../read-scopes.js';
import { keptReplyIn } from './kept-reply.js';
import { SocialError } from '../errors.js';
import { callerOf } from './caller.js';
import { ChannelIdRef, ChannelSchema } from './channel-schemas.js';
import {
  pagedBody,
  pagedResultOf,
  pageRequestOf,
  PagingQuery,
  resultOf,
  SUCCESS,
  SuccessResponse,
} from './envelope.js';
import { Fid } from './common-schemas.js';
import { limitedWrite } from './rate-limited.js';

/** `channelKey` is what the reference's auth example sends (reference §1); `channelId` is documented. */
const FollowBody = Type.Object({
  channelId: Type.Optional(ChannelIdRef),
  channelKey: Type.Optional(ChannelIdRef),
});

function channelIdOf(body: { channelId?: string; channelKey?: string }): string {
  const id = body.channelId ?? body.channelKey;
  if (id === undefined)
    throw new SocialError('INVALID_REQUEST', { message: "body must have property 'channelId'" });
  return id;
}

export function registerChannelFollowRoutes(app: HttpApp, context: SocialContext, kept: KeptAnswers): void {
  const { db } = context.database;
  const limited = limitedWrite(context, 'channelFollows');

  app.get(
    '/v1/channel-followers',
    {
      schema: {
        summary: "A channel's followers, newest follow first",
        querystring: Type.Composite([PagingQuery, Type.Object({ channelId: ChannelIdRef })]),
        response: {
          200: pagedResultOf(
            Type.Object({ users: Type.Array(Type.Object({ fid: Fid, followedAt: Type.Integer() })) }),
          ),
        },
      },
    },
    async (request, reply) => {
      const { channelId } = request.query;
      return keptReplyIn(kept, request, reply, channelScopes(channelId), async () =>
        pagedBody(request, 'users', await channelFollowers(db, channelId, pageRequestOf(request))),
      );
    },
  );

  app.get(
    '/v1/user-following-channels',
    {
      schema: {
        summary: 'Channels a user follows, newest follow first',
        querystring: Type.Composite([PagingQuery, Type.Object({ fid: Fid })]),
        response: {
          200: pagedResultOf(
            Type.Object({
              channels: Type.Array(
                Type.Composite([ChannelSchema, Type.Object({ followedAt: Type.Integer() })]),
              ),
            }),
          ),
        },
      },
    },
    async (request) =>
      pagedBody(request, 'channels', await followedChannels(db, request.query.fid, pageRequestOf(request))),
  );

  app.get(
    '/v1/user-channel',
    {
      schema: {
        summary: 'Whether a user follows a channel',
        querystring: Type.Object({ fid: Fid, channelId: ChannelIdRef }),
        response: {
          200: resultOf(
            Type.Object({ following: Type.Boolean(), followedAt: Type.Optional(Type.Integer()) }),
          ),
        },
      },
    },
    async (request) => ({ result: await followStatus(db, request.query.fid, request.query.channelId) }),
  );

  for (const following of [true, false]) {
    app.route({
      method: following ? 'POST' : 'DELETE',
      url: '/fc/channel-follows',
      ...limited,
      schema: {
        summary: following ? 'Follow a channel' : 'Unfollow a channel',
        body: FollowBody,
        response: { 200: SuccessResponse },
      },
      handler: async (request) => {
        await setFollowing(context, callerOf(request).fid, channelIdOf(request.body), following);
        return SUCCESS;
      },
    });
  }
}
