import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { jsonList } from '../../storage/json-list.js';
import { reusableQuery } from '../../storage/reusable-query.js';
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

/**
 * Moves the scopes, given as a JSON array, by one; a scope without a row starts at 1. (`where true`: SQLite
 * reads an upsert's `on conflict` after a bare select as a join's.)
 */
const moveVersions = reusableQuery((db: Kysely<NodeTables>, scopes: string) =>
  db
    .insertInto('read_versions')
    .columns(['scope', 'version'])
    .expression(sql`select value, 1 from (${jsonList(db, scopes, 'bigint')}) as scopes where true`)
    .onConflict((conflict) =>
      conflict.column('scope').doUpdateSet({ version: sql`read_versions.version + 1` }),
    ),
);

const versionsOf = reusableQuery((db: Kysely<NodeTables>, scopes: string) =>
  db
    .selectFrom('read_versions')
    .select(['scope', 'version'])
    .where('scope', 'in', sql<number>`(${jsonList(db, scopes, 'bigint')})`),
);

/** The version of each of `scopes` (a scope never moved is at 0), read from the database in one statement. */
export function readVersions(
  db: Kysely<NodeTables>,
): (scopes: readonly ReadScope[]) => Promise<Map<ReadScope, number>> {
  return async (scopes) => {
    const found = new Map(
      (await versionsOf(db, JSON.stringify(scopes.map(rowOf)))).map((row) => [row.scope, row.version]),
    );
    return new Map(scopes.map((scope) => [scope, found.get(rowOf(scope)) ?? 0]));
  };
}

/** What a kept answer of the node's reads is checked against. */
export interface ReadMarks {
  /** Equal at two moments only if nothing was committed in between (Database.commitMark); undefined: cannot tell. */
  commitMark(): string | undefined;
  /** Equal at two moments only if nothing of a scope changed in between, whichever process wrote. */
  versions(scopes: readonly ReadScope[]): Promise<Map<ReadScope, number>>;
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
