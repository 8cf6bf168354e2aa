import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import { startPollLoop } from './poll-loop.js';
import type { PollLoopOptions, PollLoopStatus } from './poll-loop.js';
import { realSleep } from './retry.js';
import type { Sleep } from './retry.js';
import { waitFor } from '../../test/support/wait.js';
import { watchedSleep } from '../../test/support/watched-sleep.js';

const POLL_MS = 7;

/** Fake time: every wait is one turn of the event loop, and the requested delay is recorded. */
function harness(t: TestContext, step: PollLoopOptions['step'], overrides: Partial<PollLoopOptions> = {}) {
  const sleeps: number[] = [];
  const failures: { message: string; retryInMs: number }[] = [];
  const status: PollLoopStatus = { state: 'starting', consecutiveFailures: 0, lastError: undefined };
  const sleep: Sleep = async (ms) => {
    sleeps.push(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const loop = startPollLoop({
    step,
    status,
    pollIntervalMs: POLL_MS,
    backoff: { initialMs: 100, maxMs: 400 },
    sleep,
    now: () => 1234,
    name: 'test loop',
    onFailure: (error, retryInMs) => failures.push({ message: (error as Error).message, retryInMs }),
    ...overrides,
  });
  t.after(() => loop.stop());
  return { loop, status, sleeps, failures };
}

/**
 * A step that counts its calls, waits on the calls `blocks` picks until open() so a test can act while it
 * is in flight, then returns (or throws) what `finish` gives for that call.
 */
function gatedStep(finish: (call: number) => boolean, blocks: (call: number) => boolean = () => true) {
  let calls = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    step: async () => {
      const call = ++calls;
      if (blocks(call)) await opened;
      return finish(call);
    },
    calls: () => calls,
    open: () => open(),
  };
}

describe('poll loop', () => {
  it('steps at once while there is more, then waits the poll interval', async (t) => {
    let work = 3;
    const h = harness(t, async () => --work > 0);
    // Copied as caughtUp resolves, before the loop's next wait: a sleep after a step that found more shows.
    const sleepsWhenCaughtUp = await h.loop.caughtUp().then(() => [...h.sleeps]);
    assert.equal(work, 0);
    assert.equal(h.status.state, 'live');
    assert.deepEqual(sleepsWhenCaughtUp, [POLL_MS]);
    assert.deepEqual(h.failures, []);
  });

  it('reports syncing while a step found more', async (t) => {
    const gated = gatedStep(
      (call) => call === 1,
      (call) => call === 2,
    );
    const h = harness(t, gated.step);
    await waitFor('the second step', () => gated.calls() === 2);
    assert.equal(h.status.state, 'syncing');
    gated.open();
    await h.loop.caughtUp();
    assert.equal(h.status.state, 'live');
  });

  it('retries failures with capped exponential backoff, keeping the last error after recovery', async (t) => {
    let calls = 0;
    const recoveries: number[] = [];
    const h = harness(
      t,
      async () => {
        calls++;
        if (calls <= 4) throw new Error(`failure ${calls}`);
        return false;
      },
      { onRecovered: (failures) => recoveries.push(failures) },
    );
    await h.loop.caughtUp();
    assert.deepEqual(h.failures, [
      { message: 'failure 1', retryInMs: 100 },
      { message: 'failure 2', retryInMs: 200 },
      { message: 'failure 3', retryInMs: 400 },
      { message: 'failure 4', retryInMs: 400 },
    ]);
    assert.deepEqual(h.sleeps.slice(0, 4), [100, 200, 400, 400]);
    assert.deepEqual(h.status, {
      state: 'live',
      consecutiveFailures: 0,
      lastError: { message: 'failure 4', at: 1234 },
      caughtUpAt: 1234,
    });
    assert.deepEqual(recoveries, [4], 'the recovery is reported once, with the failures it ended');
  });

  it('counts failures in a row while they last, in words describeError chooses', async (t) => {
    const h = harness(
      t,
      async () => {
        throw new Error('down');
      },
      { describeError: (error) => `described: ${(error as Error).message}` },
    );
    await waitFor('three failures', () => h.failures.length >= 3);
    assert.ok(h.status.consecutiveFailures >= 3);
    assert.deepEqual(h.status.lastError, { message: 'described: down', at: 1234 });
  });

  it('caughtUp waits for a step begun after the call, even if the one in flight finds nothing', async (t) => {
    const gated = gatedStep(
      () => false,
      (call) => call === 1,
    );
    const h = harness(t, gated.step);
    await waitFor('the first step', () => gated.calls() === 1);
    const whenAnswered = h.loop.caughtUp().then(() => ({ steps: gated.calls(), sleeps: [...h.sleeps] }));
    gated.open();
    // The second step began without waiting the poll interval: the caller was owed a fresh look. The one
    // wait is the one after the second step.
    assert.deepEqual(await whenAnswered, { steps: 2, sleeps: [POLL_MS] });
  });

  it('wake ends an idle wait, and a wake during a step skips the next wait', async (t) => {
    const gated = gatedStep(
      () => false,
      (call) => call === 2,
    );
    const { loop } = harness(t, gated.step, { sleep: realSleep, pollIntervalMs: 60_000 });
    await waitFor('the first step', () => gated.calls() === 1);
    loop.wake();
    await waitFor('the step after the wake', () => gated.calls() === 2);
    loop.wake();
    gated.open();
    await waitFor('the step after the wake during a step', () => gated.calls() === 3);
  });

  it('caughtUp cuts an idle wait short', async (t) => {
    const gated = gatedStep(
      () => false,
      () => false,
    );
    const watched = watchedSleep();
    const { loop } = harness(t, gated.step, { sleep: watched.sleep, pollIntervalMs: 60_000 });
    await loop.caughtUp();
    const stepsBefore = gated.calls();
    await loop.caughtUp();
    assert.deepEqual(watched.ends, ['aborted']);
    assert.equal(gated.calls(), stepsBefore + 1);
  });

  it('stops during an idle wait at once, and caughtUp then rejects', async (t) => {
    const watched = watchedSleep();
    const h = harness(t, async () => false, { sleep: watched.sleep, pollIntervalMs: 60_000 });
    await h.loop.caughtUp();
    await h.loop.stop();
    assert.deepEqual(watched.ends, ['aborted']);
    assert.equal(h.status.state, 'stopped');
    await assert.rejects(h.loop.caughtUp(), /^Error: test loop stopped$/);
  });

  it('stops during a backoff wait at once', async (t) => {
    const watched = watchedSleep();
    const h = harness(
      t,
      async () => {
        throw new Error('down');
      },
      { sleep: watched.sleep, backoff: { initialMs: 60_000, maxMs: 60_000 } },
    );
    await waitFor('the first failure', () => h.failures.length === 1);
    await h.loop.stop();
    assert.deepEqual(watched.ends, ['aborted']);
    assert.equal(h.status.state, 'stopped');
  });

  it('stop during a step finishes that step, rejects pending caughtUp calls and steps no more', async (t) => {
    const gated = gatedStep(() => true);
    const h = harness(t, gated.step);
    await waitFor('the first step', () => gated.calls() === 1);
    const pending = h.loop.caughtUp();
    let stopped = false;
    const stopping = h.loop.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(stopped, false, 'stop waits for the step in flight');
    gated.open();
    await stopping;
    await assert.rejects(pending, /test loop stopped/);
    assert.equal(gated.calls(), 1);
    assert.equal(h.status.state, 'stopped');
  });

  it('does not count a step that fails once stop was called', async (t) => {
    const gated = gatedStep(() => {
      throw new Error('aborted by the stop');
    });
    const h = harness(t, gated.step);
    await waitFor('the first step', () => gated.calls() === 1);
    const stopping = h.loop.stop();
    gated.open();
    await stopping;
    assert.deepEqual(h.failures, []);
    assert.deepEqual(h.status, { state: 'stopped', consecutiveFailures: 0, lastError: undefined });
    assert.equal(gated.calls(), 1);
  });
});
