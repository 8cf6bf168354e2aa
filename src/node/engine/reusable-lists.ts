import type { Compilable, Kysely } from 'kysely';
import { reusableQueryByShape } from '../../storage/reusable-query.js';

/**
 * Values per statement. Each list length up to it has a statement of its own, compiled once; a longer list
 * runs in chunks of this many, so there are never more than this many such statements.
 */
const LIST_CHUNK = 64;

/**
 * A read by a list of values (`in (...)`, a VALUES list) that Kysely builds and compiles once per list
 * length instead of once per call: for the few keys of a merge batch, building and compiling cost about as
 * much as SQLite takes to run it. `build` gets stand-ins for the distinct values and may use them only as
 * bound values, as reusableQuery's builds do; rows of every chunk are returned together.
 */
export function reusableListQuery<DB, Value, Row>(
  build: (db: Kysely<DB>, values: Value[]) => Compilable<Row>,
): (db: Kysely<DB>, values: readonly Value[]) => Promise<Row[]> {
  const run = reusableQueryByShape(
    (length: number) => String(length),
    (_length: number, db: Kysely<DB>, ...values: Value[]) => build(db, values),
  );
  return async (db, values) => {
    const distinct = [...new Set(values)];
    const rows: Row[] = [];
    for (let start = 0; start < distinct.length; start += LIST_CHUNK) {
      const chunk = distinct.slice(start, start + LIST_CHUNK);
      rows.push(...(await run(chunk.length, db, ...chunk)));
    }
    return rows;
  };
}
