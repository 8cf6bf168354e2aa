import { PostgresAdapter, sql } from 'kysely';
import type { AliasedExpression, Expression, Kysely, RawBuilder } from 'kysely';
import type { NodeTables } from './schema.js';

/** The byte column a page selects, and the column its rows are ordered by. */
export interface PageRow {
  encoded: Uint8Array;
  position: Uint8Array;
}

/** A page's rows as one row: their lengths (`"201,199"`) and their bytes joined; both null for no rows. */
export interface PackedRows {
  lengths: string | null;
  packed: Uint8Array | null;
}

/**
 * The `encoded` bytes of `page`'s rows in one value, in `position` order (descending when `reverse`):
 * SQLite hands each blob to JS as a Buffer of its own, where one joined blob is one Buffer for the whole
 * page (docs/performance.md has the gain). The order is the aggregate's own (`order by`, SQLite
 * 3.44+), not left to the subquery's. On SQLite the join is text and is cast back to a blob (the bytes are
 * kept as they are); on PostgreSQL it is bytea.
 */
export function packedRows(
  db: Kysely<NodeTables>,
  page: AliasedExpression<PageRow, 'page'>,
  reverse: boolean,
) {
  const direction = sql.raw(reverse ? 'desc' : 'asc');
  const position = sql.ref('page.position');
  const encoded = sql.ref('page.encoded');
  const joined = (value: Expression<unknown>, separator: RawBuilder<unknown>) =>
    sql`string_agg(${value}, ${separator} order by ${position} ${direction})`;
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.selectFrom(page).select([
    joined(sql`cast(length(${encoded}) as text)`, sql.lit(','))
      .$castTo<string | null>()
      .as('lengths'),
    (postgres ? joined(encoded, sql`cast('' as bytea)`) : sql`cast(${joined(encoded, sql.lit(''))} as blob)`)
      .$castTo<Uint8Array | null>()
      .as('packed'),
  ]);
}

/** Each row's bytes, as views of the packed value. */
export function unpackedRows([row]: readonly PackedRows[]): Uint8Array[] {
  if (row?.lengths == null || row.packed === null) return [];
  const { packed } = row;
  let offset = 0;
  return row.lengths.split(',').map((length) => {
    const end = offset + Number(length);
    const bytes = packed.subarray(offset, end);
    offset = end;
    return bytes;
  });
}
