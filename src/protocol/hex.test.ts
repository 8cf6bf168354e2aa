import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bytesToHex, hexToBytes, normalizeHex, toBytes } from './hex.js';

describe('hex helpers', () => {
  it('round-trips bytes as lowercase 0x hex', () => {
    const bytes = Uint8Array.from([0, 1, 0xab, 0xff]);
    assert.equal(bytesToHex(bytes), '0x0001abff');
    assert.deepEqual(hexToBytes('0x0001abff'), bytes);
  });

  it('accepts an optional 0x and any case', () => {
    assert.deepEqual(hexToBytes('00AbFF'), Uint8Array.from([0, 0xab, 0xff]));
    assert.equal(normalizeHex('0XABCD'), '0xabcd');
    assert.deepEqual(hexToBytes(''), new Uint8Array());
  });

  it('returns undefined for bad input instead of throwing', () => {
    for (const bad of ['0x123', 'zz', '0xgg', '0x 1', 42, null, undefined, {}]) {
      assert.equal(hexToBytes(bad), undefined, String(bad));
    }
  });

  it('checks the byte length when asked', () => {
    assert.equal(hexToBytes('0x0102', 3), undefined);
    assert.deepEqual(hexToBytes('0x010203', 3), Uint8Array.from([1, 2, 3]));
    assert.equal(toBytes(Uint8Array.from([1]), 2), undefined);
    assert.deepEqual(toBytes(Uint8Array.from([1, 2]), 2), Uint8Array.from([1, 2]));
    assert.deepEqual(toBytes('0x0102'), Uint8Array.from([1, 2]));
  });
});
