import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { TEST_START_MS, testClock, type TestClock } from '../shared/test-clock.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../storage/testing.js';
import { SocialError } from './errors.js';
import { consumeRateLimits, type RateLimitRule } from './rate-limit.js';
import type { SocialTables } from './store.js';

forEachDialect('sliding-window rate limits', (dialect) => {
  let database: TestDatabase<SocialTables>;
  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
  });
  after(() => database.cleanup());

  const rule = (name: string, limit: number, windowMs = 60_000): RateLimitRule => ({
    name,
    limit,
    windowMs,
    what: 'calls',
  });
  const consume = async (clock: TestClock, limit: RateLimitRule, key: string, db = database.db) => {
    const [state] = await consumeRateLimits(db, clock, [{ rule: limit, key }]);
    return state;
  };
  const refusal = (code: string, retryAfter: string) => (error: unknown) => {
    assert.ok(error instanceof SocialError && error.code === code, String(error));
    assert.equal(error.headers?.['retry-after'], retryAfter);
    assert.equal(error.headers?.['x-ratelimit-remaining'], '0');
    return true;
  };

  it('admits the limit in any window-long span, and frees calls one by one as they leave it', async () => {
    const clock = testClock();
    const perMinute = rule('sliding', 3);
    assert.deepEqual(await consume(clock, perMinute, 'a'), { limit: 3, remaining: 2, resetSeconds: 60 });
    clock.advance(20_000);
    assert.equal((await consume(clock, perMinute, 'a'))?.remaining, 1);
    clock.advance(20_000);
    assert.deepEqual(await consume(clock, perMinute, 'a'), { limit: 3, remaining: 0, resetSeconds: 20 });
    clock.advance(15_000);
    await assert.rejects(consume(clock, perMinute, 'a'), refusal('RATE_LIMITED', '5'));
    // Another key counts apart.
    assert.equal((await consume(clock, perMinute, 'b'))?.remaining, 2);
    // The first call leaves the window: exactly one more is admitted, the next waits for the second.
    clock.advance(5_000);
    assert.equal((await consume(clock, perMinute, 'a'))?.remaining, 0);
    await assert.rejects(consume(clock, perMinute, 'a'), refusal('RATE_LIMITED', '20'));
  });

  it('lets no more than the limit through around the end of a clock-aligned window', async () => {
    // TEST_START_MS is on a minute: fixed windows would admit 4 calls just before it and 4 just after.
    const clock = testClock(TEST_START_MS - 1_000);
    const perMinute = rule('boundary', 4);
    const outcomes: boolean[] = [];
    for (let call = 0; call < 8; call += 1) {
      outcomes.push(
        await consume(clock, perMinute, 'a').then(
          () => true,
          () => false,
        ),
      );
      clock.advance(250);
    }
    assert.deepEqual(outcomes, [true, true, true, true, false, false, false, false]);
  });

  it('counts all or none of several uses, and refuses with the first use past its limit', async () => {
    const clock = testClock();
    const app = { ...rule('app', 1), code: 'APP_RELAY_QUOTA' as const };
    const user = { ...rule('user', 2), code: 'USER_RELAY_QUOTA' as const };
    await consumeRateLimits(database.db, clock, [{ rule: user, key: '7' }]);
    await consumeRateLimits(database.db, clock, [{ rule: user, key: '7' }]);
    await assert.rejects(
      consumeRateLimits(database.db, clock, [
        { rule: app, key: '1' },
        { rule: user, key: '7' },
      ]),
      (error) => {
        assert.ok(error instanceof SocialError && error.code === 'USER_RELAY_QUOTA');
        assert.match(error.message, /: at most 2 calls per 60 s$/);
        return true;
      },
    );
    // The app's call was not counted by the refused pair.
    assert.equal((await consume(clock, app, '1'))?.remaining, 0);
  });

  it('deletes rows whose calls have all left their window, whoever calls next', async () => {
    const clock = testClock();
    await consume(clock, rule('short', 5, 1_000), 'gone');
    await consume(clock, rule('long', 5, 3_600_000), 'kept');
    clock.advance(1_000);
    await consume(clock, rule('other', 5), 'x');
    const buckets = await database.db
      .selectFrom('rate_limit_windows')
      .select('bucket')
      .where('bucket', 'in', ['short:gone', 'long:kept', 'other:x'])
      .orderBy('bucket')
      .execute();
    assert.deepEqual(
      buckets.map((row) => row.bucket),
      ['long:kept', 'other:x'],
    );
  });

  it('counts concurrent calls exactly (from two handles, as two processes would, on PostgreSQL)', async () => {
    // Two SQLite handles in one process would stall each other: better-sqlite3 waits for the other's
    // write lock synchronously, blocking the event loop that would release it. One handle (one process)
    // runs its transactions one at a time.
    const second = dialect === 'postgres' ? await database.reopen() : database;
    const clock = testClock();
    const limit = rule('race', 20);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, call) =>
        consume(clock, limit, 'all', (call % 2 === 0 ? database : second).db),
      ),
    );
    assert.equal(outcomes.filter((outcome) => outcome.status === 'fulfilled').length, 20);
  });
});
