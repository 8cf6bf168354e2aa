import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { toSafeNumber } from './safe-integer.js';
import { walMark } from './wal-mark.js';
import type { WalMark } from './wal-mark.js';

/**
 * Sits between Kysely's SqliteDialect and better-sqlite3 so that both dialects hand the same JS types to
 * the rest of the code: integers as exact numbers, bytes as plain Uint8Array, BOOLEAN columns as booleans.
 * The database must have `defaultSafeIntegers(true)` so 64-bit integers arrive as bigint, never rounded.
 */
export class SqliteAdapter implements SqliteDatabase {
  readonly #db: BetterSqlite3.Database;
  readonly #cacheSize: number;
  /** Prepared statements by SQL text; Map order is recency order (oldest first). */
  readonly #cache = new Map<string, ConvertingStatement>();
  /** Statements run that may have written or ended a transaction, through this adapter. */
  #writes = 0;
  /** Whether a statement that changes data ran since {@link takeChanged} last looked. */
  #changed = false;
  readonly #countWrite = (changesData: boolean) => {
    this.#writes += 1;
    if (changesData) this.#changed = true;
  };
  /** Moves when another connection, in this process or another, commits (SQLite's `data_version`). */
  readonly #dataVersion: BetterSqlite3.Statement<[], bigint | number>;
  /** Moves when any connection commits: the WAL index header (a file in WAL mode only). */
  readonly #walMark: WalMark | undefined;

  constructor(db: BetterSqlite3.Database, cacheSize = 500) {
    this.#db = db;
    this.#cacheSize = cacheSize;
    this.#dataVersion = db.prepare<[], bigint | number>('PRAGMA data_version').pluck();
    // A read opens the WAL index, so its -shm file exists from here on.
    this.#dataVersion.get();
    this.#walMark =
      db.memory || db.pragma('journal_mode', { simple: true }) !== 'wal' ? undefined : walMark(db.name);
  }

  /**
   * A mark of the committed state, equal at two moments only if no connection committed in between: a
   * kept answer whose versions were current at a mark is current while the mark stays. Costs one read of
   * the WAL index header (wal-mark.ts), or one tiny statement, never query planning or a trip through
   * Kysely. The count of this connection's writes moves it at a write inside a transaction too.
   */
  commitMark(): string {
    return `${this.#writes}:${this.#walMark?.read() ?? this.#dataVersion.get()}`;
  }

  /** Whether data may have changed since the previous call (a statement that writes ran): clears it. */
  takeChanged(): boolean {
    const changed = this.#changed;
    this.#changed = false;
    return changed;
  }

  prepare(sql: string): SqliteStatement {
    // A schema change can alter the declared column types behind cached converters.
    if (SCHEMA_CHANGE.test(sql)) this.#cache.clear();
    const cached = this.#cache.get(sql);
    if (cached) {
      this.#cache.delete(sql);
      this.#cache.set(sql, cached);
      return cached;
    }
    const statement = new ConvertingStatement(this.#db.prepare(sql), this.#countWrite);
    this.#cache.set(sql, statement);
    if (this.#cache.size > this.#cacheSize) {
      const oldest = this.#cache.keys().next();
      if (!oldest.done) this.#cache.delete(oldest.value);
    }
    return statement;
  }

  /** Number of cached statements (exposed for tests of the cache bound). */
  get cachedStatements(): number {
    return this.#cache.size;
  }

  close(): void {
    this.#cache.clear();
    this.#walMark?.close();
    this.#db.close();
  }
}

const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

type Row = Record<string, unknown>;

class ConvertingStatement implements SqliteStatement {
  readonly reader: boolean;
  readonly #statement: BetterSqlite3.Statement<unknown[]>;
  readonly #convertRow: (row: Row) => Row;
  /**
   * Called before a run that may write or end a transaction: every run (COMMIT counts as read-only to
   * SQLite), or a returning write; told whether the statement itself changes data.
   */
  readonly #written: (changesData: boolean) => void;
  readonly #writesRows: boolean;

  constructor(statement: BetterSqlite3.Statement<unknown[]>, written: (changesData: boolean) => void) {
    this.#statement = statement;
    this.reader = statement.reader;
    this.#convertRow = statement.reader ? rowConverter(statement.columns()) : identity;
    this.#written = written;
    this.#writesRows = !statement.readonly;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    if (this.#writesRows) this.#written(true);
    return (this.#statement.all(bindable(parameters)) as Row[]).map(this.#convertRow);
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    this.#written(this.#writesRows);
    return this.#statement.run(bindable(parameters));
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    if (this.#writesRows) this.#written(true);
    for (const row of this.#statement.iterate(bindable(parameters))) yield this.#convertRow(row as Row);
  }
}

function identity(row: Row): Row {
  return row;
}

/** SQLite has no boolean or byte-view types of its own; map the JS values it cannot bind. */
function bindable(parameters: ReadonlyArray<unknown>): unknown[] {
  return parameters.map((value) => {
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (value instanceof Uint8Array && !Buffer.isBuffer(value)) {
      return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
    return value;
  });
}

/**
 * Built once per statement from its result columns. Expressions have no declared type, so only real
 * BOOLEAN columns become booleans; a computed truth value (e.g. `exists(...)`) stays 0/1.
 */
function rowConverter(columns: BetterSqlite3.ColumnDefinition[]): (row: Row) => Row {
  // A Map keeps the last of duplicated names, matching the row object better-sqlite3 builds.
  const plan = new Map<string, boolean>();
  for (const column of columns) plan.set(column.name, isBooleanType(column.type));
  const entries = [...plan];
  return (row) => {
    for (const [name, isBoolean] of entries) row[name] = convertValue(row[name], name, isBoolean);
    return row;
  };
}

function isBooleanType(declared: string | null): boolean {
  return declared !== null && /^bool(ean)?$/i.test(declared);
}

function convertValue(value: unknown, column: string, isBoolean: boolean): unknown {
  if (typeof value === 'bigint') {
    const number = toSafeNumber(value, column);
    return isBoolean ? number !== 0 : number;
  }
  if (Buffer.isBuffer(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (isBoolean && typeof value === 'number') return value !== 0;
  return value;
}
