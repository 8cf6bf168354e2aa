import { Type } from '@sinclair/typebox';
import { httpUrl } from './common-schemas.js';

/** Request pieces shared by the verification, rewards, address, starter-pack and action routes. */

export const Platform = Type.Union([Type.Literal('x'), Type.Literal('github'), Type.Literal('discord')]);

export const Protocol = Type.Union([Type.Literal('ethereum'), Type.Literal('solana')]);

/** Slugs chosen by the operator (starter pack and action ids), e.g. `Underrated-CT-1y7n9b`. */
export const Slug = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: 'Id: letters, digits, _ and -',
});

export const HttpUrl = httpUrl(2048);
