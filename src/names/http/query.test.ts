import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NamesError } from '../errors.js';
import { currentQueryOf, transferFilterOf } from './query.js';

describe('transferFilterOf', () => {
  it('reads integers with parseInt and drops 0, NaN and empty values', () => {
    assert.deepEqual(transferFilterOf({ from_id: '5', fid: '7x', from_ts: '12.9', name: 'alice' }), {
      afterId: 5,
      fid: 7,
      afterTimestamp: 12,
      name: 'alice',
    });
    assert.deepEqual(transferFilterOf({ from_id: '0', fid: 'abc', from_ts: '', name: '' }), {});
  });

  it('prefers fromId over from_id and strips NULs from the name', () => {
    assert.deepEqual(transferFilterOf({ from_id: '1', fromId: '3', name: 'bob\0\0' }), {
      afterId: 3,
      name: 'bob',
    });
  });

  it('refuses integers beyond the safe range', () => {
    assert.throws(
      () => transferFilterOf({ fid: '9007199254740993' }),
      (error: unknown) => error instanceof NamesError && error.code === 'TRANSFERS_QUERY_INVALID',
    );
  });
});

describe('currentQueryOf', () => {
  it('takes fid over name, and neither as the latest of all', () => {
    assert.deepEqual(currentQueryOf({ fid: '3', name: 'alice' }), { fid: 3 });
    assert.deepEqual(currentQueryOf({ fid: '', name: 'alice' }), { name: 'alice' });
    assert.deepEqual(currentQueryOf({}), {});
  });

  it('fails a fid that is not a number, not a safe integer, or a name with a NUL', () => {
    const code = (query: Record<string, string>) => {
      try {
        currentQueryOf(query);
      } catch (error) {
        return error instanceof NamesError ? error.code : 'other';
      }
      return 'none';
    };
    assert.equal(code({ fid: 'abc' }), 'FID_NOT_A_NUMBER');
    assert.equal(code({ fid: '1.5' }), 'TRANSFER_QUERY_INVALID');
    assert.equal(code({ name: 'a\0' }), 'TRANSFER_QUERY_INVALID');
  });
});
