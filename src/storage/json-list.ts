import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

/** How the elements of a JSON array are read back: numbers, hex strings as bytes, or text. */
export type JsonListOf = 'bigint' | 'bytes' | 'text';

/** Each dialect's reading of a JSON element, given the SQL of its text. */
const POSTGRES: Record<JsonListOf, (text: string) => string> = {
  bigint: (text) => `(${text})::bigint`,
  bytes: (text) => `decode(${text}, 'hex')`,
  text: (text) => text,
};
const SQLITE: Record<JsonListOf, (text: string) => string> = {
  bigint: (text) => text,
  bytes: (text) => `unhex(${text})`,
  text: (text) => text,
};

const isPostgres = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * `select <element> as value from <json array>`: a list of any length bound as one parameter, so a
 * statement that takes a list has one text on either dialect (compiled once, reusable-query.ts).
 */
export function jsonList<DB>(db: Kysely<DB>, json: string, of: JsonListOf): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`select ${sql.raw(POSTGRES[of]('value'))} as value from jsonb_array_elements_text(${json}::jsonb) as value`
    : sql`select ${sql.raw(SQLITE[of]('value'))} as value from json_each(${json})`;
}

/** `select <first> as first, <second> as second from <json array of two-element arrays>`, as jsonList. */
export function jsonPairs<DB>(
  db: Kysely<DB>,
  json: string,
  first: JsonListOf,
  second: JsonListOf,
): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`select ${sql.raw(POSTGRES[first]('pair->>0'))} as first, ${sql.raw(POSTGRES[second]('pair->>1'))} as second
            from jsonb_array_elements(${json}::jsonb) as pair`
    : sql`select ${sql.raw(SQLITE[first]("json_extract(value, '$[0]')"))} as first,
                 ${sql.raw(SQLITE[second]("json_extract(value, '$[1]')"))} as second
            from json_each(${json})`;
}
