import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Hex } from '../protocol/hex.js';
import { cachedCustodyLookup, type CustodyLookup } from './custody.js';
import { testClock } from '../shared/test-clock.js';

function countingLookup(answer: (fid: number) => Promise<Hex | undefined>) {
  const calls: number[] = [];
  const lookup: CustodyLookup = {
    custodyOf: (fid) => {
      calls.push(fid);
      return answer(fid);
    },
  };
  return { lookup, calls };
}

const ADDRESS: Hex = '0x00000000000000000000000000000000000000aa';

describe('cachedCustodyLookup', () => {
  it('reuses an answer until it expires, including "not registered"', async () => {
    const clock = testClock();
    const { lookup, calls } = countingLookup(async (fid) => (fid === 1 ? ADDRESS : undefined));
    const cached = cachedCustodyLookup(lookup, { ttlMs: 5000, clock });
    assert.equal(await cached.custodyOf(1), ADDRESS);
    assert.equal(await cached.custodyOf(2), undefined);
    clock.advance(4999);
    assert.equal(await cached.custodyOf(1), ADDRESS);
    assert.equal(await cached.custodyOf(2), undefined);
    assert.deepEqual(calls, [1, 2]);
    clock.advance(1);
    await cached.custodyOf(1);
    assert.deepEqual(calls, [1, 2, 1]);
  });

  it('shares one lookup among concurrent callers', async () => {
    const { lookup, calls } = countingLookup(async () => ADDRESS);
    const cached = cachedCustodyLookup(lookup, { ttlMs: 0, clock: testClock() });
    const answers = await Promise.all([cached.custodyOf(7), cached.custodyOf(7), cached.custodyOf(7)]);
    assert.deepEqual(answers, [ADDRESS, ADDRESS, ADDRESS]);
    assert.deepEqual(calls, [7]);
    // A TTL of 0 caches nothing once the shared lookup is done.
    await cached.custodyOf(7);
    assert.deepEqual(calls, [7, 7]);
  });

  it('does not cache failures', async () => {
    let fail = true;
    const { lookup, calls } = countingLookup(async () => {
      if (fail) throw new Error('rpc down');
      return ADDRESS;
    });
    const cached = cachedCustodyLookup(lookup, { ttlMs: 5000, clock: testClock() });
    await assert.rejects(cached.custodyOf(1), /rpc down/);
    fail = false;
    assert.equal(await cached.custodyOf(1), ADDRESS);
    assert.deepEqual(calls, [1, 1]);
  });

  it('forgets the oldest answers beyond maxEntries', async () => {
    const { lookup, calls } = countingLookup(async () => ADDRESS);
    const cached = cachedCustodyLookup(lookup, { ttlMs: 5000, clock: testClock(), maxEntries: 2 });
    for (const fid of [1, 2, 3, 3, 2, 1]) await cached.custodyOf(fid);
    assert.deepEqual(calls, [1, 2, 3, 1]);
  });
});
