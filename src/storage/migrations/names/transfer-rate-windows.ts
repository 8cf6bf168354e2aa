import type { Migration } from '../../migration.js';

/**
 * Request counts of the POST /transfers rate limits, per bucket (`ip:<address>` or `fid:<n>`) and fixed
 * window, shared by every process of the service (src/names/transfer-limits.ts). The key starts with the
 * window so that deleting the windows that have ended is a range of the primary key.
 */
export const createTransferRateWindows: Migration = {
  async up(db) {
    await db.schema
      .createTable('transfer_rate_windows')
      .addColumn('window_start', 'bigint', (column) => column.notNull())
      .addColumn('bucket', 'text', (column) => column.notNull())
      .addColumn('count', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('transfer_rate_windows_pk', ['window_start', 'bucket'])
      .execute();
  },
};
