import type { Migration } from '../../migration.js';

/** Every service starts with a key/value table for its cursors and settings. */
export const createServiceMeta: Migration = {
  async up(db) {
    await db.schema
      .createTable('service_meta')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .execute();
  },
};
