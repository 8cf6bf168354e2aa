import { SqliteAdapter as KyselySqliteAdapter, SqliteDialect, SqliteDriver } from 'kysely';
import type { Driver, Kysely } from 'kysely';
import type { SqliteAdapter } from './sqlite-adapter.js';
import type { WalSync } from './wal-sync.js';

/**
 * Kysely's SQLite dialect over a converting adapter of the (already configured) better-sqlite3 database.
 * With `walSync`, a use of the connection that changed data ends only once the change is on disk.
 */
export function sqliteDialect(adapter: SqliteAdapter, walSync?: WalSync): SqliteDialect {
  return new AgoraSqliteDialect(adapter, walSync);
}

/**
 * Resolves once every commit this process made through `db` before the call is on disk. At once where a
 * commit returns only when durable (PostgreSQL, SQLite without a WAL sync): readers that must not hand out
 * what a power loss could take back (the event log's) call it after their read.
 */
export function onDisk<DB>(db: Kysely<DB>): Promise<void> {
  return walSyncs.get(db.getExecutor().adapter)?.synced() ?? RESOLVED;
}

const RESOLVED = Promise.resolve();
/** Each SQLite Kysely handle's WAL sync, by the dialect adapter its transactions share with it. */
const walSyncs = new WeakMap<object, WalSync>();

class AgoraSqliteDialect extends SqliteDialect {
  readonly #adapter: SqliteAdapter;
  readonly #walSync: WalSync | undefined;

  constructor(adapter: SqliteAdapter, walSync: WalSync | undefined) {
    super({ database: adapter });
    this.#adapter = adapter;
    this.#walSync = walSync;
  }

  override createAdapter(): KyselySqliteAdapter {
    const adapter = new TransactionalDdlAdapter();
    if (this.#walSync !== undefined) walSyncs.set(adapter, this.#walSync);
    return adapter;
  }

  override createDriver(): Driver {
    return this.#walSync === undefined
      ? super.createDriver()
      : new DurableDriver(this.#adapter, this.#walSync);
  }
}

/**
 * SQLite rolls back DDL like any other statement, but Kysely's adapter does not claim it, so its
 * Migrator would run migrations outside a transaction and leave a failed run half-applied.
 */
class TransactionalDdlAdapter extends KyselySqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Kysely releases the one SQLite connection after each query or transaction. A release after data changed
 * counts the commit while the connection is still held (so a reader after it never sees a commit the count
 * missed), frees the connection for the next query, and only then waits for the WAL sync: the caller's
 * answer waits for the disk, other queries do not.
 */
class DurableDriver extends SqliteDriver {
  readonly #adapter: SqliteAdapter;
  readonly #walSync: WalSync;

  constructor(adapter: SqliteAdapter, walSync: WalSync) {
    super({ database: adapter });
    this.#adapter = adapter;
    this.#walSync = walSync;
  }

  override async releaseConnection(): Promise<void> {
    const changed = this.#adapter.takeChanged();
    if (changed) this.#walSync.committed();
    await super.releaseConnection();
    if (changed) await this.#walSync.synced();
  }

  override async destroy(): Promise<void> {
    await this.#walSync.close();
    await super.destroy();
  }
}
