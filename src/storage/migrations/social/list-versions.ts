import { sql } from 'kysely';
import type { Migration } from '../../migration.js';

/**
 * A version counter per cached list (src/social/channels/list-version.ts), bumped in the transaction that
 * changes the list, so every process can tell with one tiny read whether its rendering is current.
 */
export const createListVersions: Migration = {
  async up(db) {
    await db.schema
      .createTable('list_versions')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('version', 'bigint', (column) => column.notNull())
      .execute();
    await sql`insert into list_versions (name, version) values ('channels', 0)`.execute(db);
  },
};
