import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { namesHarness, type NamesHarness } from '../src/names/testing.js';
import { forEachDialect } from '../src/storage/testing.js';
import { heldBytes, MiB } from './support/heap.js';

/**
 * The name registry keeps its reads of transfers under the parameters each route declares: query
 * parameters it ignores mint no kept answer, so a stranger's cache busters cannot grow its memory, and
 * every declared parameter still names its own answer.
 */

/** The test's own allocations and the few answers kept: far below the 14 MB the attack sends. */
const MARGIN = 6 * MiB;

forEachDialect('name registry kept answers', (dialect) => {
  let h: NamesHarness;
  before(async () => {
    h = await namesHarness(dialect);
    const now = h.clock.seconds();
    for (const [name, to] of [
      ['alice', 1],
      ['bob', 2],
      ['carol', 3],
    ] as const) {
      const response = await h.post({ name, from: 0, to, timestamp: now });
      assert.equal(response.statusCode, 200, response.body);
    }
  });
  after(() => h?.cleanup());

  const read = async (url: string): Promise<string> => {
    const response = await h.app.inject({ url });
    assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
    return response.body;
  };

  it('answers reads padded with large unknown query parameters from one kept answer each', async () => {
    const plain = {
      history: await read('/transfers?fid=2'),
      current: await read('/transfers/current?fid=2'),
    };
    // 1,000 URLs of 14 KB, each with a parameter of its own.
    const bust = (i: number) => `cache_buster_${i}=${randomBytes(7000).toString('hex')}`;
    await read(`/transfers?fid=2&${bust(-1)}`);
    const held = await heldBytes();
    for (let i = 0; i < 500; i++) {
      assert.equal(await read(`/transfers?fid=2&${bust(i)}`), plain.history);
      assert.equal(await read(`/transfers/current?${bust(i)}&fid=2`), plain.current);
    }
    const grown = (await heldBytes()) - held;
    assert.ok(grown < MARGIN, `${(grown / MiB).toFixed(1)} MiB held after the attack`);
  });

  it('still names each declared parameter and its alias apart', async () => {
    const names = async (query: string) =>
      (JSON.parse(await read(`/transfers?${query}`)) as { transfers: { username: string }[] }).transfers.map(
        (transfer) => transfer.username,
      );
    assert.deepEqual(await names(''), ['alice', 'bob', 'carol']);
    assert.deepEqual(await names('fid=1'), ['alice']);
    assert.deepEqual(await names('fid=3'), ['carol']);
    assert.deepEqual(await names('name=bob'), ['bob']);
    assert.deepEqual(await names('from_id=1'), ['bob', 'carol']);
    assert.deepEqual(await names('fromId=2'), ['carol']);
    assert.deepEqual(await names('fromId=2&from_id=1'), ['carol'], 'fromId wins');
    assert.deepEqual(await names('from_id=1&fid=3'), ['carol']);
    const current = async (query: string) =>
      (JSON.parse(await read(`/transfers/current?${query}`)) as { transfer: { username: string } }).transfer
        .username;
    assert.equal(await current('fid=1'), 'alice');
    assert.equal(await current('name=bob'), 'bob');
    assert.equal(await current(''), 'carol');
  });
});
