import { Type } from '@sinclair/typebox';

/** Request pieces every area of the social API shares. */

/** Fids are bigint columns; the bound keeps every value exact in JavaScript and in the database. */
export const Fid = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'Account id' });

/** Counts and amounts stored in bigint columns. */
export const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** An absolute http(s) url without whitespace. */
export const httpUrl = (maxLength: number) => Type.String({ maxLength, pattern: '^https?://\\S+$' });

/** A write body that lists every field it accepts, so a misspelt field is a 400, not ignored. */
export const strict = { additionalProperties: false } as const;
