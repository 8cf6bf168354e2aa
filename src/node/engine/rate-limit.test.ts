import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createFidRateLimiter, createKeyAddBudget } from './rate-limit.js';

const HOUR = 60 * 60 * 1000;

describe('per-fid rate limit', () => {
  const limiter = () => {
    const limit = createFidRateLimiter({ messagesPerUnit: 2, windowMs: 24 * HOUR, buckets: 24 });
    /** What a merge does: check, and count only what it lets through. */
    const tryConsume = (fid: number, units: number, nowMs: number) => {
      const allowed = limit.allows(fid, units, nowMs);
      if (allowed) limit.consume(fid, nowMs);
      return allowed;
    };
    return { ...limit, tryConsume };
  };

  it('allows units × messagesPerUnit per window, per fid, and does not count refusals', () => {
    const limit = limiter();
    assert.deepEqual(
      [1, 2, 3, 4, 5].map(() => limit.tryConsume(1, 2, 0)),
      [true, true, true, true, false],
    );
    assert.equal(limit.tryConsume(2, 1, 0), true);
    assert.equal(limit.tryConsume(1, 3, 0), true, 'more units allow more');
  });

  it('lets messages age out of the rolling window bucket by bucket', () => {
    const limit = limiter();
    assert.equal(limit.tryConsume(1, 1, 0), true);
    assert.equal(limit.tryConsume(1, 1, 12 * HOUR), true);
    assert.equal(limit.tryConsume(1, 1, 23 * HOUR), false);
    assert.equal(limit.tryConsume(1, 1, 24 * HOUR), true, 'the first one has left the window');
    assert.equal(limit.tryConsume(1, 1, 24 * HOUR + 1), false);
    assert.equal(limit.tryConsume(1, 1, 48 * HOUR), true);
  });

  it('counts nothing until a message is consumed: checks alone never use the allowance', () => {
    const limit = limiter();
    for (let i = 0; i < 100; i++) assert.equal(limit.allows(1, 1, 0), true);
    limit.consume(1, 0);
    limit.consume(1, 0);
    assert.equal(limit.allows(1, 1, 0), false);
  });

  it('rejects nonsense options', () => {
    assert.throws(() => createFidRateLimiter({ messagesPerUnit: 1, windowMs: 0, buckets: 1 }), RangeError);
    assert.throws(() => createFidRateLimiter({ messagesPerUnit: 1, windowMs: 1, buckets: 0.5 }), RangeError);
  });
});

describe('per-fid KEY_ADD budget', () => {
  it('allows its number per rolling hour, minute by minute; 0 is no limit', () => {
    const budget = createKeyAddBudget(2);
    const tryAdd = (nowMs: number) => {
      const allowed = budget.allows(1, 1, nowMs);
      if (allowed) budget.consume(1, nowMs);
      return allowed;
    };
    assert.deepEqual([0, 1000, 30 * 60_000].map(tryAdd), [true, true, false]);
    assert.equal(tryAdd(HOUR - 60_000), false, 'both still count in the hour');
    assert.equal(tryAdd(HOUR), true, 'the first minute has left the hour');
    const unlimited = createKeyAddBudget(0);
    for (let i = 0; i < 1000; i++) unlimited.consume(1, 0);
    assert.equal(unlimited.allows(1, 1, 0), true);
  });
});
