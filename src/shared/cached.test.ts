import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cachedFor } from './cached.js';
import { testClock } from './test-clock.js';

describe('cachedFor', () => {
  it('loads once per period, shares a load in flight, and forgets a failure', async () => {
    const clock = testClock(1_000);
    let loads = 0;
    let fail = false;
    const read = cachedFor(100, clock, async () => {
      loads += 1;
      if (fail) throw new Error('down');
      return loads;
    });
    assert.deepEqual(await Promise.all([read(), read(), read()]), [1, 1, 1]);
    clock.advance(99);
    assert.equal(await read(), 1);
    clock.advance(1);
    fail = true;
    await assert.rejects(read(), /down/);
    fail = false;
    assert.equal(await read(), 3);
    assert.equal(loads, 3);
  });
});
