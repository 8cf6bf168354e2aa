import { Type } from '@sinclair/typebox';
import type { HttpApp } from '../../shared/http/index.js';
import { allChannels } from '../channels/catalog.js';
import { channelListVersion } from '../channels/list-version.js';
import type { SocialContext } from '../context.js';
import { ChannelSchema } from './channel-schemas.js';
import { resultOf } from './envelope.js';
import { renderBody, sendRendered, type RenderedBody } from './rendered-body.js';

/**
 * GET /v2/all-channels: every channel, unpaginated and unauthenticated, so the one read a flood of anonymous
 * clients can make expensive. It is served from a rendering kept per version of the channel list: while
 * nothing changed, a request costs one tiny read of the version (which another process may have bumped).
 */
export function registerAllChannelsRoute(app: HttpApp, context: SocialContext): void {
  const { db } = context.database;
  /** The newest rendering, or the one being made: concurrent requests for one version share one build. */
  let kept: { version: number; body: Promise<RenderedBody> } | undefined;

  const current = async (): Promise<RenderedBody> => {
    const version = await channelListVersion(db);
    if (kept === undefined || version > kept.version) {
      const body = allChannels(db).then((channels) => renderBody(JSON.stringify({ result: { channels } })));
      const build = { version, body };
      kept = build;
      body.catch(() => {
        if (kept === build) kept = undefined;
      });
    }
    return kept.body;
  };

  app.get(
    '/v2/all-channels',
    {
      schema: {
        summary: 'Every channel, newest first (not paginated; ETag, gzip and brotli)',
        response: { 200: resultOf(Type.Object({ channels: Type.Array(ChannelSchema) })) },
      },
    },
    async (request, reply) => sendRendered(request, reply, await current()),
  );
}
