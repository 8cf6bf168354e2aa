import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { blockUser } from '../src/social/blocks/blocks.js';
import { testClock } from '../src/shared/test-clock.js';
import type { SocialTables } from '../src/social/store.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { socialApiRun } from './support/social-channels.js';

/** User blocks over HTTP (spec §2.11, §4.5). */

forEachDialect('social blocks', (dialect) => {
  const run = socialApiRun(dialect);
  const { call } = run;

  const block = (as: number, blockFid: unknown) =>
    call({ method: 'POST', url: '/fc/blocked-users', as, body: { blockFid } });
  const unblock = (as: number, unblockFid: unknown) =>
    call({ method: 'DELETE', url: '/fc/blocked-users', as, body: { unblockFid } });
  const list = async (query: Record<string, string> = {}) => {
    const response = await call({ method: 'GET', url: '/fc/blocked-users', query });
    assert.equal(response.statusCode, 200);
    return response.json();
  };
  const SUCCESS = { result: { success: true } };

  it('blocks and unblocks idempotently, listing current blocks newest first', async () => {
    const start = run.harness.clock.seconds();
    assert.deepEqual((await block(1, 2)).json(), SUCCESS);
    run.harness.clock.advance(1000);
    assert.deepEqual((await block(1, 3)).json(), SUCCESS);
    // Blocking again keeps the first block and its time.
    assert.deepEqual((await block(1, 2)).json(), SUCCESS);
    assert.deepEqual((await block(4, 1)).json(), SUCCESS);

    assert.deepEqual(await list({ blockerFid: '1' }), {
      result: {
        blockedUsers: [
          { blockerFid: 1, blockedFid: 3, createdAt: start + 1 },
          { blockerFid: 1, blockedFid: 2, createdAt: start },
        ],
      },
    });
    assert.deepEqual(await list(), {
      result: {
        blockedUsers: [
          { blockerFid: 4, blockedFid: 1, createdAt: start + 1 },
          { blockerFid: 1, blockedFid: 3, createdAt: start + 1 },
          { blockerFid: 1, blockedFid: 2, createdAt: start },
        ],
      },
    });
    const page1 = await list({ limit: '2' });
    assert.equal(page1.result.blockedUsers.length, 2);
    assert.deepEqual(await list({ limit: '2', cursor: page1.next.cursor }), {
      result: { blockedUsers: [{ blockerFid: 1, blockedFid: 2, createdAt: start }] },
    });

    // A block goes one way: the blocked user blocks no one.
    assert.deepEqual(await list({ blockerFid: '2' }), { result: { blockedUsers: [] } });

    assert.deepEqual((await unblock(1, 2)).json(), SUCCESS);
    assert.deepEqual((await unblock(1, 2)).json(), SUCCESS);
    assert.deepEqual((await unblock(1, 99)).json(), SUCCESS);
    assert.deepEqual(await list({ blockerFid: '1' }), {
      result: { blockedUsers: [{ blockerFid: 1, blockedFid: 3, createdAt: start + 1 }] },
    });
    assert.deepEqual(await list({ blockerFid: '77' }), { result: { blockedUsers: [] } });
  });

  it('refuses blocking yourself, bad fids and anonymous callers', async () => {
    const self = { errors: [{ message: 'You cannot block or unblock yourself', code: 'CANNOT_BLOCK_SELF' }] };
    for (const response of [await block(5, 5), await unblock(5, 5)]) {
      assert.equal(response.statusCode, 400);
      assert.deepEqual(response.json(), self);
    }
    for (const fid of [0, -1, 1.5, 'abc', 2 ** 60, null]) {
      const response = await block(5, fid);
      assert.equal(response.statusCode, 400, String(fid));
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
      assert.equal((await unblock(5, fid)).statusCode, 400, String(fid));
    }
    for (const [method, body] of [
      ['POST', { blockFid: 6 }],
      ['DELETE', { unblockFid: 6 }],
    ] as const) {
      const response = await call({ method, url: '/fc/blocked-users', body });
      assert.equal(response.statusCode, 401);
      assert.equal(response.json().errors[0].code, 'UNAUTHENTICATED');
    }
    const badQueries: Record<string, string>[] = [
      { blockerFid: 'x' },
      { blockerFid: '0' },
      { cursor: 'x' },
      { limit: '1000' },
    ];
    for (const query of badQueries) {
      const response = await call({ method: 'GET', url: '/fc/blocked-users', query });
      assert.equal(response.statusCode, 400, JSON.stringify(query));
    }
    assert.deepEqual(await list({ blockerFid: '5' }), { result: { blockedUsers: [] } });
  });
});

forEachDialect('social blocks under races', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  it('keeps one block when the same block races', async () => {
    // Two handles act as two processes on PostgreSQL; SQLite's single handle serialises them.
    const second = dialect === 'postgres' ? await database.reopen() : database;
    const clock = testClock();
    await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        blockUser((index % 2 === 0 ? database : second).db, clock, 8, 9),
      ),
    );
    const rows = await database.db.selectFrom('user_blocks').select(['blocker_fid', 'blocked_fid']).execute();
    assert.deepEqual(rows, [{ blocker_fid: 8, blocked_fid: 9 }]);
  });
});
