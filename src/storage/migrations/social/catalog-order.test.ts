import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runMigrations } from '../../migrate.js';
import { forEachDialect, openTestDatabase } from '../../testing.js';
import { migrationsAround } from '../testing.js';
import { socialMigrations } from './index.js';

const MIGRATION = '0015_catalog_order';
const { before, through } = migrationsAround(socialMigrations, MIGRATION);

forEachDialect(
  'social migration 0015: verifications and pack members numbered in insertion order',
  (dialect) => {
    it('keeps every row, numbered in the order the lists showed them, and numbers new rows after', async () => {
      const database = await openTestDatabase(dialect);
      const db = database.db;
      try {
        await runMigrations(database, 'social', before);
        await sql`insert into account_verifications (platform, platform_id, fid, platform_username, verified_at)
        values ('x', '9', 1, 'a', 5), ('x', '10', 2, 'b', 5), ('github', '1', 3, 'c', 4)`.execute(db);
        await sql`insert into starter_packs (id, name, description, created_at) values ('p', 'P', '', 0)`.execute(
          db,
        );
        await sql`insert into starter_pack_members (pack_id, fid, member_at)
        values ('p', 30, 5), ('p', 10, 5), ('p', 20, 4)`.execute(db);

        assert.deepEqual(await runMigrations(database, 'social', through), [MIGRATION]);

        const verifications = await sql<{ platform_id: string; fid: number; platform_username: string }>`
        select platform_id, fid, platform_username from account_verifications order by seq`.execute(db);
        assert.deepEqual(
          verifications.rows.map((row) => [row.platform_id, Number(row.fid), row.platform_username]),
          [
            ['1', 3, 'c'],
            ['10', 2, 'b'],
            ['9', 1, 'a'],
          ],
        );
        const members = await sql<{ fid: number }>`select fid from starter_pack_members order by seq`.execute(
          db,
        );
        assert.deepEqual(
          members.rows.map((row) => Number(row.fid)),
          [20, 10, 30],
        );

        await sql`insert into starter_pack_members (pack_id, fid, member_at) values ('p', 5, 1)`.execute(db);
        const newest = await sql<{ fid: number }>`select fid from starter_pack_members
        order by seq desc limit 1`.execute(db);
        assert.equal(Number(newest.rows[0]?.fid), 5);
        // The old keys stay unique, and a member's pack must exist.
        await assert.rejects(
          sql`insert into account_verifications (platform, platform_id, fid, platform_username, verified_at)
          values ('x', '9', 7, 'd', 6)`.execute(db),
        );
        await assert.rejects(
          sql`insert into starter_pack_members (pack_id, fid, member_at) values ('p', 10, 9)`.execute(db),
        );
        await assert.rejects(
          sql`insert into starter_pack_members (pack_id, fid, member_at) values ('nope', 9, 9)`.execute(db),
        );
      } finally {
        await database.cleanup();
      }
    });
  },
);
