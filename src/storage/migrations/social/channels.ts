import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** Channels and who holds which role in them (src/social/channels/tables.ts). */
export const createChannels: Migration = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('channels')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('url', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('description_mentions', 'text', (column) => column.notNull())
      .addColumn('description_mentions_positions', 'text', (column) => column.notNull())
      .addColumn('lead_fid', 'bigint')
      .addColumn('image_url', 'text', (column) => column.notNull())
      .addColumn('header_image_url', 'text', (column) => column.notNull())
      .addColumn('external_link_title', 'text')
      .addColumn('external_link_url', 'text')
      .addColumn('public_casting', 'boolean', (column) => column.notNull())
      .addColumn('pinned_cast_hash', bytesColumn(dialect))
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('channel_roles')
      .addColumn('channel_id', 'text', (column) => column.notNull().references('channels.id'))
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('member_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('channel_roles_pk', ['channel_id', 'fid'])
      .execute();
    await db.schema
      .createIndex('channel_roles_fid_idx')
      .on('channel_roles')
      .columns(['fid', 'member_at'])
      .execute();
  },
};
