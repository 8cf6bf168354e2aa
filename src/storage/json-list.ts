import { PostgresAdapter, sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';

/** How the elements of a JSON array are read back: numbers, hex strings as bytes, or text. */
export type JsonListOf = 'bigint' | 'bytes' | 'text';

const POSTGRES: Record<JsonListOf, string> = {
  bigint: 'value::bigint',
  bytes: "decode(value, 'hex')",
  text: 'value',
};
const SQLITE: Record<JsonListOf, string> = { bigint: 'value', bytes: 'unhex(value)', text: 'value' };

/**
 * `select <element> as value from <json array>`: a list of any length bound as one parameter, so a
 * statement that takes a list has one text on either dialect (compiled once, reusable-query.ts).
 */
export function jsonList<DB>(db: Kysely<DB>, json: string, of: JsonListOf): RawBuilder<unknown> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql`select ${sql.raw(POSTGRES[of])} as value from jsonb_array_elements_text(${json}::jsonb) as value`
    : sql`select ${sql.raw(SQLITE[of])} as value from json_each(${json})`;
}
