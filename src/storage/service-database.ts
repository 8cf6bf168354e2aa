import {
  defaultSchemaFor,
  openDatabase,
  sqliteFileFor,
  type Database,
  type ServiceName,
  type SqliteSynchronous,
} from './database.js';
import { StorageError } from './errors.js';
import { migrateToLatest } from './migrate.js';

export interface ServiceStorageOptions {
  /** PostgreSQL URL; the service's SQLite file under dataDir when absent. */
  databaseUrl?: string;
  /** Where the SQLite file lives; required without databaseUrl. */
  dataDir?: string | undefined;
  /** See DatabaseOptions.sqliteSynchronous. */
  sqliteSynchronous?: SqliteSynchronous;
}

/** Open a service's own database (its SQLite file or PostgreSQL schema) as it is, migrating nothing. */
export function openServiceStore<DB>(
  service: ServiceName,
  options: ServiceStorageOptions,
): Promise<Database<DB>> {
  const { databaseUrl, dataDir } = options;
  if (databaseUrl !== undefined)
    return openDatabase<DB>({ url: databaseUrl, schema: defaultSchemaFor(service) });
  if (dataDir === undefined) {
    throw new StorageError('invalid_options', 'SQLite needs a data directory (dataDir) or a PostgreSQL URL');
  }
  return openDatabase<DB>({
    sqliteFile: sqliteFileFor(dataDir, service),
    backgroundCheckpoints: true,
    sqliteSynchronous: options.sqliteSynchronous,
  });
}

/** Open a service's own database and bring it to the latest schema. */
export async function openServiceDatabase<DB>(
  service: ServiceName,
  options: ServiceStorageOptions,
): Promise<{ database: Database<DB>; applied: string[] }> {
  const database = await openServiceStore<DB>(service, options);
  try {
    return { database, applied: await migrateToLatest(database, service) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
