import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** Signed key requests and the warps that let an app sponsor them (src/social/keys/tables.ts). */
export const createSignedKeyRequests: Migration = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('signed_key_requests')
      .addColumn('token', 'text', (column) => column.primaryKey())
      .addColumn('key', bytesColumn(dialect), (column) => column.notNull())
      .addColumn('request_fid', 'bigint', (column) => column.notNull())
      .addColumn('request_signer', 'text', (column) => column.notNull())
      .addColumn('signature', bytesColumn(dialect), (column) => column.notNull())
      .addColumn('deadline', 'bigint', (column) => column.notNull())
      .addColumn('redirect_url', 'text')
      .addColumn('sponsor_fid', 'bigint')
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('user_fid', 'bigint')
      .addColumn('relaying_since', 'bigint')
      .addColumn('tx_hash', 'text')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('approved_at', 'bigint')
      .addColumn('completed_at', 'bigint')
      .execute();

    await db.schema
      .createTable('warps')
      .addColumn('fid', 'bigint', (column) => column.primaryKey())
      .addColumn('warps', 'bigint', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .execute();
  },
};
