import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inChunks, VALUES_PER_QUERY } from './in-chunks.js';

describe('inChunks', () => {
  it('queries each distinct value once, in chunks of at most VALUES_PER_QUERY', async () => {
    const values = Array.from({ length: 2 * VALUES_PER_QUERY + 5 }, (_, i) => i);
    const chunks: number[][] = [];
    const rows = await inChunks([...values, 3, 3], async (chunk) => {
      chunks.push(chunk);
      return chunk.map((value) => ({ value }));
    });
    assert.deepEqual(
      chunks.map((chunk) => chunk.length),
      [VALUES_PER_QUERY, VALUES_PER_QUERY, 5],
    );
    assert.deepEqual(
      rows.map((row) => row.value),
      values,
    );
  });

  it('makes no query for no values', async () => {
    const rows = await inChunks([], () => assert.fail('queried'));
    assert.deepEqual(rows, []);
  });
});
