import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createSubmitPipeline } from './submit-pipeline.js';

/** A gate that holds whoever awaits it until released. */
function gate() {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release: () => release() };
}

/**
 * A pipeline doubling numbers. Preparing n is held by `held.get(n)` when set and fails for negative n;
 * a commit containing 0 throws, and every commit waits for `commitGate` when one is set.
 */
function recording(maxBatch = 100) {
  const prepared: number[][] = [];
  const committed: number[][] = [];
  const held = new Map<number, Promise<void>>();
  let commitGate: Promise<void> | undefined;
  let running = 0;
  let maxRunning = 0;
  const pipeline = createSubmitPipeline<number, number, number>({
    maxBatch,
    prepare(items) {
      prepared.push(items);
      return items.map(async (item) => {
        await held.get(item);
        if (item < 0) throw new Error(`cannot prepare ${item}`);
        return item;
      });
    },
    async commit(ready) {
      committed.push(ready);
      maxRunning = Math.max(maxRunning, ++running);
      await commitGate;
      running--;
      if (ready.includes(0)) throw new Error('commit failed');
      return ready.map((item) => item * 2);
    },
  });
  return {
    pipeline,
    prepared,
    committed,
    held,
    holdCommits: () => {
      const commits = gate();
      commitGate = commits.opened;
      return () => {
        commitGate = undefined;
        commits.release();
      };
    },
    maxRunning: () => maxRunning,
  };
}

// A pipeline that waits where it should not would hang, not fail: hence the timeout.
describe('submit pipeline', { timeout: 10_000 }, () => {
  it('prepares the items of one turn together and answers each with its own result', async () => {
    const { pipeline, prepared, committed } = recording();
    assert.deepEqual(await Promise.all([1, 2, 3].map((n) => pipeline.add(n))), [2, 4, 6]);
    assert.deepEqual(prepared, [[1, 2, 3]]);
    assert.deepEqual(committed, [[1, 2, 3]]);
  });

  it('commits a lone item without waiting for company', async () => {
    const { pipeline, committed } = recording();
    assert.equal(await pipeline.add(1), 2);
    assert.equal(await pipeline.add(2), 4);
    assert.deepEqual(committed, [[1], [2]]);
  });

  it('commits an item once it is ready, without waiting for slower items prepared with it', async () => {
    const { pipeline, committed, held } = recording();
    const slow = gate();
    held.set(2, slow.opened);
    const [one, two] = [pipeline.add(1), pipeline.add(2)];
    assert.equal(await one, 2);
    assert.deepEqual(committed, [[1]]);
    slow.release();
    assert.equal(await two, 4);
    assert.deepEqual(committed, [[1], [2]]);
  });

  it('runs one commit at a time; items ready meanwhile join the next one, up to maxBatch', async () => {
    const state = recording(3);
    const release = state.holdCommits();
    const first = state.pipeline.add(1);
    while (state.committed.length === 0) await nextTurn();
    const rest = [2, 3, 4, 5].map((n) => state.pipeline.add(n));
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    assert.deepEqual(state.committed, [[1]], 'the others wait for the running commit');
    release();
    assert.deepEqual(await Promise.all([first, ...rest]), [2, 4, 6, 8, 10]);
    assert.deepEqual(state.committed, [[1], [2, 3, 4], [5]]);
    assert.equal(state.maxRunning(), 1);
  });

  it('fails only the items of a failed commit, and an item whose preparation fails only itself', async () => {
    const { pipeline } = recording();
    const results = await Promise.allSettled([pipeline.add(0), pipeline.add(-1), pipeline.add(1)]);
    assert.deepEqual(
      results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason))),
      ['Error: commit failed', 'Error: cannot prepare -1', 'Error: commit failed'],
    );
    assert.equal(await pipeline.add(2), 4, 'the pipeline goes on');
  });

  it('fails every item of a turn whose prepare throws', async () => {
    const pipeline = createSubmitPipeline<number, number, number>({
      maxBatch: 10,
      prepare: () => {
        throw new Error('no preparing today');
      },
      commit: async (ready) => ready,
    });
    const results = await Promise.allSettled([pipeline.add(1), pipeline.add(2)]);
    assert.deepEqual(
      results.map((result) => result.status),
      ['rejected', 'rejected'],
    );
  });

  it('answers every item added before close, then refuses new ones', async () => {
    const state = recording();
    const release = state.holdCommits();
    const committing = state.pipeline.add(1);
    while (state.committed.length === 0) await nextTurn();
    const queued = state.pipeline.add(2);
    let closed = false;
    const closing = state.pipeline.close().then(() => (closed = true));
    const closingAgain = state.pipeline.close();
    await assert.rejects(state.pipeline.add(3), /closed/);
    for (let turn = 0; turn < 5; turn++) await nextTurn();
    assert.equal(closed, false, 'close waits for the running commit and the queued item');
    release();
    await Promise.all([closing, closingAgain]);
    assert.deepEqual([await committing, await queued], [2, 4]);
  });
});
