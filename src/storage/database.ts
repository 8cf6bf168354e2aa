import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import { startBackgroundCheckpoints } from './background-checkpoints.js';
import { StorageError, messageOf } from './errors.js';
import { NO_NOTICES, postgresNotices } from './notices.js';
import type { Notices } from './notices.js';
import { openPostgresPool } from './postgres-pool.js';
import { SqliteAdapter } from './sqlite-adapter.js';
import { sqliteDialect } from './sqlite-dialect.js';
import { limitPlannedOnce } from './sqlite-limit.js';
import { startWalSync } from './wal-sync.js';
import type { DataSync } from './wal-sync.js';

export type Dialect = 'sqlite' | 'postgres';
export type ServiceName = 'node' | 'names' | 'social';

export interface DatabaseOptions {
  /** postgres:// or postgresql:// URL; when absent, SQLite is used. */
  url?: string;
  /** SQLite file path, or ':memory:'. Required when url is absent. */
  sqliteFile?: string;
  /** PostgreSQL schema that holds this service's tables (created if missing); set as search_path. */
  schema?: string;
  /** pg pool size (default 10). */
  poolSize?: number;
  /** Errors of idle pooled PostgreSQL connections (e.g. a server restart); ignored when absent. */
  onPoolError?: (error: Error) => void;
  /** SQLite file only: do most of the WAL's checkpoint work on a worker thread (background-checkpoints.ts). */
  backgroundCheckpoints?: boolean;
  /**
   * 'full' (the default): a write returns only once it is on disk, so an answered write survives power
   * loss; the WAL is synced off the event loop, once for all the commits waiting (wal-sync.ts). 'normal':
   * the WAL is synced only at checkpoints: a crash of the process loses nothing, an OS crash or power loss
   * can lose the last commits (never corrupt the file). Either way SQLite runs at `synchronous=NORMAL`.
   */
  sqliteSynchronous?: SqliteSynchronous;
  /** Tests only: how the WAL is synced in 'full' (default `FileHandle.datasync`). */
  sqliteDataSync?: DataSync;
}

export type SqliteSynchronous = 'full' | 'normal';

export interface Database<DB> {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  /**
   * SQLite: a mark equal at two moments only if no connection, of this process or another, committed in
   * between (SqliteAdapter.commitMark). PostgreSQL: undefined, since no client sees another's commits
   * synchronously.
   */
  commitMark(): string | undefined;
  /** Word to and from the other processes on this database (notices.ts); SQLite has none. */
  readonly notices: Notices;
  /** Closes every connection; safe to call more than once. */
  close(): Promise<void>;
}

const DEFAULT_POOL_SIZE = 10;
const BUSY_TIMEOUT_MS = 5000;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDatabase<DB>(options: DatabaseOptions): Promise<Database<DB>> {
  if (options.url !== undefined) return openPostgres<DB>(options.url, options);
  if (options.sqliteFile === undefined || options.sqliteFile === '') {
    throw invalid('either url (PostgreSQL) or sqliteFile (SQLite) is required');
  }
  const file = options.sqliteFile;
  const sqlite = openSqlite(await loadSqlite(), file);
  const checkpoints =
    options.backgroundCheckpoints === true && !sqlite.memory
      ? startBackgroundCheckpoints(sqlite, file, BUSY_TIMEOUT_MS)
      : undefined;
  const adapter = new SqliteAdapter(sqlite);
  const walSync =
    (options.sqliteSynchronous ?? 'full') === 'full' && !sqlite.memory
      ? startWalSync(file, options.sqliteDataSync)
      : undefined;
  const db = new Kysely<DB>({ dialect: sqliteDialect(adapter, walSync), plugins: [limitPlannedOnce] });
  return wrap(db, 'sqlite', {
    commitMark: () => adapter.commitMark(),
    notices: NO_NOTICES,
    beforeClose: async () => checkpoints?.stop(),
  });
}

/** `<dataDir>/<service>.sqlite`, creating dataDir: in SQLite each service owns one file. */
export function sqliteFileFor(dataDir: string, service: ServiceName): string {
  mkdirSync(dataDir, { recursive: true });
  return join(dataDir, `${service}.sqlite`);
}

/** In PostgreSQL each service owns one schema of the shared database. */
export function defaultSchemaFor(service: ServiceName): string {
  return `agora_${service}`;
}

async function openPostgres<DB>(url: string, options: DatabaseOptions): Promise<Database<DB>> {
  if (!/^postgres(ql)?:\/\/./.test(url) || !URL.canParse(url)) {
    throw invalid('url must be a postgres:// or postgresql:// URL');
  }
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw invalid(`schema "${options.schema}" must match [a-z_][a-z0-9_]* (at most 63 characters)`);
  }
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  if (!Number.isInteger(poolSize) || poolSize < 1) throw invalid('poolSize must be a positive integer');
  const pool = await openPostgresPool({
    url,
    schema: options.schema,
    poolSize,
    onPoolError: options.onPoolError,
  });
  const notices = postgresNotices({ pool, url, schema: options.schema, onError: options.onPoolError });
  return wrap(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), 'postgres', {
    commitMark: () => undefined,
    notices,
    beforeClose: () => notices.close(),
  });
}

/**
 * better-sqlite3, imported only when a SQLite database is opened: it is an optional dependency (a native
 * module), so a PostgreSQL-only install may go without it.
 */
async function loadSqlite(): Promise<typeof BetterSqlite3> {
  try {
    return (await import('better-sqlite3')).default;
  } catch (error) {
    throw new StorageError(
      'open_failed',
      'SQLite needs the better-sqlite3 package, which is not installed (or did not build): install it ' +
        '(npm install better-sqlite3), or give a PostgreSQL --database-url',
      { cause: error },
    );
  }
}

function openSqlite(Sqlite: typeof BetterSqlite3, file: string): BetterSqlite3.Database {
  let db: BetterSqlite3.Database;
  try {
    db = new Sqlite(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    throw new StorageError('open_failed', `cannot open SQLite file ${file}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  try {
    // Concurrent readers alongside the writer; in-memory databases have no WAL.
    if (!db.memory) db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Commits do not sync on the event loop; 'full' syncs them with wal-sync.ts before they return.
    db.pragma('synchronous = NORMAL');
    db.defaultSafeIntegers(true);
  } catch (error) {
    db.close();
    throw new StorageError('open_failed', `cannot configure SQLite file ${file}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  return db;
}

interface DialectParts {
  commitMark: () => string | undefined;
  notices: Notices;
  /** Stops what uses the database's file besides Kysely. */
  beforeClose?: () => Promise<void>;
}

function wrap<DB>(db: Kysely<DB>, dialect: Dialect, parts: DialectParts): Database<DB> {
  let closing: Promise<void> | undefined;
  const close = async () => {
    await parts.beforeClose?.();
    await db.destroy();
  };
  return {
    db,
    dialect,
    commitMark: parts.commitMark,
    notices: parts.notices,
    close: () => (closing ??= close()),
  };
}

function invalid(message: string): StorageError {
  return new StorageError('invalid_options', message);
}
