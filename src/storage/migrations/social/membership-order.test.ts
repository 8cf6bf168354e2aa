import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runMigrations } from '../../migrate.js';
import { forEachDialect, openTestDatabase } from '../../testing.js';
import { migrationsAround } from '../testing.js';
import { socialMigrations } from './index.js';

const MIGRATION = '0012_membership_order';
const { before, through } = migrationsAround(socialMigrations, MIGRATION);

forEachDialect('social migration 0012: follows and roles numbered in insertion order', (dialect) => {
  it('keeps every row, numbered in the order the lists showed them, and numbers new rows after', async () => {
    const database = await openTestDatabase(dialect);
    const db = database.db;
    try {
      await runMigrations(database, 'social', before);
      await sql`insert into channels (id, url, name, description, description_mentions,
        description_mentions_positions, lead_fid, image_url, header_image_url, public_casting, created_at)
        values ('c', 'https://c.example', 'C', '', '[]', '[]', 1, '', '', ${true}, 0)`.execute(db);
      await sql`insert into channel_follows (channel_id, fid, followed_at)
        values ('c', 30, 5), ('c', 10, 5), ('c', 20, 4)`.execute(db);
      await sql`insert into channel_roles (channel_id, fid, role, member_at)
        values ('c', 7, 'member', 5), ('c', 1, 'owner', 3), ('c', 3, 'moderator', 5)`.execute(db);

      assert.deepEqual(await runMigrations(database, 'social', through), [MIGRATION]);

      const follows = await sql<{ fid: number }>`select fid from channel_follows order by seq`.execute(db);
      assert.deepEqual(
        follows.rows.map((row) => Number(row.fid)),
        [20, 10, 30],
      );
      const roles = await sql<{ fid: number; role: string; member_at: number }>`
        select fid, role, member_at from channel_roles order by seq`.execute(db);
      assert.deepEqual(
        roles.rows.map((row) => [Number(row.fid), row.role, Number(row.member_at)]),
        [
          [1, 'owner', 3],
          [3, 'moderator', 5],
          [7, 'member', 5],
        ],
      );

      await sql`insert into channel_follows (channel_id, fid, followed_at) values ('c', 5, 1)`.execute(db);
      const newest = await sql<{ fid: number }>`select fid from channel_follows
        order by seq desc limit 1`.execute(db);
      assert.equal(Number(newest.rows[0]?.fid), 5);
      // (channel, fid) stays unique, and the channel must exist.
      await assert.rejects(
        sql`insert into channel_follows (channel_id, fid, followed_at)
        values ('c', 10, 9)`.execute(db),
      );
      await assert.rejects(
        sql`insert into channel_roles (channel_id, fid, role, member_at)
        values ('nope', 9, 'member', 9)`.execute(db),
      );
    } finally {
      await database.cleanup();
    }
  });
});
