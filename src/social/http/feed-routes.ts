import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { encodeCursor, readCursor, type HttpApp, type JsonValue } from '../../shared/http/index.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import { channelById } from '../channels/lookup.js';
import type { SocialContext } from '../context.js';
import { indexedCast } from '../node-index/store.js';
import { castReplies } from '../feed/cast-replies.js';
import type { ChannelCastPage } from '../feed/cast-rows.js';
import { channelFeed } from '../feed/channel-feed.js';
import { feedScopes } from '../read-scopes.js';
import { ChannelIdRef } from './channel-schemas.js';
import { Fid } from './common-schemas.js';
import { cursorListOf, PagingQuery, type ListRequest } from './envelope.js';
import { keptReply } from './kept-reply.js';
import {
  ChannelFeedResponse,
  CastRepliesResponse,
  FeedPositionSchema,
  ReplyPositionSchema,
} from './feed-schemas.js';
import { CastHash, castHashBytes } from './moderation-schemas.js';
import { DEFAULT_PAGE_SIZE } from '../paging.js';

const ChannelFeedQuery = Type.Composite([
  PagingQuery,
  Type.Object({ channelId: ChannelIdRef, viewerFid: Type.Optional(Fid) }),
]);

const CastRepliesQuery = Type.Composite([
  PagingQuery,
  Type.Object({ hash: CastHash, viewerFid: Type.Optional(Fid) }),
]);

/**
 * The two reads that apply moderation (docs/social/feed.md): a channel's feed and a cast's replies, each
 * page kept rendered while nothing it shows changes (src/shared/http/kept-answers.ts).
 */
export function registerFeedRoutes(app: HttpApp, context: SocialContext, kept: KeptAnswers): void {
  const db = context.database.db;
  /**
   * A page of casts, kept under the feed scopes of the channel they are read in: `channelUrl` finds it
   * for a page not kept yet (undefined: no such channel or cast, whose read then fails).
   */
  const keptCasts = <T, P extends JsonValue>(
    request: ListRequest,
    reply: FastifyReply,
    channelUrl: () => Promise<string | null | undefined>,
    page: () => Promise<ChannelCastPage<T, P>>,
  ) =>
    keptReply(
      kept,
      request,
      reply,
      async () => {
        const url = await channelUrl();
        return url === undefined ? undefined : feedScopes(url);
      },
      async () => castsAnswer(request, await page()),
    );

  app.get(
    '/v2/channel-feed',
    {
      schema: {
        summary:
          "A channel's casts, newest first, its pinned cast first; hidden casts, banned users' casts, " +
          "casts the viewer's blocks cover and, in a closed channel, non-members' casts left out",
        querystring: ChannelFeedQuery,
        response: { 200: ChannelFeedResponse },
      },
    },
    async (request, reply) => {
      const { channelId, viewerFid } = request.query;
      return keptCasts(
        request,
        reply,
        async () => (await channelById(db, channelId))?.url,
        () => channelFeed(db, { channelId, viewerFid, ...pageOf(request, FeedPositionSchema) }),
      );
    },
  );

  app.get(
    '/v2/cast-replies',
    {
      schema: {
        summary:
          "A cast's direct replies, oldest first, restricted users' below the fold; hidden replies and " +
          "those of users banned in the channel or blocked by the cast's author or the viewer left out",
        querystring: CastRepliesQuery,
        response: { 200: CastRepliesResponse },
      },
    },
    async (request, reply) => {
      const { hash, viewerFid } = request.query;
      const parentHash = castHashBytes(hash);
      return keptCasts(
        request,
        reply,
        async () => (await indexedCast(db, parentHash))?.channelUrl,
        () => castReplies(db, { hash: parentHash, viewerFid, ...pageOf(request, ReplyPositionSchema) }),
      );
    },
  );
}

/** The page size and, past the first page, the position the request's cursor holds. */
function pageOf<T extends TSchema>(request: ListRequest, position: T) {
  const after = readCursor(request.query.cursor, position, cursorListOf(request));
  return { limit: request.query.limit ?? DEFAULT_PAGE_SIZE, after };
}

/** A page's body, and the scopes of the channel its casts were read in. */
function castsAnswer<T, P extends JsonValue>(request: ListRequest, page: ChannelCastPage<T, P>) {
  const result = { casts: page.casts };
  const next =
    page.next === undefined ? {} : { next: { cursor: encodeCursor(page.next, cursorListOf(request)) } };
  return { scopes: feedScopes(page.channelUrl), body: { result, ...next } };
}
