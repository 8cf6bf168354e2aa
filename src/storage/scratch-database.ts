/**
 * A PostgreSQL database of a run's own (the soak's, a multi-process test's), made next to the one `baseUrl`
 * names and dropped at the end: the services keep fixed schema names, so two runs cannot share a database.
 * For tests and benchmarks.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  url: string;
  sizeBytes(): Promise<number>;
  /** Drops it, ending connections a killed process may have left behind. */
  drop(): Promise<void>;
}

async function adminQuery<T extends pg.QueryResultRow>(baseUrl: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** `label` goes into the database's name (agora_<label>_<random>), so a leftover says whose it was. */
export async function createScratchDatabase(baseUrl: string, label: string): Promise<ScratchDatabase> {
  const name = `agora_${label}_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    sizeBytes: async () => {
      const [row] = await adminQuery<{ size: string }>(baseUrl, `select pg_database_size('${name}') as size`);
      return Number(row?.size ?? 0);
    },
    drop: async () => void (await adminQuery(baseUrl, `drop database if exists ${name} with (force)`)),
  };
}
