import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Value } from '@sinclair/typebox/value';
import { pagingQuery } from './schemas.js';

describe('pagingQuery', () => {
  const schema = pagingQuery(100);

  it('accepts an empty query and in-range values', () => {
    assert.equal(Value.Check(schema, {}), true);
    assert.equal(Value.Check(schema, { limit: 1, cursor: 'abc.def' }), true);
    assert.equal(Value.Check(schema, { limit: 100 }), true);
  });

  it('rejects out-of-range or fractional limits', () => {
    for (const limit of [0, 101, 2.5, -1]) assert.equal(Value.Check(schema, { limit }), false);
  });

  it('rejects an overlong cursor', () => {
    assert.equal(Value.Check(schema, { cursor: 'x'.repeat(5000) }), false);
  });

  it('refuses a maximum that is not a positive integer', () => {
    for (const max of [0, -5, 1.5, Number.NaN]) assert.throws(() => pagingQuery(max), RangeError);
  });
});
