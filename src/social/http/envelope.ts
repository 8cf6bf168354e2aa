import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { encodeCursor, pagingQuery, readCursor } from '../../shared/http/index.js';
import type { Caller } from '../auth.js';
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

/** A read's request: its route and query, and on authenticated reads the caller. */
export interface ReadRequest {
  routeOptions: { url: string | undefined; schema?: { querystring?: unknown } | undefined };
  query: object;
  caller?: Caller | undefined;
}

/** What paging needs of a list's request. */
export interface ListRequest extends ReadRequest {
  query: PagingQuery;
}

/**
 * The list a request reads, as its cursors name it: the route, the filters given (the query parameters its
 * schema declares, but the page's own `limit` and `cursor`), and the caller on a list of the caller's own.
 * A cursor is only read by the list and filter that made it: any other is a 400 BAD_CURSOR, not a page
 * from a wrong place. Undeclared parameters (a client's cache buster) are no filter.
 */
export function cursorListOf(request: ReadRequest): string {
  const schema = request.routeOptions.schema?.querystring as { properties?: object } | undefined;
  const declared = schema?.properties ?? {};
  const query = request.query as Record<string, unknown>;
  const filter = Object.keys(query)
    .filter((name) => name in declared && name !== 'limit' && name !== 'cursor')
    .sort()
    .map((name) => [name, query[name]]);
  return JSON.stringify([request.routeOptions.url ?? '', request.caller?.fid ?? null, filter]);
}

/** `?limit=&cursor=` as a page request; a cursor that is not one of this list's is a 400 (BAD_CURSOR). */
export function pageRequestOf(request: ListRequest): PageRequest {
  const after = readCursor(request.query.cursor, PositionSchema, cursorListOf(request));
  return { limit: request.query.limit ?? DEFAULT_PAGE_SIZE, ...(after !== undefined && { after }) };
}

/** `{result: {[key]: items}, next?: {cursor}}`, plus any other result fields; the cursor names the list. */
export function pagedBody<T, K extends string>(
  request: ListRequest,
  key: K,
  page: Page<T>,
  extra: Record<string, unknown> = {},
): { result: Record<K, T[]>; next?: { cursor: string } } {
  const result = { ...extra, [key]: page.items } as Record<K, T[]>;
  if (page.next === undefined) return { result };
  return { result, next: { cursor: encodeCursor(page.next, cursorListOf(request)) } };
}
