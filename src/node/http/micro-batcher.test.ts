import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createMicroBatcher } from './micro-batcher.js';

/** A batcher doubling numbers, recording its batches; `gate` holds every run until released. */
function recording(options: { maxBatch?: number; maxWaitMs?: number; maxInFlight?: number } = {}) {
  const batches: number[][] = [];
  let running = 0;
  let maxRunning = 0;
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const batcher = createMicroBatcher<number, number>({
    maxBatch: 4,
    maxWaitMs: 5,
    maxInFlight: 1,
    ...options,
    async run(items) {
      batches.push(items);
      running++;
      maxRunning = Math.max(maxRunning, running);
      await gate;
      running--;
      if (items.includes(-1)) throw new Error('batch failed');
      return items.map((item) => item * 2);
    },
  });
  return {
    batcher,
    batches,
    maxRunning: () => maxRunning,
    hold() {
      gate = new Promise((resolve) => (release = resolve));
    },
    release: () => release(),
  };
}

describe('micro-batcher', () => {
  it('gathers concurrent items into one batch and answers each with its own result', async () => {
    const { batcher, batches } = recording({ maxBatch: 10 });
    assert.deepEqual(await Promise.all([1, 2, 3].map((n) => batcher.add(n))), [2, 4, 6]);
    assert.deepEqual(batches, [[1, 2, 3]]);
  });

  it('starts a full batch at once, and a lone item after maxWaitMs', async () => {
    const { batcher, batches } = recording({ maxBatch: 2, maxWaitMs: 50 });
    const started = Date.now();
    assert.deepEqual(await Promise.all([batcher.add(1), batcher.add(2)]), [2, 4]);
    assert.ok(Date.now() - started < 40, 'a full batch does not wait');
    const lone = Date.now();
    assert.equal(await batcher.add(3), 6);
    assert.ok(Date.now() - lone >= 45, 'a lone item waits for company');
    assert.deepEqual(batches, [[1, 2], [3]]);
  });

  it('grows the next batch while the in-flight limit is reached', async () => {
    const state = recording({ maxBatch: 100, maxWaitMs: 1, maxInFlight: 1 });
    state.hold();
    const first = state.batcher.add(1);
    await delay(10);
    const rest = [2, 3, 4, 5].map((n) => state.batcher.add(n));
    await delay(10);
    assert.deepEqual(state.batches, [[1]], 'the second batch waits for the first');
    state.release();
    assert.deepEqual(await Promise.all([first, ...rest]), [2, 4, 6, 8, 10]);
    assert.deepEqual(state.batches, [[1], [2, 3, 4, 5]]);
    assert.equal(state.maxRunning(), 1);
  });

  it('fails every item of a batch whose run throws, and only those', async () => {
    const { batcher } = recording({ maxBatch: 2 });
    const results = await Promise.allSettled([
      batcher.add(-1),
      batcher.add(1),
      batcher.add(2),
      batcher.add(3),
    ]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected', 'fulfilled', 'fulfilled'],
    );
  });

  it('runs what is queued on close, then refuses new items', async () => {
    const { batcher } = recording({ maxWaitMs: 10_000 });
    const pending = batcher.add(21);
    await batcher.close();
    assert.equal(await pending, 42);
    await assert.rejects(batcher.add(1), /closed/);
  });
});
