import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { putUserData } from '../node-index/store.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../../storage/testing.js';
import type { SocialTables } from '../store.js';
import { feedScope, keptPages, type BuiltPage } from './kept-pages.js';

/**
 * What kept pages keep and when they build again; that each write a page shows moves its version is
 * driven over HTTP in test/social-feed.test.ts.
 */
forEachDialect('kept feed pages', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  /** A build that counts its calls and answers `text` in `scope`. */
  const counted = (scope: string, text: string) => {
    const build = async (): Promise<BuiltPage> => {
      build.calls += 1;
      return { scope, body: Buffer.from(text) };
    };
    build.calls = 0;
    return build;
  };
  const scopeOf = (scope: string | undefined) => async () => scope;

  it('serves a kept page until a write moves its versions, then builds it again', async () => {
    const kept = keptPages(database.db);
    const scope = feedScope('https://example.com/kept');
    const build = counted(scope, 'page');
    for (let i = 0; i < 3; i++) assert.equal(String(await kept.serve('a', scopeOf(scope), build)), 'page');
    assert.equal(build.calls, 1);
    // A name change moves the version every feed depends on.
    await putUserData(database.db, 5, 6, 'renamed');
    await kept.serve('a', scopeOf(scope), build);
    assert.equal(build.calls, 2);
  });

  it('keeps no page whose build found its casts in another scope, nor one without a scope', async () => {
    const kept = keptPages(database.db);
    const moved = counted(feedScope('https://example.com/b'), 'moved');
    await kept.serve('b', scopeOf(feedScope(null)), moved);
    await kept.serve('b', scopeOf(feedScope(null)), moved);
    assert.equal(moved.calls, 2);
    const unknown = counted(feedScope(null), 'none');
    await kept.serve('c', scopeOf(undefined), unknown);
    await kept.serve('c', scopeOf(undefined), unknown);
    assert.equal(unknown.calls, 2);
  });

  it('drops the least recently read pages beyond its capacity', async () => {
    const kept = keptPages(database.db, 10);
    const scope = feedScope('https://example.com/small');
    const builds = { x: counted(scope, 'xxxx'), y: counted(scope, 'yyyy'), z: counted(scope, 'zzzz') };
    await kept.serve('x', scopeOf(scope), builds.x);
    await kept.serve('y', scopeOf(scope), builds.y);
    await kept.serve('x', scopeOf(scope), builds.x);
    // 12 bytes would be over 10: y, read least recently, goes.
    await kept.serve('z', scopeOf(scope), builds.z);
    await kept.serve('x', scopeOf(scope), builds.x);
    await kept.serve('y', scopeOf(scope), builds.y);
    assert.deepEqual([builds.x.calls, builds.y.calls, builds.z.calls], [1, 2, 1]);
  });
});
