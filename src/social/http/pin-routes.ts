import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { listAnnouncements } from '../moderation/announcements.js';
import { pinCast, unpinCast, type UnpinTarget } from '../moderation/pins.js';
import { callerOf, requireCaller } from './caller.js';
import {
  PagingQuery,
  SUCCESS,
  SuccessResponse,
  pageRequestOf,
  pagedBody,
  pagedResultOf,
} from './envelope.js';
import { ChannelIdRef } from './channel-schemas.js';
import { CastHash, castHashBytes } from './moderation-schemas.js';
import { limitedWrite } from './rate-limited.js';

const PinBody = Type.Object({
  castHash: CastHash,
  notifyChannelFollowers: Type.Optional(Type.Boolean({ default: false })),
});

const UnpinBody = Type.Object({ castHash: Type.Optional(CastHash), channelId: Type.Optional(ChannelIdRef) });

const NotificationsResponse = pagedResultOf(
  Type.Object({
    notifications: Type.Array(
      Type.Object({
        type: Type.Literal('channel-announcement'),
        channelId: Type.String(),
        castHash: Type.String(),
        createdAt: Type.Integer(),
      }),
    ),
  }),
);

/** Pinned casts (spec §4.4) and the announcements they send (§6.6). */
export function registerPinRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;
  const limited = limitedWrite(context, 'pins');

  app.put(
    '/fc/pinned-casts',
    {
      ...limited,
      schema: {
        summary: "Pin a cast in its channel (owner or moderator), replacing the channel's pin",
        body: PinBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await pinCast(db, context.clock, {
        callerFid: callerOf(request).fid,
        castHash: castHashBytes(request.body.castHash),
        notifyChannelFollowers: request.body.notifyChannelFollowers ?? false,
      });
      return SUCCESS;
    },
  );

  app.delete(
    '/fc/pinned-casts',
    {
      ...limited,
      schema: {
        summary: 'Unpin a cast (only while it is pinned) or whatever a channel has pinned',
        body: UnpinBody,
        response: { 200: SuccessResponse },
      },
    },
    async (request) => {
      await unpinCast(db, callerOf(request).fid, unpinTargetOf(request.body));
      return SUCCESS;
    },
  );

  app.get(
    '/fc/notifications',
    {
      preValidation: requireCaller(context.auth),
      schema: {
        summary: "The caller's channel announcements, newest first (an Agora addition)",
        querystring: PagingQuery,
        response: { 200: NotificationsResponse },
      },
    },
    async (request) => {
      const page = await listAnnouncements(db, callerOf(request).fid, pageRequestOf(request));
      return pagedBody(request, 'notifications', page);
    },
  );
}

function unpinTargetOf(body: { castHash?: string; channelId?: string }): UnpinTarget {
  if (body.castHash !== undefined && body.channelId === undefined)
    return { castHash: castHashBytes(body.castHash) };
  if (body.channelId !== undefined && body.castHash === undefined) return { channelId: body.channelId };
  throw new SocialError('INVALID_REQUEST', { message: 'Give exactly one of castHash or channelId' });
}
