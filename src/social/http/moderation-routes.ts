import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import { listModerationActions, moderateCast } from '../moderation/cast-moderation.js';
import { registerBlockRoutes } from './block-routes.js';
import { callerOf } from './caller.js';
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
import { registerPinRoutes } from './pin-routes.js';
import { limitedWrite } from './rate-limited.js';

const ModerationAction = Type.Union([Type.Literal('hide'), Type.Literal('unhide')]);

const ModeratedCastsQuery = Type.Composite([
  PagingQuery,
  Type.Object({ channelId: Type.Optional(ChannelIdRef) }),
]);

const ModeratedCastsResponse = pagedResultOf(
  Type.Object({
    moderationActions: Type.Array(
      Type.Object({
        castHash: Type.String(),
        channelId: Type.String(),
        action: ModerationAction,
        moderatedAt: Type.Integer(),
      }),
    ),
  }),
);

const ModerateCastBody = Type.Object({ castHash: CastHash, action: ModerationAction });

/** Cast moderation (spec §4.3), then pins (§4.4) and blocks (§4.5). */
export function registerModerationRoutes(app: HttpApp, context: SocialContext, kept: KeptAnswers): void {
  const db = context.database.db;

  app.get(
    '/fc/moderated-casts',
    {
      schema: {
        summary:
          'Log of hide and unhide actions, newest first; a cast is hidden when its latest action is hide',
        querystring: ModeratedCastsQuery,
        response: { 200: ModeratedCastsResponse },
      },
    },
    async (request) => {
      const { channelId } = request.query;
      const page = await listModerationActions(db, { channelId }, pageRequestOf(request));
      return pagedBody(request, 'moderationActions', page);
    },
  );

  // The docs name the operation /fc/moderated-casts but their sample request posts to /fc/moderate-cast.
  for (const url of ['/fc/moderated-casts', '/fc/moderate-cast']) {
    app.post(
      url,
      {
        ...limitedWrite(context, 'moderation'),
        schema: {
          summary: 'Hide or unhide a cast of a channel the caller owns or moderates',
          body: ModerateCastBody,
          response: { 200: SuccessResponse },
        },
      },
      async (request) => {
        const { castHash, action } = request.body;
        await moderateCast(db, context.clock, {
          callerFid: callerOf(request).fid,
          castHash: castHashBytes(castHash),
          action,
        });
        return SUCCESS;
      },
    );
  }

  registerPinRoutes(app, context);
  registerBlockRoutes(app, context, kept);
}
