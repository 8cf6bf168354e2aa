import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { encodeCursor, readCursor, type HttpApp, type JsonValue } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import { castReplies } from '../feed/cast-replies.js';
import type { ChannelCastPage } from '../feed/cast-rows.js';
import { channelFeed } from '../feed/channel-feed.js';
import { feedScope, keptPages } from '../feed/kept-pages.js';
import { ChannelIdRef } from './channel-schemas.js';
import { Fid } from './common-schemas.js';
import { cursorListOf, PagingQuery, type ListRequest } from './envelope.js';
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
 * page kept rendered while nothing it shows changes (kept-pages.ts).
 */
export function registerFeedRoutes(app: HttpApp, context: SocialContext): void {
  const db = context.database.db;
  const kept = keptPages(db);
  /** Everything a page depends on besides the database: its list (route, caller, filter), size and cursor. */
  const keyOf = (request: ListRequest) =>
    `${cursorListOf(request)}|${request.query.limit ?? ''}|${request.query.cursor ?? ''}`;

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
      const body = await kept.serve(
        keyOf(request),
        async () => {
          const channel = await db
            .selectFrom('channels')
            .select('url')
            .where('id', '=', channelId)
            .executeTakeFirst();
          return channel && feedScope(channel.url);
        },
        async () =>
          renderPage(
            request,
            await channelFeed(db, { channelId, viewerFid, ...pageOf(request, FeedPositionSchema) }),
          ),
      );
      return sendJson(reply, body);
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
      const body = await kept.serve(
        keyOf(request),
        async () => {
          const parent = await db
            .selectFrom('indexed_casts')
            .select('channel_url')
            .where('hash', '=', parentHash)
            .executeTakeFirst();
          return parent && feedScope(parent.channel_url);
        },
        async () =>
          renderPage(
            request,
            await castReplies(db, { hash: parentHash, viewerFid, ...pageOf(request, ReplyPositionSchema) }),
          ),
      );
      return sendJson(reply, body);
    },
  );
}

/** The page size and, past the first page, the position the request's cursor holds. */
function pageOf<T extends TSchema>(request: ListRequest, position: T) {
  const after = readCursor(request.query.cursor, position, cursorListOf(request));
  return { limit: request.query.limit ?? DEFAULT_PAGE_SIZE, after };
}

/** The answer's bytes, and the scope of the versions they are kept under. */
function renderPage<T, P extends JsonValue>(request: ListRequest, page: ChannelCastPage<T, P>) {
  const result = { casts: page.casts };
  const next =
    page.next === undefined ? {} : { next: { cursor: encodeCursor(page.next, cursorListOf(request)) } };
  return { scope: feedScope(page.channelUrl), body: Buffer.from(JSON.stringify({ result, ...next })) };
}

/** Kept bytes are already JSON: sent as they are, not serialized again. */
const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type('application/json; charset=utf-8').send(body);
