import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** On-chain events and the state derived from them: fids (custody, recovery) and signers. */
export const createOnChainState: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    await db.schema
      .createTable('onchain_events')
      .addColumn('type', 'integer', (column) => column.notNull())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('block_number', 'bigint', (column) => column.notNull())
      .addColumn('log_index', 'integer', (column) => column.notNull())
      .addColumn('block_hash', bytes, (column) => column.notNull())
      .addColumn('block_timestamp', 'bigint', (column) => column.notNull())
      .addColumn('tx_hash', bytes, (column) => column.notNull())
      .addColumn('tx_index', 'integer', (column) => column.notNull())
      .addColumn('signer_key', bytes)
      .addColumn('units', 'bigint')
      .addColumn('encoded', bytes, (column) => column.notNull())
      // Also serves reads by (type, fid) in (block, log) order.
      .addPrimaryKeyConstraint('onchain_events_pk', ['type', 'fid', 'block_number', 'log_index'])
      .execute();
    // A fid's events of every type in chain order (rebuilding its state, listing).
    await db.schema
      .createIndex('onchain_events_fid_idx')
      .on('onchain_events')
      .columns(['fid', 'block_number', 'log_index'])
      .execute();
    await db.schema
      .createIndex('onchain_events_block_hash_idx')
      .on('onchain_events')
      .column('block_hash')
      .execute();
    // One key's history, read on every SIGNER merge.
    await db.schema
      .createIndex('onchain_events_signer_idx')
      .on('onchain_events')
      .columns(['fid', 'signer_key', 'block_number', 'log_index'])
      .where('signer_key', 'is not', null)
      .execute();

    await db.schema
      .createTable('fids')
      .addColumn('fid', 'bigint', (column) => column.primaryKey())
      .addColumn('custody_address', bytes, (column) => column.notNull())
      .addColumn('custody_block_number', 'bigint', (column) => column.notNull())
      .addColumn('custody_log_index', 'integer', (column) => column.notNull())
      .addColumn('recovery_address', bytes)
      .execute();
    await db.schema
      .createIndex('fids_custody_address_idx')
      .on('fids')
      .columns(['custody_address', 'custody_block_number', 'custody_log_index'])
      .execute();

    await db.schema
      .createTable('signers')
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('key', bytes, (column) => column.notNull())
      .addColumn('key_type', 'integer', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('block_number', 'bigint', (column) => column.notNull())
      .addColumn('log_index', 'integer', (column) => column.notNull())
      .addPrimaryKeyConstraint('signers_pk', ['fid', 'key'])
      .execute();
    // A fid's signers in the order of their deciding events (onChainSignersByFid paging).
    await db.schema
      .createIndex('signers_fid_event_idx')
      .on('signers')
      .columns(['fid', 'block_number', 'log_index'])
      .execute();
  },
};
