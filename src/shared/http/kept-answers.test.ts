import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { FastifyRequest } from 'fastify';
import { createAnswerCache, MiB } from './answer-cache.js';
import { ENTRY_OVERHEAD, keptAnswers, requestKey, type BuiltAnswer } from './kept-answers.js';

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
/** A budget of its own, of `capacity` bytes. */
const budget = (capacity = 32 * MiB) => ({ cache: createAnswerCache(capacity) });

it('serves a kept answer until a version of its scopes moves, then builds it again', async () => {
  const held = versions();
  const kept = keptAnswers(held.read, budget());
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
  const kept = keptAnswers(versions().read, budget());
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
  // Each entry counts its 4-byte body, its key, scope and version (2 bytes a character) and the overhead.
  const kept = keptAnswers(versions().read, budget(2 * (ENTRY_OVERHEAD + 10)));
  const builds = { x: counted(['s'], 'xxxx'), y: counted(['s'], 'yyyy'), z: counted(['s'], 'zzzz') };
  await kept.serve('x', scopesOf(['s']), builds.x);
  await kept.serve('y', scopesOf(['s']), builds.y);
  await kept.serve('x', scopesOf(['s']), builds.x);
  // A third would be over: y, read least recently, goes.
  await kept.serve('z', scopesOf(['s']), builds.z);
  await kept.serve('x', scopesOf(['s']), builds.x);
  await kept.serve('y', scopesOf(['s']), builds.y);
  assert.deepEqual([builds.x.calls, builds.y.calls, builds.z.calls], [1, 2, 1]);
  assert.deepEqual(kept.usage(), { bytes: 2 * (ENTRY_OVERHEAD + 10), entries: 2 });
});

it('counts keys and each entry in its budget', async () => {
  const kept = keptAnswers(versions().read, budget(2 * ENTRY_OVERHEAD + 5000));
  const build = counted(['s'], 'tiny');
  const long = (n: number, length = 2000) => `${n}`.padEnd(length, '.');
  await kept.serve(long(1), scopesOf(['s']), build);
  assert.deepEqual(kept.usage(), { bytes: ENTRY_OVERHEAD + 4 + 2 * 2000 + 2 + 2, entries: 1 });
  // Two keys of 2,000 characters are over the budget: the first goes for the second.
  const one = kept.usage();
  await kept.serve(long(2), scopesOf(['s']), build);
  assert.deepEqual(kept.usage(), one);
  await kept.serve(long(2), scopesOf(['s']), build);
  assert.equal(build.calls, 2, 'the second is kept');
  // A key too long for the budget is answered and not kept.
  await kept.serve(long(3, 5000), scopesOf(['s']), build);
  assert.deepEqual(kept.usage(), one);
});

it('counts a hit for each answer sent kept, a miss for each built', async () => {
  const cache = createAnswerCache(MiB);
  const held = versions();
  const kept = keptAnswers(held.read, { cache });
  const build = counted(['a'], 'page');
  for (let i = 0; i < 3; i++) await kept.serve('k', scopesOf(['a']), build);
  held.bump('a');
  await kept.serve('k', scopesOf(['a']), build);
  await kept.serve('none', scopesOf(undefined), counted(['a'], 'unkept'));
  const { hits, misses, entries } = cache.stats().get('answers') ?? {};
  assert.deepEqual({ hits, misses, entries }, { hits: 2, misses: 3, entries: 1 });
});

it('reads no versions while the commit mark holds', async () => {
  const held = versions();
  const kept = keptAnswers(held.read, { ...budget(), commitMark: held.commitMark });
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

/** A GET request as Fastify hands it to a route declaring `declared`. */
const request = (url: string, declared: string[], query: Record<string, unknown>, params = {}) =>
  ({
    routeOptions: {
      url,
      schema: { querystring: { properties: Object.fromEntries(declared.map((name) => [name, {}])) } },
    },
    params,
    query,
  }) as unknown as FastifyRequest;

it('keys a request by its route and declared parameters only, in name order', () => {
  const key = (query: Record<string, unknown>, undeclared?: string[]) =>
    requestKey(request('/r', ['a', 'b'], query), undeclared);
  assert.equal(key({ a: '1', b: '2' }), key({ b: '2', a: '1', junk: 'x'.repeat(10_000) }));
  assert.equal(key({ a: '1', b: '2' }).length < 50, true);
  for (const other of [{ a: '1' }, { a: '1', b: '' }, { a: '1', b: '3' }, { a: '1', b: ['2', '2'] }])
    assert.notEqual(key(other), key({ a: '1', b: '2' }), JSON.stringify(other));
  assert.notEqual(key({ a: '1', c: '2' }, ['c']), key({ a: '1', c: '3' }, ['c']), 'a listed undeclared name');
  assert.notEqual(requestKey(request('/s', ['a', 'b'], { a: '1' })), key({ a: '1' }), 'another route');
  assert.notEqual(
    requestKey(request('/r/:id', ['a'], {}, { id: '1' })),
    requestKey(request('/r/:id', ['a'], {}, { id: '2' })),
    'path parameters',
  );
});
