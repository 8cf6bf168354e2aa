import type { MigrationSet } from '../../migration.js';
import { createServiceMeta } from '../shared/service-meta.js';

/** The social service's schema history, oldest first. Append only; never edit an applied migration. */
export const socialMigrations: MigrationSet = {
  '0001_service_meta': createServiceMeta,
};
