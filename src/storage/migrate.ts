import { Migrator, sql } from 'kysely';
import type { Migration as KyselyMigration, MigrationProvider } from 'kysely';
import type { Database, ServiceName } from './database.js';
import { MigrationError, StorageError } from './errors.js';
import type { MigrationSet } from './migration.js';
import { namesMigrations } from './migrations/names/index.js';
import { nodeMigrations } from './migrations/node/index.js';
import { socialMigrations } from './migrations/social/index.js';

/** Each service's migrations, applied to that service's own database (file or schema). */
export const migrationSets: Readonly<Record<ServiceName, MigrationSet>> = {
  node: nodeMigrations,
  names: namesMigrations,
  social: socialMigrations,
};

export function listServices(): ServiceName[] {
  return Object.keys(migrationSets) as ServiceName[];
}

/** Applies the service's pending migrations and returns their names (empty when already up to date). */
export async function migrateToLatest<DB>(database: Database<DB>, service: ServiceName): Promise<string[]> {
  return runMigrations(database, service, migrationSets[service]);
}

/** The service's migrations not applied yet, in order; applies nothing (`agora migrate --status`). */
export async function pendingMigrations<DB>(database: Database<DB>, service: ServiceName): Promise<string[]> {
  const applied = new Set((await appliedMigrations(database, service)) ?? []);
  return Object.keys(migrationSets[service])
    .sort()
    .filter((name) => !applied.has(name));
}

/**
 * The names in the set's history table, or undefined when it does not exist yet. Read directly rather than
 * through Kysely's Migrator, which creates its tables first: DDL a service's least-privileged role cannot run.
 */
async function appliedMigrations<DB>(database: Database<DB>, setName: string): Promise<string[] | undefined> {
  try {
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(`${setName}_migrations`)}`.execute(database.db);
    return rows.map((row) => row.name);
  } catch (error) {
    if (isMissingTable(error)) return undefined;
    throw error;
  }
}

/** PostgreSQL's undefined_table, or SQLite's "no such table". */
function isMissingTable(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && message.startsWith('no such table'));
}

const SET_NAME = /^[a-z][a-z0-9_]*$/;
const MIGRATION_NAME = /^\d{4}_[a-z0-9_]+$/;

/**
 * Applies one set's pending migrations in a single transaction, so a failure keeps none of them. Each set
 * keeps its history in its own `<setName>_migrations` table: two sets never mistake each other's
 * migrations for their own, even if pointed at the same database by mistake.
 */
export async function runMigrations<DB>(
  database: Database<DB>,
  setName: string,
  migrations: MigrationSet,
): Promise<string[]> {
  if (!SET_NAME.test(setName)) {
    throw new StorageError(
      'invalid_options',
      `migration set name "${setName}" must match ${SET_NAME.source}`,
    );
  }
  const badName = Object.keys(migrations).find((name) => !MIGRATION_NAME.test(name));
  if (badName !== undefined) {
    throw new StorageError('invalid_options', `migration name "${badName}" must look like 0001_snake_case`);
  }
  // Up to date: done without the Migrator, whose bookkeeping needs DDL rights (see appliedMigrations).
  const applied = new Set((await appliedMigrations(database, setName)) ?? []);
  if (applied.size > 0 && Object.keys(migrations).every((name) => applied.has(name))) return [];
  const kyselyMigrations: Record<string, KyselyMigration> = {};
  for (const [name, migration] of Object.entries(migrations)) {
    kyselyMigrations[name] = { up: (db) => migration.up(db, { dialect: database.dialect }) };
  }
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(kyselyMigrations) };
  const migrator = new Migrator({
    db: database.db,
    provider,
    migrationTableName: `${setName}_migrations`,
    migrationLockTableName: `${setName}_migrations_lock`,
    migrationTableSchema: await currentSchema(database),
  });
  let outcome = await migrator.migrateToLatest();
  // Kysely's table check introspects every schema of the database; a schema another program drops at
  // that moment fails it with invalid_schema_name (3F000), or with undefined_table (42P01) or
  // undefined_column (42703) when a table of it goes between the catalog read and
  // pg_get_serial_sequence's lookup of its name and column. Nothing was applied then, so try again (a
  // migration's own 42P01 or 42703 fails the same way each time and is reported).
  for (let attempt = 1; attempt < INTROSPECTION_ATTEMPTS && isSchemaRace(outcome.error); attempt++) {
    outcome = await migrator.migrateToLatest();
  }
  const { error, results = [] } = outcome;
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    throw new MigrationError(setName, failed?.migrationName, error);
  }
  return results.map((result) => result.migrationName);
}

const INTROSPECTION_ATTEMPTS = 5;

const SCHEMA_RACE_CODES: ReadonlySet<unknown> = new Set(['3F000', '42P01', '42703']);

function isSchemaRace(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && SCHEMA_RACE_CODES.has((error as { code?: unknown }).code)
  );
}

/**
 * Kysely looks for its bookkeeping tables in every visible schema unless told which one; naming the
 * connection's own schema keeps services and test schemas sharing one PostgreSQL database apart.
 */
async function currentSchema<DB>(database: Database<DB>): Promise<string | undefined> {
  if (database.dialect !== 'postgres') return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    database.db,
  );
  return rows[0]?.schema ?? undefined;
}
