import { Type } from '@sinclair/typebox';
import { pagedResultOf } from './envelope.js';
import { CastHash } from './moderation-schemas.js';

/** The answers of the feed reads and the positions their cursors carry (src/social/feed/). */

const FeedCast = Type.Object({
  hash: Type.String(),
  fid: Type.Integer(),
  timestamp: Type.Integer({ description: 'UNIX seconds' }),
  text: Type.String(),
  // One object with either field, rather than a union: the serializer writes it without trying each shape.
  embeds: Type.Array(
    Type.Object({
      url: Type.Optional(Type.String()),
      castId: Type.Optional(Type.Object({ fid: Type.Integer(), hash: Type.String() })),
    }),
  ),
  mentions: Type.Array(Type.Integer()),
  mentionsPositions: Type.Array(Type.Integer()),
  parentUrl: Type.Optional(Type.String()),
  parentHash: Type.Optional(Type.String()),
  parentFid: Type.Optional(Type.Integer()),
  replyCount: Type.Integer({ description: 'Direct replies the same reader would see' }),
  username: Type.Optional(Type.String()),
  displayName: Type.Optional(Type.String()),
});

export const ChannelFeedResponse = pagedResultOf(
  Type.Object({
    casts: Type.Array(Type.Composite([FeedCast, Type.Object({ pinned: Type.Boolean() })])),
  }),
);

export const CastRepliesResponse = pagedResultOf(
  Type.Object({
    casts: Type.Array(Type.Composite([FeedCast, Type.Object({ belowFold: Type.Boolean() })])),
  }),
);

const Timestamp = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const TimelineAt = Type.Tuple([Timestamp, CastHash]);

/** channel-feed.ts `FeedPosition`. */
export const FeedPositionSchema = Type.Object(
  { pinned: Type.Optional(CastHash), after: Type.Optional(TimelineAt) },
  { additionalProperties: false },
);

/** cast-replies.ts `ReplyPosition`. */
export const ReplyPositionSchema = Type.Tuple([
  Type.Union([Type.Literal(0), Type.Literal(1)]),
  Timestamp,
  CastHash,
]);
