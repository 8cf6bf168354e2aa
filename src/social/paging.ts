/**
 * Keyset paging for the social API's lists, which all run newest first: a page is read as `limit + 1`
 * rows ordered by (time desc, tie-breaker desc), and the position of its last row is where the next page
 * starts. Positions are plain JSON so the HTTP layer can wrap them in an opaque cursor.
 */

/** Sort time of the last row served, then its tie-breaker (an id, fid or hash) for rows at the same time. */
export type Position = [number, number | string];

export interface PageRequest {
  limit: number;
  /** Rows strictly after this position; the first page when absent. */
  after?: Position;
}

export interface Page<T> {
  items: T[];
  /** Where the next page starts; absent on the last page. */
  next?: Position;
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** Cuts the `limit + 1` rows a query returned into a page, remembering the last served row's position. */
export function pageOf<Row, T>(
  rows: Row[],
  request: PageRequest,
  positionOf: (row: Row) => Position,
  render: (row: Row) => T,
): Page<T> {
  const served = rows.slice(0, request.limit);
  const last = served.at(-1);
  const items = served.map(render);
  return rows.length > request.limit && last !== undefined ? { items, next: positionOf(last) } : { items };
}
