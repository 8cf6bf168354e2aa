import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { encodeCursor, pagingQuery, readCursor } from '../../shared/http/index.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page, type PageRequest } from '../paging.js';

/**
 * The social API's response envelope (reference §0): everything under `result`, and on paged reads a
 * top-level `next: {cursor}` that is absent on the last page. Writes answer `{result: {success: true}}`.
 */

export const resultOf = <T extends TSchema>(result: T) => Type.Object({ result });

export const pagedResultOf = <T extends TSchema>(result: T) =>
  Type.Object({ result, next: Type.Optional(Type.Object({ cursor: Type.String() })) });

export const SuccessResponse = resultOf(Type.Object({ success: Type.Literal(true) }));
export const SUCCESS = { result: { success: true as const } };

export const PagingQuery = pagingQuery(MAX_PAGE_SIZE);
export type PagingQuery = Static<typeof PagingQuery>;

const PositionSchema = Type.Tuple([Type.Number(), Type.Union([Type.Number(), Type.String()])]);

/** `?limit=&cursor=` as a page request; a cursor that is not one of ours is a 400 (BAD_CURSOR). */
export function pageRequestOf(query: PagingQuery): PageRequest {
  const after = readCursor(query.cursor, PositionSchema);
  return { limit: query.limit ?? DEFAULT_PAGE_SIZE, ...(after !== undefined && { after }) };
}

/** `{result: {[key]: items}, next?: {cursor}}`, plus any other result fields. */
export function pagedBody<T, K extends string>(
  key: K,
  page: Page<T>,
  extra: Record<string, unknown> = {},
): { result: Record<K, T[]>; next?: { cursor: string } } {
  const result = { ...extra, [key]: page.items } as Record<K, T[]>;
  return page.next === undefined ? { result } : { result, next: { cursor: encodeCursor(page.next) } };
}
