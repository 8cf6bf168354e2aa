import pg from 'pg';
import { StorageError, messageOf } from './errors.js';
import { toSafeNumber } from './safe-integer.js';

const INT8_OID = 20;
const BYTEA_OID = 17;

export interface PostgresPoolOptions {
  url: string;
  schema: string | undefined;
  poolSize: number;
  onPoolError: ((error: Error) => void) | undefined;
}

/**
 * Opens a pool whose connections already live in `schema` (created if missing) and whose type parsers
 * match the SQLite adapter. Parsers are set on this pool only so other pg users in the process are
 * unaffected.
 */
export async function openPostgresPool(options: PostgresPoolOptions): Promise<pg.Pool> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    types: { getTypeParser: typeParser as typeof pg.types.getTypeParser },
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  });
  // Without a listener, an idle client dropped by the server would crash the process.
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    if (options.schema !== undefined) await createSchema(pool, options.schema);
    else await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new StorageError(
      'open_failed',
      `cannot open PostgreSQL ${describeUrl(options.url)}: ${messageOf(error)}`,
      {
        cause: error,
      },
    );
  }
  return pool;
}

function typeParser(oid: number, format?: 'text' | 'binary'): unknown {
  if (format !== 'binary') {
    if (oid === INT8_OID) return parseInt8;
    if (oid === BYTEA_OID) return parseBytea;
  }
  return pg.types.getTypeParser(oid, format);
}

function parseInt8(text: string): number {
  return toSafeNumber(text);
}

const defaultByteaParser = pg.types.getTypeParser(BYTEA_OID, 'text') as (text: string) => Buffer;

function parseBytea(text: string): Uint8Array {
  const buffer = defaultByteaParser(text);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Creates the schema only when it is missing: `create schema if not exists` needs CREATE on the whole
 * database even when the schema is there, which a service's least-privileged role does not have.
 */
async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  const { rowCount } = await pool.query('select 1 from pg_namespace where nspname = $1', [schema]);
  if (rowCount !== 0) return;
  try {
    await pool.query(`create schema if not exists ${pg.escapeIdentifier(schema)}`);
  } catch (error) {
    // Concurrent `if not exists` can still collide in the catalog; the schema then exists, which is the goal.
    const code = (error as { code?: unknown }).code;
    if (code !== DUPLICATE_SCHEMA && code !== UNIQUE_VIOLATION) throw error;
  }
}

const DUPLICATE_SCHEMA = '42P06';
const UNIQUE_VIOLATION = '23505';

/** host:port/database, never the credentials. */
function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
