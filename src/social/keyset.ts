import { sql, type SelectQueryBuilder } from 'kysely';
import { SocialError } from './errors.js';
import type { PageRequest, Position } from './paging.js';

/**
 * The page query of a list ordered by two columns, both in one direction: rows strictly after the
 * request's position, `limit + 1` of them (see paging.ts). Lists served newest (or most used) first go
 * `desc`; rank-ordered lists go `asc`.
 */
export interface KeysetOrder {
  columns: [string, string];
  direction: 'asc' | 'desc';
  /** What the second column holds, so a forged cursor cannot reach a bigint comparison with text. */
  tiebreaker: 'integer' | 'text';
}

export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  request: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const [first, second] = order.columns.map((column) => sql.ref(column)) as [
    ReturnType<typeof sql.ref>,
    ReturnType<typeof sql.ref>,
  ];
  const after = request.after === undefined ? undefined : checked(request.after, order.tiebreaker);
  const beyond = sql.raw(order.direction === 'desc' ? '<' : '>');
  const paged =
    after === undefined
      ? query
      : query.where(
          sql<boolean>`(${first} ${beyond} ${after[0]} or (${first} = ${after[0]} and ${second} ${beyond} ${after[1]}))`,
        );
  return paged
    .orderBy(first, order.direction)
    .orderBy(second, order.direction)
    .limit(request.limit + 1);
}

/** A forged cursor can carry any JSON: only the types the columns hold may reach the query. */
function checked(position: Position, tiebreaker: KeysetOrder['tiebreaker']): Position {
  const [first, second] = position;
  const secondOk =
    tiebreaker === 'integer'
      ? typeof second === 'number' && Number.isSafeInteger(second)
      : typeof second === 'string';
  if (!Number.isSafeInteger(first) || !secondOk) throw new SocialError('BAD_CURSOR');
  return position;
}

/**
 * The common case: newest first by a time column, ties broken by an integer column the database numbers
 * in insertion order (`id`, `seq`), so rows of the same second are listed in the order they came.
 */
export function newestFirst<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  timeColumn: string,
  tieColumn: string,
  request: PageRequest,
): SelectQueryBuilder<DB, TB, O> {
  const order: KeysetOrder = { columns: [timeColumn, tieColumn], direction: 'desc', tiebreaker: 'integer' };
  return keysetPage(query, order, request);
}
