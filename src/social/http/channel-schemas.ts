import { Type } from '@sinclair/typebox';
import { PagingQuery } from './envelope.js';
import { Fid, httpUrl } from './common-schemas.js';

/** Schemas shared by the channel routes (docs/social/channels.md lists the limits). */

/** Names an existing channel: any id without control characters; an unknown one is a 404. */
export const ChannelIdRef = Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f]+$' });

/** A new channel's id: lowercase letters, digits and hyphens, at most 16. */
export const NewChannelId = Type.String({ pattern: '^[a-z0-9-]{1,16}$', description: '[a-z0-9-], 1 to 16' });

export const InviteRoleSchema = Type.Union([Type.Literal('member'), Type.Literal('moderator')]);

const HttpUrl = httpUrl(1024);
/** An image url, or '' for none. */
const ImageUrl = Type.String({ maxLength: 1024, pattern: '^(https?://\\S+)?$' });
const ExternalLink = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: 64 }), url: HttpUrl },
  { additionalProperties: false },
);

/** The editable details, as in POST and PATCH /fc/channels. */
const editable = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' })),
  description: Type.Optional(Type.String({ maxLength: 1024 })),
  imageUrl: Type.Optional(ImageUrl),
  headerImageUrl: Type.Optional(ImageUrl),
  publicCasting: Type.Optional(Type.Boolean()),
};

export const CreateChannelBody = Type.Object(
  {
    ...editable,
    id: NewChannelId,
    name: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
    externalLink: Type.Optional(ExternalLink),
  },
  { additionalProperties: false },
);

export const EditChannelBody = Type.Object(
  {
    ...editable,
    channelId: ChannelIdRef,
    externalLink: Type.Optional(Type.Union([ExternalLink, Type.Null()])),
  },
  { additionalProperties: false },
);

/** The operator's create: any lead (or none) and, for legacy channels, any parent url (≤ 256 bytes). */
export const AdminCreateChannelBody = Type.Object(
  {
    ...CreateChannelBody.properties,
    leadFid: Type.Optional(Fid),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 256, pattern: '^\\S+$' })),
  },
  { additionalProperties: false },
);

export const AdminEditChannelBody = Type.Object(
  { ...EditChannelBody.properties, leadFid: Type.Optional(Fid) },
  { additionalProperties: false },
);

export const ChannelIdBody = Type.Object({ channelId: ChannelIdRef }, { additionalProperties: false });

export const ChannelSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  name: Type.String(),
  description: Type.String(),
  descriptionMentions: Type.Array(Type.Integer()),
  descriptionMentionsPositions: Type.Array(Type.Integer()),
  imageUrl: Type.String(),
  headerImageUrl: Type.String(),
  leadFid: Type.Optional(Type.Integer()),
  moderatorFids: Type.Array(Type.Integer()),
  createdAt: Type.Integer(),
  followerCount: Type.Integer(),
  memberCount: Type.Integer(),
  pinnedCastHash: Type.Optional(Type.String()),
  publicCasting: Type.Boolean(),
  externalLink: Type.Optional(Type.Object({ title: Type.String(), url: Type.String() })),
});

/** `?limit=&cursor=` plus optional channelId and fid filters (invites, bans, restricted users). */
export const FilteredPagingQuery = Type.Composite([
  PagingQuery,
  Type.Object({ channelId: Type.Optional(ChannelIdRef), fid: Type.Optional(Fid) }),
]);
