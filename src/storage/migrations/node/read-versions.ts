import type { Migration } from '../../migration.js';

/**
 * `read_versions`: the version of what each fid holds (messages, on-chain events, fname proofs), and at
 * scope 0 of everything the node holds. Every writing transaction moves the versions of what it changed
 * before it commits (src/node/store/write-transaction.ts), so a kept answer read under a version is current
 * while the version stands, whichever process or tool wrote. A scope never moved has no row: version 0.
 */
export const createReadVersions: Migration = {
  async up(db) {
    await db.schema
      .createTable('read_versions')
      .addColumn('scope', 'bigint', (column) => column.primaryKey())
      .addColumn('version', 'bigint', (column) => column.notNull())
      .execute();
  },
};
