import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import { CHANNEL_DETAIL_COLUMNS } from '../storage/migrations/social/read-versions.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../storage/testing.js';
import { putUserData } from './node-index/store.js';
import type { SocialTables } from './store.js';
import { feedScopes, keptAnswers, type BuiltAnswer } from './kept-answers.js';

/**
 * What kept answers keep and when they build again; that each write an answer shows moves its version is
 * driven over HTTP in test/social-feed.test.ts and test/social-kept-reads.test.ts.
 */
forEachDialect('kept answers', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  /** A build that counts its calls and answers `text` in `scopes`. */
  const counted = (scopes: string[], text: string) => {
    const build = async (): Promise<BuiltAnswer> => {
      build.calls += 1;
      return { scopes, body: Buffer.from(text) };
    };
    build.calls = 0;
    return build;
  };
  const scopesOf = (scopes: string[] | undefined) => () => scopes;

  it('serves a kept answer until a write moves its versions, then builds it again', async () => {
    const kept = keptAnswers(database.db);
    const scopes = feedScopes('https://example.com/kept');
    const build = counted(scopes, 'page');
    for (let i = 0; i < 3; i++) assert.equal(String(await kept.serve('a', scopesOf(scopes), build)), 'page');
    assert.equal(build.calls, 1);
    // A name change moves the version every feed depends on.
    await putUserData(database.db, 5, 6, 'renamed');
    await kept.serve('a', scopesOf(scopes), build);
    assert.equal(build.calls, 2);
  });

  it('keeps no answer whose build found other scopes, nor one without scopes', async () => {
    const kept = keptAnswers(database.db);
    const moved = counted(feedScopes('https://example.com/b'), 'moved');
    await kept.serve('b', scopesOf(feedScopes(null)), moved);
    await kept.serve('b', scopesOf(feedScopes(null)), moved);
    assert.equal(moved.calls, 2);
    const unknown = counted(feedScopes(null), 'none');
    await kept.serve('c', scopesOf(undefined), unknown);
    await kept.serve('c', scopesOf(undefined), unknown);
    assert.equal(unknown.calls, 2);
  });

  it('drops the least recently read answers beyond its capacity', async () => {
    const kept = keptAnswers(database.db, 10);
    const scopes = feedScopes('https://example.com/small');
    const builds = { x: counted(scopes, 'xxxx'), y: counted(scopes, 'yyyy'), z: counted(scopes, 'zzzz') };
    await kept.serve('x', scopesOf(scopes), builds.x);
    await kept.serve('y', scopesOf(scopes), builds.y);
    await kept.serve('x', scopesOf(scopes), builds.x);
    // 12 bytes would be over 10: y, read least recently, goes.
    await kept.serve('z', scopesOf(scopes), builds.z);
    await kept.serve('x', scopesOf(scopes), builds.x);
    await kept.serve('y', scopesOf(scopes), builds.y);
    assert.deepEqual([builds.x.calls, builds.y.calls, builds.z.calls], [1, 2, 1]);
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
