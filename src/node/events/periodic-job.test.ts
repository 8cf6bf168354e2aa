import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { startJob } from './periodic-job.js';
import type { JobLogger } from './periodic-job.js';

function recordingLogger(): JobLogger & { errors: unknown[] } {
  const errors: unknown[] = [];
  return { errors, error: (details) => void errors.push((details as { err: unknown }).err) };
}

describe('startJob', () => {
  it('runs repeatedly and never overlaps a slow run', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const job = startJob(
      2,
      async () => {
        running += 1;
        overlapped ||= running > 1;
        await sleep(10);
        runs += 1;
        running -= 1;
      },
      recordingLogger(),
    );
    await sleep(60);
    await job.stop();
    assert.ok(runs >= 2, `ran ${runs} times`);
    assert.equal(overlapped, false);
  });

  it('logs a failing run and keeps the schedule', async () => {
    const logger = recordingLogger();
    let calls = 0;
    const job = startJob(
      2,
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('first run fails');
      },
      logger,
    );
    await sleep(40);
    await job.stop();
    assert.ok(calls >= 2, `called ${calls} times`);
    assert.equal(logger.errors.length, 1);
    assert.match(String(logger.errors[0]), /first run fails/);
  });

  it('stops after the run in progress and schedules no more', async () => {
    let started = 0;
    let finished = 0;
    const job = startJob(
      1,
      async () => {
        started += 1;
        await sleep(20);
        finished += 1;
      },
      recordingLogger(),
    );
    await sleep(5);
    assert.equal(started, 1);
    await job.stop();
    assert.equal(finished, 1);
    await job.stop();
    await sleep(20);
    assert.equal(started, 1);
  });

  it('refuses an interval that is not a positive integer', () => {
    for (const interval of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => startJob(interval, async () => {}, recordingLogger()), RangeError);
    }
  });
});
