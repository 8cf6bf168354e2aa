import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lastWriteWins, removeWins, resolveConflict } from './conflict.js';
import type { Ranked } from './conflict.js';
import { compareBytes, makeTsHash, tsHashHash, tsHashTimestamp } from './ts-hash.js';

const hash = (byte: number) => new Uint8Array(20).fill(byte);
const add = (timestamp: number, hashByte = 1): Ranked => ({
  tsHash: makeTsHash(timestamp, hash(hashByte)),
  isRemove: false,
});
const remove = (timestamp: number, hashByte = 1): Ranked => ({ ...add(timestamp, hashByte), isRemove: true });

describe('ts_hash', () => {
  it('is the big-endian timestamp followed by the hash, so bytes sort by age then hash', () => {
    const tsHash = makeTsHash(0x01020304, hash(7));
    assert.deepEqual([...tsHash.subarray(0, 4)], [1, 2, 3, 4]);
    assert.equal(tsHashTimestamp(tsHash), 0x01020304);
    assert.deepEqual(tsHashHash(tsHash), hash(7));
    assert.ok(compareBytes(makeTsHash(255, hash(9)), makeTsHash(256, hash(1))) < 0);
    assert.ok(compareBytes(makeTsHash(5, hash(1)), makeTsHash(5, hash(2))) < 0);
  });
});

describe('orderings', () => {
  it('last write wins: later timestamp, then remove over add, then higher hash', () => {
    assert.ok(lastWriteWins(add(2), remove(1)) > 0);
    assert.ok(lastWriteWins(add(1, 9), remove(1, 1)) < 0);
    assert.ok(lastWriteWins(add(1, 2), add(1, 1)) > 0);
    assert.equal(lastWriteWins(add(1), add(1)), 0);
  });

  it('remove wins: a remove beats any add, then last write wins', () => {
    assert.ok(removeWins(remove(1), add(100)) > 0);
    assert.ok(removeWins(remove(2), remove(1)) > 0);
    assert.ok(removeWins(add(2), add(1)) > 0);
  });
});

describe('resolveConflict', () => {
  it('calls the same message a duplicate', () => {
    assert.deepEqual(resolveConflict(lastWriteWins, add(5), [add(5)]), {
      ok: false,
      error: { errCode: 'bad_request.duplicate', message: 'message has already been merged' },
    });
  });

  it('names the kind of the competitor that outranks the message', () => {
    assert.deepEqual(resolveConflict(lastWriteWins, add(1), [remove(2)]), {
      ok: false,
      error: { errCode: 'bad_request.conflict', message: 'message conflicts with a more recent remove' },
    });
    assert.deepEqual(resolveConflict(lastWriteWins, remove(1), [add(2)]), {
      ok: false,
      error: { errCode: 'bad_request.conflict', message: 'message conflicts with a more recent add' },
    });
    assert.deepEqual(
      resolveConflict(lastWriteWins, add(1), [add(2)], () => 'custom'),
      {
        ok: false,
        error: { errCode: 'bad_request.conflict', message: 'custom' },
      },
    );
  });

  it('returns every competitor as a loser when the message outranks them all', () => {
    const losers = [add(1), add(2, 3)];
    assert.deepEqual(resolveConflict(lastWriteWins, add(3), losers), { ok: true, value: losers });
    assert.deepEqual(resolveConflict(lastWriteWins, add(3), []), { ok: true, value: [] });
  });
});
