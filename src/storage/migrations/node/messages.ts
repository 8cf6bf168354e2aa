import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** One table for every message store, plus the fids each cast mentions. */
export const createMessages: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    await db.schema
      .createTable('messages')
      .addColumn('hash', bytes, (column) => column.primaryKey())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('store', 'integer', (column) => column.notNull())
      .addColumn('type', 'integer', (column) => column.notNull())
      .addColumn('is_remove', 'boolean', (column) => column.notNull())
      .addColumn('conflict_key', bytes, (column) => column.notNull())
      .addColumn('ts_hash', bytes, (column) => column.notNull())
      .addColumn('signer', bytes, (column) => column.notNull())
      .addColumn('encoded', bytes, (column) => column.notNull())
      .addColumn('target_fid', 'bigint')
      .addColumn('target_hash', bytes)
      .addColumn('target_url', 'text')
      .addColumn('parent_fid', 'bigint')
      .addColumn('parent_hash', bytes)
      .addColumn('parent_url', 'text')
      .addColumn('link_type', 'text')
      .addColumn('reaction_type', 'integer')
      .addColumn('user_data_type', 'integer')
      .execute();

    const index = (name: string, columns: string[], whereNotNull?: string) => {
      const builder = db.schema.createIndex(name).on('messages').columns(columns);
      return (
        whereNotNull === undefined ? builder : builder.where(sql.ref(whereNotNull), 'is not', null)
      ).execute();
    };
    // The CRDT key: one surviving message per (fid, store, key); also point reads such as userData by type.
    await db.schema
      .createIndex('messages_conflict_key_idx')
      .on('messages')
      .columns(['fid', 'store', 'conflict_key'])
      .unique()
      .execute();
    // Paging by fid, counting and pruning a store (oldest first).
    await index('messages_fid_store_ts_idx', ['fid', 'store', 'ts_hash']);
    // Revocation of a removed signer's messages.
    await index('messages_signer_idx', ['fid', 'signer']);
    // Keys that must be unique across fids: verified addresses, ENS names.
    await index('messages_store_key_idx', ['store', 'conflict_key']);
    await index('messages_parent_cast_idx', ['parent_fid', 'parent_hash', 'ts_hash'], 'parent_hash');
    await index('messages_parent_url_idx', ['parent_url', 'ts_hash'], 'parent_url');
    await index('messages_target_cast_idx', ['target_fid', 'target_hash', 'ts_hash'], 'target_hash');
    await index('messages_target_url_idx', ['target_url', 'ts_hash'], 'target_url');
    // Links by target fid; `store` keeps reactions (which also fill target_fid) out of the range.
    await index('messages_target_fid_idx', ['store', 'target_fid', 'ts_hash'], 'target_fid');

    await db.schema
      .createTable('cast_mentions')
      .addColumn('hash', bytes, (column) => column.notNull().references('messages.hash').onDelete('cascade'))
      .addColumn('mentioned_fid', 'bigint', (column) => column.notNull())
      .addColumn('ts_hash', bytes, (column) => column.notNull())
      .addPrimaryKeyConstraint('cast_mentions_pk', ['hash', 'mentioned_fid'])
      .execute();
    await db.schema
      .createIndex('cast_mentions_fid_idx')
      .on('cast_mentions')
      .columns(['mentioned_fid', 'ts_hash'])
      .execute();
  },
};
