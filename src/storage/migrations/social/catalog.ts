import { sql } from 'kysely';
import type { Migration } from '../../migration.js';

/**
 * Operator-curated data of the social API (src/social/catalog/tables.ts): account verifications,
 * rewards periods and their winners, starter packs and their members, discoverable actions.
 */
export const createCatalog: Migration = {
  async up(db) {
    await db.schema
      .createTable('account_verifications')
      .addColumn('platform', 'text', (column) => column.notNull())
      .addColumn('platform_id', 'text', (column) => column.notNull())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('platform_username', 'text', (column) => column.notNull())
      .addColumn('verified_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('account_verifications_pk', ['platform', 'platform_id'])
      .execute();
    await db.schema
      .createIndex('account_verifications_newest_idx')
      .on('account_verifications')
      .columns(['platform', 'verified_at', 'platform_id'])
      .execute();
    await db.schema
      .createIndex('account_verifications_fid_idx')
      .on('account_verifications')
      .columns(['fid', 'platform', 'verified_at'])
      .execute();

    // One row per kind, locked by a publish so overlapping periods cannot be published side by side.
    await db.schema
      .createTable('rewards_kinds')
      .addColumn('kind', 'text', (column) => column.primaryKey())
      .execute();
    await sql`insert into rewards_kinds (kind) values ('creator'), ('developer')`.execute(db);
    await db.schema
      .createTable('rewards_periods')
      .addColumn('kind', 'text', (column) => column.notNull().references('rewards_kinds.kind'))
      .addColumn('period_start', 'bigint', (column) => column.notNull())
      .addColumn('period_end', 'bigint', (column) => column.notNull())
      .addColumn('published_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('rewards_periods_pk', ['kind', 'period_start'])
      .execute();
    await db.schema
      .createTable('rewards_winners')
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('period_start', 'bigint', (column) => column.notNull())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('rank', 'bigint', (column) => column.notNull())
      .addColumn('score', 'bigint', (column) => column.notNull())
      .addColumn('reward_cents', 'bigint', (column) => column.notNull())
      .addColumn('wallet_address', 'text')
      .addColumn('domain', 'text')
      .addColumn('frame_name', 'text')
      .addPrimaryKeyConstraint('rewards_winners_pk', ['kind', 'period_start', 'fid'])
      .addForeignKeyConstraint('rewards_winners_period_fk', ['kind', 'period_start'], 'rewards_periods', [
        'kind',
        'period_start',
      ])
      .execute();
    await db.schema
      .createIndex('rewards_winners_rank_idx')
      .on('rewards_winners')
      .columns(['kind', 'period_start', 'rank', 'fid'])
      .execute();

    await db.schema
      .createTable('starter_packs')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('starter_pack_members')
      .addColumn('pack_id', 'text', (column) => column.notNull().references('starter_packs.id'))
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('member_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('starter_pack_members_pk', ['pack_id', 'fid'])
      .execute();
    await db.schema
      .createIndex('starter_pack_members_newest_idx')
      .on('starter_pack_members')
      .columns(['pack_id', 'member_at', 'fid'])
      .execute();

    await db.schema
      .createTable('actions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('icon', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('about_url', 'text', (column) => column.notNull())
      .addColumn('action_url', 'text', (column) => column.notNull())
      .addColumn('post_url', 'text', (column) => column.notNull())
      .addColumn('image_url', 'text')
      .addColumn('total_users', 'bigint', (column) => column.notNull())
      .addColumn('featured_rank', 'bigint')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('actions_top_idx')
      .on('actions')
      .columns(['kind', 'total_users', 'id'])
      .execute();
    await db.schema
      .createIndex('actions_featured_idx')
      .on('actions')
      .columns(['kind', 'featured_rank', 'id'])
      .execute();
  },
};
