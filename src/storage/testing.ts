/**
 * Test harness: disposable databases on every available dialect. Test-only, so this is the one file in
 * src/storage allowed to read process.env (AGORA_TEST_DATABASE_URL, set by CI and developers).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from './database.js';
import type { Database, DatabaseOptions, Dialect, ServiceName } from './database.js';
import { migrateToLatest } from './migrate.js';

const URL_VARIABLE = 'AGORA_TEST_DATABASE_URL';

export interface TestDialect {
  name: Dialect;
  available: boolean;
  reason?: string;
}

export type TestDatabase<DB> = Database<DB> & {
  /** Another handle on the same database, as a second process or a restart would open it. */
  reopen(): Promise<Database<DB>>;
  /** Closes every handle and deletes the database (temp file or schema); safe to call more than once. */
  cleanup(): Promise<void>;
};

/** SQLite always; PostgreSQL when AGORA_TEST_DATABASE_URL is set. */
export function testDialects(): TestDialect[] {
  const postgres: TestDialect = postgresUrl()
    ? { name: 'postgres', available: true }
    : { name: 'postgres', available: false, reason: `${URL_VARIABLE} is not set` };
  return [{ name: 'sqlite', available: true }, postgres];
}

/** Registers `describe('<title> [<dialect>]')` per dialect; an unavailable one shows as skipped with why. */
export function forEachDialect(title: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of testDialects()) {
    const name = `${title} [${dialect.name}]`;
    if (dialect.available) describe(name, () => suite(dialect.name));
    else describe(name, { skip: dialect.reason ?? true }, () => {});
  }
}

/**
 * A fresh, empty database (SQLite temp file or PostgreSQL schema), migrated for `service` if given;
 * `sqlite` adds options to the SQLite one.
 */
export async function openTestDatabase<DB>(
  dialect: Dialect,
  service?: ServiceName,
  sqlite: Pick<DatabaseOptions, 'backgroundCheckpoints' | 'sqliteSynchronous'> = {},
): Promise<TestDatabase<DB>> {
  const database = dialect === 'sqlite' ? await openSqliteTest<DB>(sqlite) : await openPostgresTest<DB>();
  if (service !== undefined) {
    try {
      await migrateToLatest(database, service);
    } catch (error) {
      await database.cleanup();
      throw error;
    }
  }
  return database;
}

function postgresUrl(): string | undefined {
  return process.env[URL_VARIABLE] || undefined;
}

async function openSqliteTest<DB>(options: DatabaseOptions): Promise<TestDatabase<DB>> {
  // A directory of its own, so removing it also removes the -wal and -shm files.
  const dir = await mkdtemp(join(tmpdir(), 'agora-test-'));
  return disposable<DB>({ ...options, sqliteFile: join(dir, 'test.sqlite') }, () =>
    rm(dir, { recursive: true, force: true }),
  );
}

async function openPostgresTest<DB>(): Promise<TestDatabase<DB>> {
  const url = postgresUrl();
  if (url === undefined) throw new Error(`PostgreSQL tests need ${URL_VARIABLE}`);
  const schema = `t_${randomBytes(8).toString('hex')}`;
  return disposable<DB>({ url, schema, poolSize: 4 }, async () => {
    // A connection outside the schema, as every handle on it is closed by now.
    const admin = await openDatabase<unknown>({ url, poolSize: 1 });
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
    } finally {
      await admin.close();
    }
  });
}

/** Opens `options` and tracks every handle on it, so cleanup can close them all before `remove`. */
async function disposable<DB>(
  options: DatabaseOptions,
  remove: () => Promise<void>,
): Promise<TestDatabase<DB>> {
  const handles: Database<DB>[] = [];
  const open = async () => {
    const handle = await openDatabase<DB>(options);
    handles.push(handle);
    return handle;
  };
  const database = await open().catch(async (error: unknown) => {
    await remove().catch(() => undefined);
    throw error;
  });
  let cleaning: Promise<void> | undefined;
  const cleanup = async () => {
    await Promise.all(handles.map((handle) => handle.close()));
    await remove();
  };
  return { ...database, reopen: open, cleanup: () => (cleaning ??= cleanup()) };
}
