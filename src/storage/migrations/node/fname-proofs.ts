import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** Fname proofs synced from the name registry, one per name. */
export const createFnameProofs: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    await db.schema
      .createTable('fname_proofs')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('owner', bytes, (column) => column.notNull())
      .addColumn('timestamp', 'bigint', (column) => column.notNull())
      .addColumn('signature', bytes, (column) => column.notNull())
      .addColumn('encoded', bytes, (column) => column.notNull())
      .execute();
    await db.schema.createIndex('fname_proofs_fid_idx').on('fname_proofs').column('fid').execute();
  },
};
