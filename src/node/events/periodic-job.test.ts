import assert from 'node:assert/strict';
import { setTimeout as timer } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { waitFor } from '../../../test/support/wait.js';
import { startJob } from './periodic-job.js';
import type { JobLogger } from './periodic-job.js';

function recordingLogger(): JobLogger & { errors: unknown[] } {
  const errors: unknown[] = [];
  return { errors, error: (details) => void errors.push((details as { err: unknown }).err) };
}

/** A run that counts its starts and ends, and holds each until the test finishes it. */
function heldRuns() {
  const held: (() => void)[] = [];
  const counts = { started: 0, finished: 0 };
  return {
    counts,
    run: async () => {
      counts.started += 1;
      await new Promise<void>((resolve) => held.push(resolve));
      counts.finished += 1;
    },
    finish: () => held.shift()?.(),
  };
}

/**
 * Resolves once a timer of `intervalMs` set now fires: Node fires timers of one duration in the order
 * they were set, so any the job had set by now for its next run has fired first.
 */
const oneInterval = (intervalMs: number) => timer(intervalMs);

describe('startJob', () => {
  it('runs repeatedly and never overlaps a slow run', async () => {
    const runs = heldRuns();
    const job = startJob(2, runs.run, recordingLogger());
    await waitFor('the first run', () => runs.counts.started === 1);
    await oneInterval(2);
    assert.equal(runs.counts.started, 1, 'no run starts while one is running');
    runs.finish();
    await waitFor('the second run', () => runs.counts.started === 2);
    assert.equal(runs.counts.finished, 1);
    runs.finish();
    await job.stop();
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
    await waitFor('a run after the failed one', () => calls >= 2);
    await job.stop();
    assert.equal(logger.errors.length, 1);
    assert.match(String(logger.errors[0]), /first run fails/);
  });

  it('stops after the run in progress and schedules no more', async () => {
    const runs = heldRuns();
    const job = startJob(1, runs.run, recordingLogger());
    await waitFor('the first run', () => runs.counts.started === 1);
    const stopped = job.stop();
    runs.finish();
    await stopped;
    assert.equal(runs.counts.finished, 1);
    await job.stop();
    await oneInterval(1);
    assert.equal(runs.counts.started, 1);
  });

  it('refuses an interval that is not a positive integer', () => {
    for (const interval of [0, -1, 1.5, Number.NaN]) {
      assert.throws(() => startJob(interval, async () => {}, recordingLogger()), RangeError);
    }
  });
});
