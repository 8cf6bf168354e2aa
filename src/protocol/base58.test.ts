import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { base58ToBytes as coreDecode, bytesToBase58 as coreEncode } from '@farcaster/core';
import { base58ToBytes, bytesToBase58 } from './base58.js';

describe('base58', () => {
  const samples = [
    new Uint8Array(),
    Uint8Array.from([0]),
    Uint8Array.from([0, 0, 1, 2, 3]),
    Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256),
    new Uint8Array(32).fill(255),
  ];

  it('matches @farcaster/core in both directions', () => {
    for (const bytes of samples) {
      const text = coreEncode(bytes)._unsafeUnwrap();
      assert.equal(bytesToBase58(bytes), text);
      assert.deepEqual(base58ToBytes(text), coreDecode(text)._unsafeUnwrap());
    }
  });

  it('knows a fixed vector', () => {
    assert.equal(bytesToBase58(new TextEncoder().encode('hello world')), 'StV1DL6CwTryKyV');
  });

  it('rejects characters outside the alphabet', () => {
    for (const bad of ['0', 'O', 'I', 'l', 'ab+c']) assert.equal(base58ToBytes(bad), undefined, bad);
  });
});
