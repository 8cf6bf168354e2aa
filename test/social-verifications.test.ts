import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { openSocialHarness, TEST_ADMIN_TOKEN, type SocialHarness } from '../src/social/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

const ADMIN = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

forEachDialect('account verifications', (dialect) => {
  let harness: SocialHarness;
  before(async () => {
    harness = await openSocialHarness(dialect);
  });
  after(() => harness.close());

  const put = (body: object, headers: Record<string, string> = ADMIN) =>
    harness.app.inject({ method: 'PUT', url: '/admin/account-verifications', headers, payload: body });
  const remove = (body: object) =>
    harness.app.inject({
      method: 'DELETE',
      url: '/admin/account-verifications',
      headers: ADMIN,
      payload: body,
    });
  const list = (query: string) =>
    harness.app.inject({ method: 'GET', url: `/fc/account-verifications${query}` });

  it('lists x verifications newest first by default, and filters by fid and platform', async () => {
    for (const [fid, platform, platformId, verifiedAt] of [
      [1, 'x', '100', 1000],
      [2, 'x', '200', 3000],
      [1, 'github', '300', 2000],
      [3, 'x', '400', 2000],
    ] as const) {
      const response = await put({ fid, platform, platformId, platformUsername: `user${fid}`, verifiedAt });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), { result: { success: true } });
    }
    const all = await list('');
    assert.equal(all.statusCode, 200);
    assert.deepEqual(all.json(), {
      result: {
        verifications: [
          { fid: 2, platform: 'x', platformId: '200', platformUsername: 'user2', verifiedAt: 3000 },
          { fid: 3, platform: 'x', platformId: '400', platformUsername: 'user3', verifiedAt: 2000 },
          { fid: 1, platform: 'x', platformId: '100', platformUsername: 'user1', verifiedAt: 1000 },
        ],
      },
    });
    assert.deepEqual((await list('?fid=1&platform=github')).json().result.verifications, [
      { fid: 1, platform: 'github', platformId: '300', platformUsername: 'user1', verifiedAt: 2000 },
    ]);
    assert.deepEqual((await list('?platform=discord')).json(), { result: { verifications: [] } });
  });

  it('pages with a cursor', async () => {
    const first = await list('?limit=2');
    assert.equal(first.json().result.verifications.length, 2);
    const cursor = first.json().next.cursor as string;
    const second = await list(`?limit=2&cursor=${encodeURIComponent(cursor)}`);
    assert.deepEqual(
      second.json().result.verifications.map((v: { platformId: string }) => v.platformId),
      ['100'],
    );
    assert.equal(second.json().next, undefined);
  });

  it('moves a platform account verified again to the new fid, stamping now when verifiedAt is absent', async () => {
    const response = await put({ fid: 9, platform: 'x', platformId: '100', platformUsername: 'renamed' });
    assert.equal(response.statusCode, 200);
    const [newest] = (await list('')).json().result.verifications;
    assert.deepEqual(newest, {
      fid: 9,
      platform: 'x',
      platformId: '100',
      platformUsername: 'renamed',
      verifiedAt: harness.clock.seconds(),
    });
    assert.deepEqual((await list('?fid=1')).json(), { result: { verifications: [] } });
  });

  it('lists verifications of the same second in the order they were recorded, across pages', async () => {
    const record = async (fid: number, platformId: string, platformUsername = 'someone') => {
      const response = await put({
        fid,
        platform: 'discord',
        platformId,
        platformUsername,
        verifiedAt: 5000,
      });
      assert.equal(response.statusCode, 200, response.body);
    };
    const walk = async () => {
      const seen: string[] = [];
      let query = '?platform=discord&limit=1';
      for (let response = await list(query); ; response = await list(query)) {
        seen.push(...response.json().result.verifications.map((v: { platformId: string }) => v.platformId));
        const cursor = response.json().next?.cursor as string | undefined;
        if (cursor === undefined) return seen;
        query = `?platform=discord&limit=1&cursor=${encodeURIComponent(cursor)}`;
      }
    };
    // Neither ascending nor descending, as text or as numbers.
    for (const platformId of ['7', '30', '5']) await record(4, platformId);
    assert.deepEqual(await walk(), ['5', '30', '7']);
    // A new username keeps the verification's place; a move to another fid is a new verification.
    await record(4, '30', 'renamed');
    assert.deepEqual(await walk(), ['5', '30', '7']);
    await record(6, '7');
    assert.deepEqual(await walk(), ['7', '5', '30']);
  });

  it('removes a verification, and removing it again still succeeds', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await remove({ platform: 'x', platformId: '100' });
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.json(), { result: { success: true } });
    }
    assert.deepEqual((await list('?fid=9')).json(), { result: { verifications: [] } });
  });

  it('rejects unknown platforms, bad fids and bad cursors with 400', async () => {
    for (const query of ['?platform=mastodon', '?fid=abc', '?fid=0', '?limit=101', '?cursor=nope']) {
      const response = await list(query);
      assert.equal(response.statusCode, 400, query);
      assert.equal(response.json().errors.length, 1);
    }
    assert.equal((await list('?cursor=nope')).json().errors[0].code, 'BAD_CURSOR');
  });

  it('refuses admin writes without the admin token and with bad bodies', async () => {
    const body = { fid: 1, platform: 'x', platformId: '1', platformUsername: 'a' };
    const anonymous = await put(body, {});
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().errors[0].code, 'ADMIN_UNAUTHENTICATED');
    assert.equal((await put(body, { authorization: 'Bearer wrong-token-wrong-token' })).statusCode, 401);
    for (const bad of [
      { ...body, platform: 'mastodon' },
      { ...body, platformId: '' },
      { ...body, fid: -1 },
      { ...body, extra: true },
      { fid: 1, platform: 'x' },
    ]) {
      const response = await put(bad);
      assert.equal(response.statusCode, 400, JSON.stringify(bad));
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }
  });
});
