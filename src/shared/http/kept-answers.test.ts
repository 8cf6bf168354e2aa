import assert from 'node:assert/strict';
import { it } from 'node:test';
import { keptAnswers, type BuiltAnswer } from './kept-answers.js';

/**
 * What kept answers keep and when they build again, over versions held in a map; that each write an
 * answer shows moves its version is driven over HTTP with each service's database (test/social-kept-reads,
 * test/social-feed, test/names-kept-reads).
 */

/** Versions as a database would hold them, a reader of them that counts its reads, and a commit mark. */
function versions() {
  const held = new Map<string, number>();
  let commits = 0;
  const read = async (scopes: string[]) => {
    read.calls += 1;
    return scopes.map((scope) => held.get(scope) ?? 0).join('/');
  };
  read.calls = 0;
  return {
    bump: (scope: string) => {
      held.set(scope, (held.get(scope) ?? 0) + 1);
      commits += 1;
    },
    read,
    commitMark: () => String(commits),
  };
}

/** A build that counts its calls and answers `text` in `scopes`. */
function counted(scopes: string[], text: string) {
  const build = async (): Promise<BuiltAnswer> => {
    build.calls += 1;
    return { scopes, body: Buffer.from(text) };
  };
  build.calls = 0;
  return build;
}
const scopesOf = (scopes: string[] | undefined) => () => scopes;

it('serves a kept answer until a version of its scopes moves, then builds it again', async () => {
  const held = versions();
  const kept = keptAnswers(held.read);
  const build = counted(['a', 'every'], 'page');
  for (let i = 0; i < 3; i++)
    assert.equal(String(await kept.serve('k', scopesOf(['a', 'every']), build)), 'page');
  assert.equal(build.calls, 1);
  held.bump('other');
  await kept.serve('k', scopesOf(['a', 'every']), build);
  assert.equal(build.calls, 1);
  held.bump('every');
  await kept.serve('k', scopesOf(['a', 'every']), build);
  assert.equal(build.calls, 2);
});

it('keeps no answer whose build found other scopes, nor one without scopes', async () => {
  const kept = keptAnswers(versions().read);
  const moved = counted(['b'], 'moved');
  await kept.serve('b', scopesOf(['none']), moved);
  await kept.serve('b', scopesOf(['none']), moved);
  assert.equal(moved.calls, 2);
  const unknown = counted(['none'], 'none');
  await kept.serve('c', scopesOf(undefined), unknown);
  await kept.serve('c', scopesOf(undefined), unknown);
  assert.equal(unknown.calls, 2);
});

it('drops the least recently read answers beyond its capacity', async () => {
  const kept = keptAnswers(versions().read, { capacity: 10 });
  const builds = { x: counted(['s'], 'xxxx'), y: counted(['s'], 'yyyy'), z: counted(['s'], 'zzzz') };
  await kept.serve('x', scopesOf(['s']), builds.x);
  await kept.serve('y', scopesOf(['s']), builds.y);
  await kept.serve('x', scopesOf(['s']), builds.x);
  // 12 bytes would be over 10: y, read least recently, goes.
  await kept.serve('z', scopesOf(['s']), builds.z);
  await kept.serve('x', scopesOf(['s']), builds.x);
  await kept.serve('y', scopesOf(['s']), builds.y);
  assert.deepEqual([builds.x.calls, builds.y.calls, builds.z.calls], [1, 2, 1]);
});

it('reads no versions while the commit mark holds', async () => {
  const held = versions();
  const kept = keptAnswers(held.read, { commitMark: held.commitMark });
  const build = counted(['a'], 'page');
  for (let i = 0; i < 3; i++) await kept.serve('k', scopesOf(['a']), build);
  assert.deepEqual([build.calls, held.read.calls], [1, 1]);
  // A commit elsewhere: the versions are read once again, the answer still holds.
  held.bump('other');
  for (let i = 0; i < 3; i++) await kept.serve('k', scopesOf(['a']), build);
  assert.deepEqual([build.calls, held.read.calls], [1, 2]);
  held.bump('a');
  assert.equal(String(await kept.serve('k', scopesOf(['a']), build)), 'page');
  assert.deepEqual([build.calls, held.read.calls], [2, 3]);
});
