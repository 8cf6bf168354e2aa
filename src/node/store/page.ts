/**
 * Keyset paging shared by the node's stores: `after` is the position of the last item of the previous
 * page (the HTTP layer turns it into an opaque pageToken), never an offset.
 */
export interface PageRequest<Position> {
  /** Items per page, at least 1. */
  limit: number;
  after?: Position | undefined;
  /** Newest first instead of oldest first. */
  reverse?: boolean | undefined;
}

export interface Page<Item, Position> {
  items: Item[];
  /** Present only when more items follow. */
  next?: Position | undefined;
}

/**
 * Builds a page from rows fetched with `limit + 1` (one extra row says whether a next page exists, so a
 * full last page gives no token).
 */
export function toPage<Row, Item, Position>(
  rows: readonly Row[],
  limit: number,
  item: (row: Row) => Item,
  position: (row: Row) => Position,
): Page<Item, Position> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(item),
    next: rows.length > limit && last !== undefined ? position(last) : undefined,
  };
}

/** Validates a page size before it reaches SQL. */
export function checkLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError('page limit must be a positive integer');
  return limit;
}
