import type { Migration } from '../../migration.js';
import { bytesColumn, rowIdColumn } from '../../migration.js';

/**
 * Cast moderation log, pin announcements and user blocks (src/social/moderation/tables.ts and
 * src/social/blocks/tables.ts). Each table numbers its rows so lists have a stable newest-first order even
 * for rows written in the same second.
 */
export const createModeration: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    const [idType, id] = rowIdColumn(dialect);

    await db.schema
      .createTable('cast_moderation_actions')
      .addColumn('id', idType, id)
      .addColumn('cast_hash', bytes, (column) => column.notNull())
      .addColumn('channel_id', 'text', (column) => column.notNull())
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('moderator_fid', 'bigint', (column) => column.notNull())
      .addColumn('moderated_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('cast_moderation_actions_time_idx')
      .on('cast_moderation_actions')
      .columns(['moderated_at', 'id'])
      .execute();
    await db.schema
      .createIndex('cast_moderation_actions_channel_idx')
      .on('cast_moderation_actions')
      .columns(['channel_id', 'moderated_at', 'id'])
      .execute();

    await db.schema
      .createTable('channel_announcements')
      .addColumn('id', idType, id)
      .addColumn('recipient_fid', 'bigint', (column) => column.notNull())
      .addColumn('channel_id', 'text', (column) => column.notNull())
      .addColumn('cast_hash', bytes, (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      // One announcement of a cast per recipient, however often it is pinned with notify.
      .addUniqueConstraint('channel_announcements_once', ['recipient_fid', 'cast_hash'])
      .execute();
    await db.schema
      .createIndex('channel_announcements_recipient_idx')
      .on('channel_announcements')
      .columns(['recipient_fid', 'created_at', 'id'])
      .execute();

    await db.schema
      .createTable('user_blocks')
      .addColumn('id', idType, id)
      .addColumn('blocker_fid', 'bigint', (column) => column.notNull())
      .addColumn('blocked_fid', 'bigint', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addUniqueConstraint('user_blocks_pair', ['blocker_fid', 'blocked_fid'])
      .execute();
    await db.schema
      .createIndex('user_blocks_time_idx')
      .on('user_blocks')
      .columns(['created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('user_blocks_blocker_idx')
      .on('user_blocks')
      .columns(['blocker_fid', 'created_at', 'id'])
      .execute();
  },
};
