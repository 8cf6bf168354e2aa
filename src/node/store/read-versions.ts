import { PostgresAdapter, sql } from 'kysely';
import type { Kysely } from 'kysely';
import { reusableQuery, reusableQueryByShape } from '../../storage/reusable-query.js';
import type { StoreChange } from './changes.js';
import type { NodeTables } from './schema.js';

/** A kept answer's scope: what one fid holds, or everything the node holds (an answer across fids). */
export type ReadScope = number | 'all';

/** The row of `read_versions` that counts every change. Fid 0 holds no messages of its own. */
const ALL = 0;
const rowOf = (scope: ReadScope) => (scope === 'all' ? ALL : scope);

/**
 * Moves, in the writing transaction, the version of every fid a change touched and of everything, in one
 * statement: a reader that then finds a version unmoved knows none of what it showed changed, whichever
 * process wrote. On PostgreSQL the row of everything makes writers queue on it, which the write lock every
 * writer takes first (write-transaction.ts) makes them do anyway.
 */
export async function moveReadVersions(
  trx: Kysely<NodeTables>,
  changes: readonly StoreChange[],
): Promise<void> {
  const scopes = new Set<number>([ALL]);
  for (const change of changes) scopes.add(change.fid);
  await moveVersions(trx, JSON.stringify([...scopes]));
}

/** One statement text for any number of scopes, given as a JSON array. */
const moveVersions = reusableQuery((db: Kysely<NodeTables>, scopes: string) => {
  const listed =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? sql<{
          scope: number;
        }>`select value::bigint as scope, 1 as version from jsonb_array_elements_text(${scopes}::jsonb) as value`
      : sql<{ scope: number }>`select value as scope, 1 as version from json_each(${scopes}) where true`;
  return db
    .insertInto('read_versions')
    .columns(['scope', 'version'])
    .expression(listed)
    .onConflict((conflict) =>
      conflict.column('scope').doUpdateSet({ version: sql`read_versions.version + 1` }),
    );
});

const versionsOf = reusableQueryByShape(
  (count: number) => String(count),
  (count, db: Kysely<NodeTables>, ...rows: number[]) =>
    db.selectFrom('read_versions').select(['scope', 'version']).where('scope', 'in', rows.slice(0, count)),
);

/** The versions of `scopes`, as one comparable string (a scope never moved is at 0), read from the database. */
export function readVersions(db: Kysely<NodeTables>): (scopes: readonly ReadScope[]) => Promise<string> {
  return async (scopes) => {
    const rows = scopes.map(rowOf);
    const found = await versionsOf(rows.length, db, ...rows);
    return rows.map((row) => String(found.find((entry) => entry.scope === row)?.version ?? 0)).join(',');
  };
}

/** What a kept answer of the node's reads is checked against. */
export interface ReadMarks {
  /** Equal at two moments only if nothing was committed in between (Database.commitMark); undefined: cannot tell. */
  commitMark(): string | undefined;
  /** Equal at two moments only if nothing of `scopes` changed in between, whichever process wrote. */
  versions(scopes: readonly ReadScope[]): Promise<string>;
}

/**
 * The marks of the node's database. The versions are read from `read_versions` on either dialect, so they
 * hold across processes; the commit mark lets SQLite skip that read while nothing has committed.
 */
export function readMarks(database: {
  readonly db: Kysely<NodeTables>;
  commitMark(): string | undefined;
}): ReadMarks {
  return { commitMark: () => database.commitMark(), versions: readVersions(database.db) };
}
