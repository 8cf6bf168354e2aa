import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { Dialect } from './database.js';

/** What a migration may need to know beyond the schema builder. */
export interface MigrationContext {
  readonly dialect: Dialect;
}

/**
 * A forward-only schema change written with Kysely's builder so it runs on both dialects. There is no
 * `down`: deployments only move forward, and a bad change is fixed by a later migration.
 */
export interface Migration {
  up(db: Kysely<unknown>, context: MigrationContext): Promise<void>;
}

/** Migrations keyed by name; names sort in application order (`0001_...`, `0002_...`). */
export type MigrationSet = Readonly<Record<string, Migration>>;

/** Kysely has no portable byte-string type: SQLite calls it blob, PostgreSQL bytea. */
export function bytesColumn(dialect: Dialect): 'blob' | 'bytea' {
  return dialect === 'sqlite' ? 'blob' : 'bytea';
}

/** A database-numbered primary key column: SQLite only auto-numbers `integer primary key` columns. */
export function rowIdColumn(
  dialect: Dialect,
): ['integer' | 'bigint', (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return dialect === 'sqlite'
    ? ['integer', (column) => column.primaryKey().autoIncrement()]
    : ['bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity()];
}
