export { openDatabase, sqliteFileFor, defaultSchemaFor } from './database.js';
export type { Database, DatabaseOptions, Dialect, ServiceName } from './database.js';
export { migrateToLatest, listServices, migrationSets } from './migrate.js';
export { bytesColumn } from './migration.js';
export type { Migration, MigrationContext, MigrationSet } from './migration.js';
export { StorageError, MigrationError } from './errors.js';
export type { StorageErrorCode } from './errors.js';
export { openServiceDatabase } from './service-database.js';
export type { ServiceStorageOptions } from './service-database.js';
