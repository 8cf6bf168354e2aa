import type { Migration } from '../../migration.js';

/**
 * The answer to a user's last answered invite per channel and role (src/social/channels/tables.ts), so a
 * repeated answer (a client retrying) succeeds and a changed one is refused (spec §3.2).
 */
export const createInviteAnswers: Migration = {
  async up(db) {
    await db.schema
      .createTable('channel_invite_answers')
      .addColumn('channel_id', 'text', (column) => column.notNull().references('channels.id'))
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('accepted', 'boolean', (column) => column.notNull())
      .addColumn('answered_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('channel_invite_answers_pk', ['channel_id', 'fid', 'role'])
      .execute();
  },
};
