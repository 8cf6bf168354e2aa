import type { Migration } from '../../migration.js';

/** Fixed-window counters shared by every process of the service (src/social/rate-limit.ts). */
export const createRateLimits: Migration = {
  async up(db) {
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('bucket', 'text', (column) => column.notNull())
      .addColumn('window_start', 'bigint', (column) => column.notNull())
      .addColumn('count', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('rate_limit_windows_pk', ['bucket', 'window_start'])
      .execute();
  },
};
