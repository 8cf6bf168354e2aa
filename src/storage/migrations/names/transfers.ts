import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/**
 * The transfer history, the current holder of each name, and the one-row sequence that numbers transfers
 * in commit order. The columns are described in src/names/store.ts.
 */
export const createTransfers: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    // Ids are assigned from transfer_sequence, not by the database, so they follow commit order.
    await db.schema
      .createTable('transfers')
      .addColumn('id', 'bigint', (column) => column.primaryKey())
      .addColumn('timestamp', 'bigint', (column) => column.notNull())
      .addColumn('username', 'text', (column) => column.notNull())
      .addColumn('owner', bytes, (column) => column.notNull())
      .addColumn('from_fid', 'bigint', (column) => column.notNull())
      .addColumn('to_fid', 'bigint', (column) => column.notNull())
      .addColumn('user_signature', bytes, (column) => column.notNull())
      .addColumn('server_signature', bytes, (column) => column.notNull())
      .addColumn('requester_fid', 'bigint')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    // Not unique: a name may be burned and re-registered within the same second when the cooldown is 0.
    await db.schema
      .createIndex('transfers_username_timestamp_idx')
      .on('transfers')
      .columns(['username', 'timestamp', 'id'])
      .execute();
    await db.schema
      .createIndex('transfers_timestamp_idx')
      .on('transfers')
      .columns(['timestamp', 'id'])
      .execute();
    await db.schema.createIndex('transfers_from_fid_idx').on('transfers').column('from_fid').execute();
    await db.schema.createIndex('transfers_to_fid_idx').on('transfers').column('to_fid').execute();

    // The uniqueness guard: one holder per name (primary key) and one name per fid (unique).
    await db.schema
      .createTable('name_holders')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('fid', 'bigint', (column) => column.notNull().unique())
      .execute();

    await db.schema
      .createTable('transfer_sequence')
      .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
      .addColumn('last_id', 'bigint', (column) => column.notNull())
      .execute();
    await sql`insert into transfer_sequence (id, last_id) values (1, 0)`.execute(db);
  },
};
