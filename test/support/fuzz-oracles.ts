/**
 * What the fuzz runner (fuzz.ts) judges a reply and the database by: each service's error shape, and a
 * fingerprint of every table that shows whether a rejected request changed anything.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { NAMES_ERRORS } from '../../src/names/errors.js';
import { SOCIAL_ERRORS } from '../../src/social/errors.js';
import type { Dialect } from '../../src/storage/index.js';

// ---- Error shapes ----

/** A problem with an error reply, or undefined when it is in the service's shape. */
export type ErrorShape = (status: number, body: unknown) => string | undefined;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const keysOf = (value: Record<string, unknown>) => JSON.stringify(Object.keys(value));

/** Spec §7: `{errCode, presentable, name, code, details, metadata}`; 400, or 404 for an unknown route. */
export const nodeErrorShape: ErrorShape = (status, body) => {
  const keys = ['errCode', 'presentable', 'name', 'code', 'details', 'metadata'];
  if (!isRecord(body) || keysOf(body) !== JSON.stringify(keys)) return 'not the hub error body';
  if (typeof body.errCode !== 'string' || typeof body.code !== 'number' || typeof body.details !== 'string')
    return 'errCode, code or details of the wrong type';
  if (body.presentable !== false || body.name !== 'HubError') return 'presentable/name differ';
  if (JSON.stringify(body.metadata) !== JSON.stringify({ errcode: [body.errCode] }))
    return 'metadata differs';
  // A 5xx is judged as a server fault by the runner; here only its body counts.
  const fitting = status === 400 || status >= 500 || (status === 404 && body.errCode === 'not_found');
  return fitting ? undefined : `status ${status}`;
};

/** `{"error": message}` or `{"error": "Validation failure", "code": CODE}`, as NAMES_ERRORS defines them. */
export const namesErrorShape: ErrorShape = (status, body) => {
  if (!isRecord(body) || typeof body.error !== 'string') return 'no error text';
  const code =
    body.code === undefined
      ? Object.entries(NAMES_ERRORS).find(([, d]) => !d.withCode && d.message === body.error)?.[0]
      : body.code;
  const definition = NAMES_ERRORS[code as keyof typeof NAMES_ERRORS] as
    (typeof NAMES_ERRORS)[keyof typeof NAMES_ERRORS] | undefined;
  if (definition === undefined) return `unknown code ${String(code)}`;
  const expected = definition.withCode ? { error: definition.message, code } : { error: definition.message };
  if (JSON.stringify(body) !== JSON.stringify(expected)) return 'body differs from the code definition';
  return status === definition.status ? undefined : `status ${status} for ${String(code)}`;
};

/** `{"errors":[{"message","code"}]}` with a registered code and its status. */
export const socialErrorShape: ErrorShape = (status, body) => {
  if (
    !isRecord(body) ||
    keysOf(body) !== '["errors"]' ||
    !Array.isArray(body.errors) ||
    body.errors.length !== 1
  )
    return 'not {errors:[one]}';
  const [error] = body.errors as unknown[];
  if (
    !isRecord(error) ||
    keysOf(error) !== '["message","code"]' ||
    typeof error.message !== 'string' ||
    error.message === ''
  )
    return 'not {message, code}';
  const definition = SOCIAL_ERRORS[error.code as keyof typeof SOCIAL_ERRORS] as
    { status: number } | undefined;
  if (definition === undefined) return `unknown code ${String(error.code)}`;
  return status === definition.status ? undefined : `status ${status} for ${String(error.code)}`;
};

// ---- Database fingerprint ----

export interface FingerprintSource {
  // Any service's tables.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  dialect: Dialect;
}

/** Per table: row count and a hash of every row. `skip` names tables whose change is not a state change. */
export async function fingerprint(
  source: FingerprintSource,
  skip: readonly string[] = [],
): Promise<Map<string, string>> {
  const { db, dialect } = source;
  const listed =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
          db,
        );
  const tables = listed.rows
    .map((row) => row.name)
    .filter((name) => !skip.includes(name))
    .sort();
  const result = new Map<string, string>();
  if (dialect === 'postgres') {
    // Hashed by the server: one round trip, whatever the table sizes.
    const parts = tables.map(
      (table) =>
        sql`select ${table}::text as t, count(*)::text || ':' || coalesce(md5(string_agg(x::text, E'\n' order by x::text)), '') as h from ${sql.table(table)} as x`,
    );
    const rows = await sql<{ t: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of rows.rows) result.set(row.t, row.h);
    return result;
  }
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((row) =>
      JSON.stringify(row, (_key, value: unknown) =>
        value instanceof Uint8Array
          ? Buffer.from(value).toString('hex')
          : typeof value === 'bigint'
            ? String(value)
            : value,
      ),
    );
    result.set(
      table,
      `${lines.length}:${createHash('sha256').update(lines.sort().join('\n')).digest('hex')}`,
    );
  }
  return result;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
