import type { Migration } from '../../migration.js';

/**
 * Rate limits move from fixed-window counters to sliding-window logs (src/social/rate-limit.ts): one row
 * per bucket with the times of its calls in the last window. The old counts are dropped, which at worst
 * gives every caller a fresh window once, at the upgrade.
 */
export const createSlidingRateLimits: Migration = {
  async up(db) {
    await db.schema.dropTable('rate_limit_windows').execute();
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('bucket', 'text', (column) => column.primaryKey())
      .addColumn('calls', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'bigint', (column) => column.notNull())
      .execute();
    // The sweep of rows whose calls have all left their window.
    await db.schema
      .createIndex('rate_limit_windows_expiry_idx')
      .on('rate_limit_windows')
      .column('expires_at')
      .execute();
  },
};
