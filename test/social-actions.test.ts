import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { openSocialHarness, TEST_ADMIN_TOKEN, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

function action(id: string, kind: 'cast' | 'composer', totalUsers: number, extra: object = {}) {
  return {
    id,
    kind,
    name: `Action ${id}`,
    icon: 'zap',
    description: `Does ${id}`,
    aboutUrl: `https://example.com/${id}/about`,
    actionUrl: `https://example.com/${id}`,
    postUrl: `https://example.com/${id}/post`,
    totalUsers,
    ...(kind === 'composer' && { imageUrl: `https://example.com/${id}.png` }),
    ...extra,
  };
}

/** The action as the discover endpoints serve it (spec §2.10). */
function served(id: string, kind: 'cast' | 'composer') {
  return {
    name: `Action ${id}`,
    icon: 'zap',
    description: `Does ${id}`,
    aboutUrl: `https://example.com/${id}/about`,
    ...(kind === 'composer' && { imageUrl: `https://example.com/${id}.png` }),
    actionUrl: `https://example.com/${id}`,
    action: { actionType: 'post', postUrl: `https://example.com/${id}/post` },
  };
}

forEachDialect('discoverable actions', (dialect) => {
  let harness: SocialHarness;
  before(async () => {
    harness = await openSocialHarness(dialect);
  });
  after(() => harness.close());

  const admin = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', payload?: object) =>
    harness.app.inject({ method, url: '/admin/actions', headers: ADMIN, ...(payload && { payload }) });
  const get = (url: string) => harness.app.inject({ method: 'GET', url });

  it('lists cast actions by total users, with exactly the spec fields', async () => {
    for (const [id, users] of [
      ['tip', 10],
      ['mute', 50],
      ['save', 30],
    ] as const) {
      const response = await admin('POST', action(id, 'cast', users));
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { result: { success: true } });
    }
    const response = await get('/v2/discover-actions?list=top');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), {
      result: { actions: [served('mute', 'cast'), served('save', 'cast'), served('tip', 'cast')] },
    });
  });

  it('pages with a cursor', async () => {
    const first = await get('/v2/discover-actions?list=top&limit=2');
    assert.deepEqual(first.json().result.actions, [served('mute', 'cast'), served('save', 'cast')]);
    const next = await get(
      `/v2/discover-actions?list=top&limit=2&cursor=${encodeURIComponent(first.json().next.cursor)}`,
    );
    assert.deepEqual(next.json(), { result: { actions: [served('tip', 'cast')] } });
  });

  it('lists composer actions by users, or featured in curated order, with imageUrl', async () => {
    await admin('POST', action('poll', 'composer', 5, { featuredRank: 2 }));
    await admin('POST', action('gif', 'composer', 90));
    await admin('POST', action('event', 'composer', 40, { featuredRank: 1 }));
    assert.deepEqual((await get('/v2/discover-composer-actions?list=top')).json(), {
      result: {
        actions: [served('gif', 'composer'), served('event', 'composer'), served('poll', 'composer')],
      },
    });
    assert.deepEqual((await get('/v2/discover-composer-actions?list=featured')).json(), {
      result: { actions: [served('event', 'composer'), served('poll', 'composer')] },
    });
    const first = await get('/v2/discover-composer-actions?list=featured&limit=1');
    const next = await get(
      `/v2/discover-composer-actions?list=featured&limit=1&cursor=${encodeURIComponent(first.json().next.cursor)}`,
    );
    assert.deepEqual(next.json(), { result: { actions: [served('poll', 'composer')] } });
  });

  it('edits total users and the featured rank, and unfeatures with null', async () => {
    assert.equal((await admin('PATCH', { id: 'tip', totalUsers: 100 })).statusCode, 200);
    assert.equal((await admin('PATCH', { id: 'gif', featuredRank: 3 })).statusCode, 200);
    assert.equal((await admin('PATCH', { id: 'event', featuredRank: null })).statusCode, 200);
    assert.equal((await admin('PATCH', { id: 'save' })).statusCode, 200);
    assert.deepEqual(
      (await get('/v2/discover-actions?list=top')).json().result.actions[0],
      served('tip', 'cast'),
    );
    assert.deepEqual((await get('/v2/discover-composer-actions?list=featured')).json(), {
      result: { actions: [served('poll', 'composer'), served('gif', 'composer')] },
    });
    const all = await admin('GET');
    assert.equal(all.statusCode, 200);
    const tip = all.json().result.actions.find((a: { id: string }) => a.id === 'tip');
    assert.deepEqual(tip, { ...action('tip', 'cast', 100), imageUrl: null, featuredRank: null });
  });

  it('refuses a second action with the same id with 409, also when created concurrently', async () => {
    const again = await admin('POST', action('tip', 'cast', 1));
    assert.equal(again.statusCode, 409);
    assert.deepEqual(again.json(), {
      errors: [{ message: 'An action with id tip already exists', code: 'ACTION_EXISTS' }],
    });
    const racing = await Promise.all(
      Array.from({ length: 6 }, () => admin('POST', action('race', 'cast', 1))),
    );
    assert.deepEqual(racing.map((response) => response.statusCode).sort(), [200, 409, 409, 409, 409, 409]);
  });

  it('keeps imageUrl and featuring to composer actions', async () => {
    const cases: [string, object, string][] = [
      ['POST', action('x1', 'composer', 1, { imageUrl: undefined }), 'A composer action needs an imageUrl'],
      [
        'POST',
        action('x2', 'cast', 1, { imageUrl: 'https://e.com/i.png' }),
        'Only composer actions have an imageUrl',
      ],
      ['POST', action('x3', 'cast', 1, { featuredRank: 1 }), 'Only composer actions can be featured'],
      ['PATCH', { id: 'tip', featuredRank: 1 }, 'Only composer actions can be featured'],
      ['PATCH', { id: 'gif', imageUrl: null }, 'A composer action needs an imageUrl'],
    ];
    for (const [method, body, message] of cases) {
      const response = await admin(method as 'POST', body);
      assert.equal(response.statusCode, 400, JSON.stringify(body));
      assert.deepEqual(response.json(), { errors: [{ message, code: 'INVALID_REQUEST' }] });
    }
  });

  it('deletes actions (absent ones too) and answers 404 for edits of unknown ones', async () => {
    for (let i = 0; i < 2; i++) assert.equal((await admin('DELETE', { id: 'race' })).statusCode, 200);
    const edit = await admin('PATCH', { id: 'race', totalUsers: 1 });
    assert.equal(edit.statusCode, 404);
    assert.deepEqual(edit.json(), {
      errors: [{ message: 'Action race does not exist', code: 'ACTION_NOT_FOUND' }],
    });
  });

  it('rejects bad lists, bodies and tokens', async () => {
    for (const url of [
      '/v2/discover-actions',
      '/v2/discover-actions?list=featured',
      '/v2/discover-composer-actions?list=new',
      '/v2/discover-actions?list=top&cursor=abc',
    ]) {
      assert.equal((await get(url)).statusCode, 400, url);
    }
    for (const body of [
      action('bad url', 'cast', 1),
      action('y', 'cast', 1, { aboutUrl: 'ftp://x' }),
      action('y', 'cast', -1),
      action('y', 'cast', 1, { icon: 'Not An Icon' }),
      action('y', 'cast', 1, { extra: true }),
      { id: 'y', kind: 'cast' },
    ]) {
      assert.equal((await admin('POST', body)).statusCode, 400, JSON.stringify(body));
    }
    assert.equal((await admin('PATCH', { id: 'tip', kind: 'composer' })).statusCode, 400);
    const anonymous = await harness.app.inject({ method: 'GET', url: '/admin/actions' });
    assert.equal(anonymous.statusCode, 401);
  });
});
