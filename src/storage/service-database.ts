import {
  defaultSchemaFor,
  openDatabase,
  sqliteFileFor,
  type Database,
  type ServiceName,
  type SqliteSynchronous,
} from './database.js';
import { migrateToLatest } from './migrate.js';

export interface ServiceStorageOptions {
  /** PostgreSQL URL; the service's SQLite file under dataDir when absent. */
  databaseUrl?: string;
  dataDir: string;
  /** See DatabaseOptions.sqliteSynchronous. */
  sqliteSynchronous?: SqliteSynchronous;
}

/** Open a service's own database (its SQLite file or PostgreSQL schema) as it is, migrating nothing. */
export function openServiceStore<DB>(
  service: ServiceName,
  options: ServiceStorageOptions,
): Promise<Database<DB>> {
  return openDatabase<DB>(
    options.databaseUrl === undefined
      ? {
          sqliteFile: sqliteFileFor(options.dataDir, service),
          backgroundCheckpoints: true,
          sqliteSynchronous: options.sqliteSynchronous,
        }
      : { url: options.databaseUrl, schema: defaultSchemaFor(service) },
  );
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
