import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { CHANNEL_DETAIL_COLUMNS } from '../storage/migrations/social/read-versions.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../storage/testing.js';
import { putUserData } from './node-index/store.js';
import { feedScopes, readScopeVersions } from './read-scopes.js';
import type { SocialTables } from './store.js';

forEachDialect('social read scopes', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  it("reads the versions migration 0017's triggers bump, 0 for a scope never bumped", async () => {
    const read = readScopeVersions(database.db);
    const scopes = feedScopes('https://example.com/never');
    const before = await read(scopes);
    assert.match(before, /^0\/\d+$/);
    // A name shows in every feed.
    await putUserData(database.db, 5, 6, 'renamed');
    assert.notEqual(await read(scopes), before);
  });

  it("watches every column of a channel's details but created_at", async () => {
    const columns =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from pragma_table_info('channels')`.execute(database.db)
        : await sql<{ name: string }>`select column_name as name from information_schema.columns
            where table_name = 'channels' and table_schema = current_schema()`.execute(database.db);
    const unwatched = columns.rows
      .map(({ name }) => name)
      .filter((name) => !CHANNEL_DETAIL_COLUMNS.includes(name));
    assert.deepEqual(unwatched, ['created_at']);
  });
});
