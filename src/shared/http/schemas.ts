import { Type } from '@sinclair/typebox';
import type { Static, TObject, TOptional, TInteger, TString } from '@sinclair/typebox';
import { MAX_CURSOR_LENGTH } from './cursor.js';

export type PagingQuerySchema = TObject<{ limit: TOptional<TInteger>; cursor: TOptional<TString> }>;

export type PagingQuery = Static<PagingQuerySchema>;

/**
 * Query schema for `?limit=&cursor=` paging. Query strings arrive as text; Fastify's ajv coerces `limit`
 * to an integer, and an out-of-range value is a validation failure rather than being silently capped.
 * Combine with a route's own parameters via `Type.Composite([pagingQuery(100), Type.Object({...})])`.
 */
export function pagingQuery(maxLimit: number): PagingQuerySchema {
  if (!Number.isInteger(maxLimit) || maxLimit < 1) {
    throw new RangeError(`maxLimit must be a positive integer, got ${maxLimit}`);
  }
  return Type.Object({
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: maxLimit, description: `Page size, 1 to ${maxLimit}` }),
    ),
    cursor: Type.Optional(
      Type.String({
        maxLength: MAX_CURSOR_LENGTH,
        description: 'Opaque cursor from the previous page (`next.cursor`); absent for the first page',
      }),
    ),
  });
}
