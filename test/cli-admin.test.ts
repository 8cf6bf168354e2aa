import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../src/cli/main.js';
import { openSocialHarness, TEST_ADMIN_TOKEN, type SocialHarness } from '../src/social/testing.js';

/** The CLI is the same on both dialects, so one SQLite-backed service listening on a free port serves. */
describe('agora admin against a running social service', () => {
  let harness: SocialHarness;
  let url: string;
  let dir: string;
  before(async () => {
    harness = await openSocialHarness('sqlite');
    url = await harness.service.listen();
    dir = mkdtempSync(path.join(tmpdir(), 'agora-admin-'));
  });
  after(async () => {
    await harness.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function admin(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };
    const code = await main(['admin', ...args, '--social-url', url, '--admin-token', TEST_ADMIN_TOKEN], io);
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const json = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  };
  const get = async (pathAndQuery: string) => (await fetch(`${url}${pathAndQuery}`)).json();
  const actionNames = async (list: string) =>
    (
      (await get(`/v2/discover-composer-actions?list=${list}`)) as { result: { actions: { name: string }[] } }
    ).result.actions.map((action) => action.name);

  it('adds and removes an account verification', async () => {
    const added = await admin(
      'verification',
      'add',
      ...['--fid', '1', '--platform', 'x', '--platform-id', '123', '--platform-username', 'alice'],
    );
    assert.equal(added.code, 0, added.err);
    assert.deepEqual(JSON.parse(added.out), { success: true });
    assert.deepEqual(await get('/fc/account-verifications?fid=1'), {
      result: {
        verifications: [
          {
            fid: 1,
            platform: 'x',
            platformId: '123',
            platformUsername: 'alice',
            verifiedAt: harness.clock.seconds(),
          },
        ],
      },
    });
    const removed = await admin('verification', 'remove', '--platform', 'x', '--platform-id', '123');
    assert.equal(removed.code, 0, removed.err);
    assert.deepEqual(await get('/fc/account-verifications?fid=1'), { result: { verifications: [] } });
  });

  it('publishes rewards from a winners file', async () => {
    const winners = [{ fid: 5, score: 9, rank: 1, rewardCents: 2500 }];
    const published = await admin(
      'rewards',
      'publish',
      '--kind',
      'creator',
      '--file',
      json('winners.json', winners),
    );
    assert.equal(published.code, 0, published.err);
    const result = JSON.parse(published.out) as { periodStartTimestamp: number; periodEndTimestamp: number };
    assert.deepEqual(await get('/v1/creator-rewards-winner-history'), {
      result: {
        periodStartTimestamp: result.periodStartTimestamp,
        periodEndTimestamp: result.periodEndTimestamp,
        winners,
      },
    });
  });

  it('creates a starter pack and changes its members', async () => {
    assert.equal((await admin('starter-pack', 'create', '--id', 'pack', '--name', 'Pack')).code, 0);
    for (const fid of ['5', '6'])
      assert.equal((await admin('starter-pack', 'add-member', '--id', 'pack', '--fid', fid)).code, 0);
    assert.equal((await admin('starter-pack', 'remove-member', '--id', 'pack', '--fid', '6')).code, 0);
    assert.deepEqual(await get('/fc/starter-pack-members?id=pack'), {
      result: { members: [{ fid: 5, memberAt: harness.clock.now() }] },
    });
    assert.equal((await admin('starter-pack', 'delete', '--id', 'pack')).code, 0);
    const gone = await admin('starter-pack', 'add-member', '--id', 'pack', '--fid', '5');
    assert.equal(gone.code, 1);
    assert.equal(
      gone.err,
      'agora admin: PUT /admin/starter-pack-members answered HTTP 404: Starter pack pack does not exist',
    );
  });

  it('adds, edits, lists and removes an action', async () => {
    const action = {
      id: 'poll',
      kind: 'composer',
      name: 'Poll',
      icon: 'graph',
      description: 'Make a poll',
      aboutUrl: 'https://poll.example/about',
      actionUrl: 'https://poll.example/action',
      postUrl: 'https://poll.example/post',
      imageUrl: 'https://poll.example/logo.png',
    };
    assert.equal((await admin('action', 'add', '--file', json('action.json', action))).code, 0);
    const edited = await admin(
      'action',
      'edit',
      '--id',
      'poll',
      '--total-users',
      '12',
      '--featured-rank',
      '1',
    );
    assert.equal(edited.code, 0, edited.err);
    assert.deepEqual(await actionNames('featured'), ['Poll']);
    const listed = await admin('action', 'list');
    assert.deepEqual(JSON.parse(listed.out), { actions: [{ ...action, totalUsers: 12, featuredRank: 1 }] });
    assert.equal((await admin('action', 'edit', '--id', 'poll', '--featured-rank', '0')).code, 0);
    assert.deepEqual(await actionNames('featured'), []);
    const renamed = await admin(
      'action',
      'edit',
      '--id',
      'poll',
      '--file',
      json('edit.json', { name: 'Polls' }),
    );
    assert.equal(renamed.code, 0, renamed.err);
    assert.deepEqual(await actionNames('top'), ['Polls']);
    assert.equal((await admin('action', 'remove', '--id', 'poll')).code, 0);
    assert.deepEqual(await actionNames('top'), []);
  });

  it('refuses wrong command lines with exit code 2 before calling the service', async () => {
    const cases: [string[], RegExp][] = [
      [[], /^agora admin: missing call ""; the calls are:\n {2}agora admin verification add --fid <fid>/],
      [['verification', 'grant'], /^agora admin: unknown call "verification grant"/],
      [['verification', 'add', 'extra'], /unknown call "verification add extra"/],
      [
        ['verification', 'add', '--fid', '1', '--platform', 'x'],
        /^agora admin: verification add needs --platform-id$/,
      ],
      [
        ['starter-pack', 'delete', '--id', 'p', '--fid', '1'],
        /^agora admin: starter-pack delete does not take --fid$/,
      ],
      [['rewards', 'publish', '--kind', 'creator'], /^agora admin: rewards publish needs --file$/],
      [['action', 'add', '--file', path.join(dir, 'missing.json')], /^agora admin: cannot read --file /],
      [['action', 'add', '--file', json('scalar.json', 5)], /must hold a JSON object/],
      [['verification', 'add', '--fid', 'one'], /--fid must be an integer/],
    ];
    for (const [args, expected] of cases) {
      const result = await admin(...args);
      assert.equal(result.code, 2, args.join(' '));
      assert.match(result.err, expected);
      assert.equal(result.out, '');
    }
    const out: string[] = [];
    const err: string[] = [];
    const noToken = await main(['admin', 'action', 'list', '--social-url', url], {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    });
    assert.equal(noToken, 2);
    assert.match(err.join('\n'), /--admin-token \(or AGORA_ADMIN_TOKEN\) is required/);
  });

  it('reports refusals and unreachable services with exit code 1', async () => {
    const err: string[] = [];
    const io = { out: () => undefined, err: (line: string) => err.push(line) };
    const wrongToken = await main(
      ['admin', 'action', 'list', '--social-url', url, '--admin-token', 'not-the-admin-token'],
      io,
    );
    assert.equal(wrongToken, 1);
    assert.equal(
      err.pop(),
      'agora admin: GET /admin/actions answered HTTP 401: Must provide the admin bearer token',
    );
    const invalid = await admin('action', 'edit', '--id', 'nope', '--total-users', '3');
    assert.equal(invalid.code, 1);
    assert.equal(
      invalid.err,
      'agora admin: PATCH /admin/actions answered HTTP 404: Action nope does not exist',
    );
    const down = await main(
      ['admin', 'action', 'list', '--social-url', 'http://127.0.0.1:1', '--admin-token', TEST_ADMIN_TOKEN],
      io,
    );
    assert.equal(down, 1);
    assert.match(err.pop() ?? '', /^agora admin: /);
  });
});
