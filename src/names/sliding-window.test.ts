import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { msUntilRoom, slidingCount } from './sliding-window.js';

const WINDOW = 60_000;

describe('sliding window', () => {
  it('weighs the previous window by the part the sliding window still covers', () => {
    assert.equal(slidingCount({ previous: 10, current: 2 }, 0, WINDOW), 12);
    assert.equal(slidingCount({ previous: 10, current: 2 }, 45_000, WINDOW), 4.5);
    assert.equal(slidingCount({ previous: 10, current: 2 }, WINDOW, WINDOW), 2);
  });

  it('has room at once when one more request fits', () => {
    assert.equal(msUntilRoom({ previous: 0, current: 4 }, 0, WINDOW, 5), 0);
    assert.equal(msUntilRoom({ previous: 2, current: 2 }, 30_000, WINDOW, 5), 0);
  });

  it('waits for enough of the previous window to slide out', () => {
    // 4 + 4 * (1 - e/60 s) + 1 <= 5 once e = 60 s; at 15 s in, that is 45 s away.
    assert.equal(msUntilRoom({ previous: 4, current: 4 }, 15_000, WINDOW, 5), 45_000);
    // 10 * (1 - e/60 s) + 1 <= 5 once e = 36 s.
    assert.equal(msUntilRoom({ previous: 10, current: 0 }, 6_000, WINDOW, 5), 30_000);
  });

  it('waits into the next window when the current one is full', () => {
    // Next window: 5 * (1 - e/60 s) + 1 <= 5 once e = 12 s, after the 50 s left of this one.
    const wait = msUntilRoom({ previous: 3, current: 5 }, 10_000, WINDOW, 5);
    assert.equal(wait, 62_000);
    assert.ok(slidingCount({ previous: 5, current: 1 }, 12_000, WINDOW) <= 5);
    assert.ok(slidingCount({ previous: 5, current: 1 }, 11_000, WINDOW) > 5);
  });
});
