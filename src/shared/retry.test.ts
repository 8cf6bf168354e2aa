import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backoffDelay, realSleep } from './retry.js';

describe('retry', () => {
  it('backs off exponentially up to the cap', () => {
    const options = { initialMs: 500, maxMs: 30_000 };
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 100].map((failures) => backoffDelay(failures, options)),
      [500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000],
    );
  });

  it('realSleep ends early, without rejecting, when aborted', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const sleeping = realSleep(60_000, controller.signal);
    controller.abort();
    await sleeping;
    assert.ok(Date.now() - started < 1000);
    await realSleep(1, new AbortController().signal);
  });
});
