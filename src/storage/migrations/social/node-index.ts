import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** The social API's copy of what it needs from the node (src/social/node-index/tables.ts). */
export const createNodeIndex: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    await db.schema
      .createTable('indexed_casts')
      .addColumn('hash', bytes, (column) => column.primaryKey())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('timestamp', 'bigint', (column) => column.notNull())
      .addColumn('parent_url', 'text')
      .addColumn('parent_hash', bytes)
      .addColumn('parent_fid', 'bigint')
      .addColumn('channel_url', 'text')
      .addColumn('removed_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('indexed_casts_parent_idx')
      .on('indexed_casts')
      .column('parent_hash')
      .execute();
    // A backfill compares a fid's casts with the node's.
    await db.schema.createIndex('indexed_casts_fid_idx').on('indexed_casts').column('fid').execute();
    await db.schema
      .createIndex('indexed_casts_channel_idx')
      .on('indexed_casts')
      .column('channel_url')
      .execute();

    await db.schema
      .createTable('indexed_signers')
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('key', bytes, (column) => column.notNull())
      .addColumn('request_fid', 'bigint')
      .addColumn('added_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('indexed_signers_pk', ['fid', 'key'])
      .execute();

    await db.schema
      .createTable('indexed_verifications')
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('protocol', 'text', (column) => column.notNull())
      .addColumn('address', 'text', (column) => column.notNull())
      .addColumn('verified_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('indexed_verifications_pk', ['fid', 'protocol', 'address'])
      .execute();

    await db.schema
      .createTable('indexed_user_data')
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('type', 'integer', (column) => column.notNull())
      .addColumn('value', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('indexed_user_data_pk', ['fid', 'type'])
      .execute();
  },
};
