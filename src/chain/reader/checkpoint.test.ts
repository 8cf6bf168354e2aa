import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Hex } from '../../protocol/hex.js';
import { advanceCheckpoint, initialCheckpoint, parseCheckpoint } from './checkpoint.js';
import type { ReaderCheckpoint } from './checkpoint.js';

const hash = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;
const block = (number: number, salt = 0) => ({ number, hash: hash(number * 1000 + salt) });

describe('reader checkpoint', () => {
  it('starts at the start block with no recorded blocks', () => {
    assert.deepEqual(initialCheckpoint(108_864_739), { nextBlock: 108_864_739, blocks: [] });
  });

  it('advances: merges read blocks in order, a re-read number replaces the old hash, keeps the newest window', () => {
    const start: ReaderCheckpoint = { nextBlock: 11, blocks: [block(5), block(8), block(10)] };
    const next = advanceCheckpoint(start, 16, [block(10, 1), block(12), block(15)], 4);
    assert.deepEqual(next, { nextBlock: 16, blocks: [block(8), block(10, 1), block(12), block(15)] });
    assert.deepEqual(start.blocks, [block(5), block(8), block(10)], 'the old checkpoint is not changed');
  });

  it('round-trips through JSON', () => {
    const checkpoint = { nextBlock: 301, blocks: [block(1), block(250), block(300)] };
    const text = JSON.stringify(checkpoint);
    assert.deepEqual(parseCheckpoint(JSON.parse(text)), checkpoint);
  });

  it('normalizes hash case when parsing', () => {
    const upper = `0x${'AB'.repeat(32)}`;
    assert.deepEqual(parseCheckpoint({ nextBlock: 2, blocks: [{ number: 1, hash: upper }] }).blocks, [
      { number: 1, hash: upper.toLowerCase() },
    ]);
  });

  it('refuses malformed checkpoints', () => {
    const bad: unknown[] = [
      null,
      'x',
      { nextBlock: -1, blocks: [] },
      { nextBlock: 1.5, blocks: [] },
      { nextBlock: 5 },
      { nextBlock: 5, blocks: [{ number: 1, hash: '0x1234' }] },
      { nextBlock: 5, blocks: [{ number: 5, hash: hash(1) }] },
      { nextBlock: 5, blocks: [block(3), block(2)] },
      { nextBlock: 5, blocks: [block(3), block(3)] },
      { nextBlock: 5, blocks: [null] },
    ];
    for (const value of bad) assert.throws(() => parseCheckpoint(value), TypeError, JSON.stringify(value));
  });
});
