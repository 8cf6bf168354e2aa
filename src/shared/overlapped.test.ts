import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { overlapped } from './overlapped.js';

/** A promise settled from outside. */
function gate(): { promise: Promise<void>; open: () => void; fail: (error: Error) => void } {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** Lets every queued continuation run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('overlapped', () => {
  it('starts items in order, at most `depth` running, and takes the next only when there is room', async () => {
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const taken: number[] = [];
    async function* source() {
      for (const index of [0, 1, 2]) {
        taken.push(index);
        yield index;
      }
    }
    const done = overlapped(source(), 2, async (index) => {
      started.push(index);
      await gates[index]!.promise;
    });
    await settle();
    assert.deepEqual(started, [0, 1]);
    assert.deepEqual(taken, [0, 1]);
    gates[1]!.open();
    await settle();
    assert.deepEqual(started, [0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    await done;
  });

  it('stops taking items at the first failure and throws it once the started ones settle', async () => {
    const gates = [gate(), gate()];
    const started: number[] = [];
    let finished = 0;
    const done = overlapped([0, 1, 2, 3], 2, async (index) => {
      started.push(index);
      await gates[index]!.promise;
      finished++;
    });
    const outcome = done.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    await settle();
    gates[1]!.fail(new Error('second failed'));
    await settle();
    assert.equal(finished, 0, 'the first item still runs');
    gates[0]!.open();
    assert.equal(await outcome, 'second failed');
    assert.deepEqual(started, [0, 1]);
    assert.equal(finished, 1);
  });

  it('throws what the source throws, after the items it gave settle', async () => {
    let finished = 0;
    async function* source() {
      yield 0;
      throw new Error('the source broke');
    }
    await assert.rejects(
      overlapped(source(), 2, async () => {
        await settle();
        finished++;
      }),
      /the source broke/,
    );
    assert.equal(finished, 1);
  });
});
