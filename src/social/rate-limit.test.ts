import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { testClock } from '../shared/test-clock.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../storage/testing.js';
import { SocialError } from './errors.js';
import { consumeRateLimit } from './rate-limit.js';
import type { SocialTables } from './store.js';

forEachDialect('consumeRateLimit', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  it('allows the limit per window, refuses the next call with headers, and starts over next window', async () => {
    const clock = testClock();
    const rule = { name: 'invites', limit: 3, windowMs: 60_000 };
    const remaining: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      remaining.push((await consumeRateLimit(database.db, clock, rule, '1:cats')).remaining);
    }
    assert.deepEqual(remaining, [2, 1, 0]);
    clock.advance(15_000);
    await assert.rejects(consumeRateLimit(database.db, clock, rule, '1:cats'), (error) => {
      assert.ok(error instanceof SocialError && error.code === 'RATE_LIMITED');
      assert.equal(error.headers?.['retry-after'], '45');
      assert.equal(error.headers?.['x-ratelimit-remaining'], '0');
      return true;
    });
    // Another bucket is counted apart.
    assert.equal((await consumeRateLimit(database.db, clock, rule, '2:cats')).remaining, 2);
    clock.advance(45_000);
    assert.equal((await consumeRateLimit(database.db, clock, rule, '1:cats')).remaining, 2);
    // Only current windows are left: bucket 2's ended one went too, though nobody called it again.
    const windows = await database.db.selectFrom('rate_limit_windows').selectAll().execute();
    assert.deepEqual(
      windows.map((row) => [row.bucket, row.count]),
      [['invites:1:cats', 1]],
    );
  });

  it("deletes only its own rule's ended windows", async () => {
    const clock = testClock();
    const hourly = { name: 'hourly', limit: 5, windowMs: 3_600_000 };
    const minutely = { name: 'minutely', limit: 5, windowMs: 60_000 };
    await consumeRateLimit(database.db, clock, hourly, 'a');
    await consumeRateLimit(database.db, clock, minutely, 'a');
    clock.advance(60_000);
    await consumeRateLimit(database.db, clock, minutely, 'b');
    assert.equal((await consumeRateLimit(database.db, clock, hourly, 'a')).remaining, 3);
    const buckets = await database.db
      .selectFrom('rate_limit_windows')
      .select('bucket')
      .where('bucket', 'in', ['hourly:a', 'minutely:a', 'minutely:b'])
      .orderBy('bucket')
      .execute();
    assert.deepEqual(
      buckets.map((row) => row.bucket),
      ['hourly:a', 'minutely:b'],
    );
  });

  it('counts concurrent calls from two handles exactly', { skip: dialect === 'sqlite' }, async () => {
    const second = await database.reopen();
    const clock = testClock();
    const rule = { name: 'race', limit: 20, windowMs: 60_000 };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, call) =>
        consumeRateLimit((call % 2 === 0 ? database : second).db, clock, rule, 'all'),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 20);
  });
});
