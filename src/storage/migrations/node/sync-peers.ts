import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/**
 * `sync_peers`: the nodes this node syncs from, configured (`--peer`) or learned from another peer's
 * GetCurrentPeers, with what must outlive a restart: the last of the peer's events merged from its stream
 * (so the stream resumes there), its score, and a pause after a bad sync.
 *
 * `sync_deferred`: messages a peer sent whose fid, signer or storage this node's chain view does not have
 * yet. They are merged again once the chain reader moves on; diff sync finds any that are dropped again.
 */
export const createSyncPeers: Migration = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('sync_peers')
      .addColumn('address', 'text', (column) => column.primaryKey())
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('last_event_id', 'bigint')
      .addColumn('score', 'integer', (column) => column.notNull())
      .addColumn('paused_until', 'bigint')
      .addColumn('pause_reason', 'text')
      .addColumn('learned_at', 'bigint', (column) => column.notNull())
      .addColumn('last_contact', 'bigint')
      .execute();
    await db.schema
      .createTable('sync_deferred')
      .addColumn('hash', bytesColumn(dialect), (column) => column.primaryKey())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('bytes', bytesColumn(dialect), (column) => column.notNull())
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('deferred_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema.createIndex('sync_deferred_at').on('sync_deferred').column('deferred_at').execute();
    // Each fid's rows are counted against its bound.
    await db.schema.createIndex('sync_deferred_fid').on('sync_deferred').column('fid').execute();
  },
};
