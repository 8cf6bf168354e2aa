import { sql, type ColumnDefinitionBuilder } from 'kysely';
import { rowIdColumn, type Migration } from '../../migration.js';

/** Follows, outstanding invites, restriction and ban history, bot allowlist (src/social/channels/tables.ts). */
export const createChannelMembership: Migration = {
  async up(db, { dialect }) {
    const [idType, id] = rowIdColumn(dialect);
    const channelId = (column: ColumnDefinitionBuilder) => column.notNull().references('channels.id');

    await db.schema
      .createTable('channel_follows')
      .addColumn('channel_id', 'text', channelId)
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('followed_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('channel_follows_pk', ['channel_id', 'fid'])
      .execute();
    await db.schema
      .createIndex('channel_follows_channel_time_idx')
      .on('channel_follows')
      .columns(['channel_id', 'followed_at', 'fid'])
      .execute();
    await db.schema
      .createIndex('channel_follows_fid_time_idx')
      .on('channel_follows')
      .columns(['fid', 'followed_at', 'channel_id'])
      .execute();

    await db.schema
      .createTable('channel_invites')
      .addColumn('id', idType, id)
      .addColumn('channel_id', 'text', channelId)
      .addColumn('invited_fid', 'bigint', (column) => column.notNull())
      .addColumn('inviter_fid', 'bigint', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('invited_at', 'bigint', (column) => column.notNull())
      // Spec §8: one outstanding invite per (invitedFid, channelId).
      .addUniqueConstraint('channel_invites_one_per_user', ['channel_id', 'invited_fid'])
      .execute();
    await db.schema
      .createIndex('channel_invites_time_idx')
      .on('channel_invites')
      .columns(['invited_at', 'id'])
      .execute();
    await db.schema
      .createIndex('channel_invites_invitee_idx')
      .on('channel_invites')
      .columns(['invited_fid', 'invited_at'])
      .execute();

    await db.schema
      .createTable('channel_sanctions')
      .addColumn('id', idType, id)
      .addColumn('channel_id', 'text', channelId)
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('actor_fid', 'bigint', (column) => column.notNull())
      .addColumn('started_at', 'bigint', (column) => column.notNull())
      .addColumn('ended_at', 'bigint')
      .execute();
    // A user is restricted or banned in a channel, never both, and never twice at once.
    await db.schema
      .createIndex('channel_sanctions_one_active')
      .on('channel_sanctions')
      .columns(['channel_id', 'fid'])
      .unique()
      .where(sql.ref('ended_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('channel_sanctions_active_time_idx')
      .on('channel_sanctions')
      .columns(['kind', 'started_at', 'id'])
      .where(sql.ref('ended_at'), 'is', null)
      .execute();

    await db.schema
      .createTable('channel_bot_allowlist')
      .addColumn('fid', 'bigint', (column) => column.primaryKey())
      .addColumn('added_at', 'bigint', (column) => column.notNull())
      .execute();
  },
};
