import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ViemLocalEip712Signer } from '@farcaster/core';
import { privateKeyToAccount } from 'viem/accounts';
import { bytesToHex, type Hex } from '../hex.js';
import {
  decodeSignedKeyRequestMetadata,
  encodeSignedKeyRequestMetadata,
  makeSignedKeyRequestMetadata,
  verifySignedKeyRequestMetadata,
  type SignedKeyRequestMetadata,
} from './signed-key-request-metadata.js';

const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');

describe('SignedKeyRequestMetadata ABI encoding', () => {
  // The decode-key-metadata docs vector (reference/social-api.md §3), with a stand-in 65-byte signature.
  const signature = bytesToHex(Uint8Array.from({ length: 65 }, (_, i) => i + 1));
  const vector: SignedKeyRequestMetadata = {
    requestFid: 9152n,
    requestSigner: '0x02ef790dd7993a35fd847c053eddae940d055596',
    signature,
    deadline: 1702660853n,
  };
  const expected =
    '0x' +
    word('20') +
    word('23c0') +
    word('02ef790dd7993a35fd847c053eddae940d055596') +
    word('80') +
    word('657c8af5') +
    word('41') +
    signature.slice(2).padEnd(192, '0');

  it('encodes the docs vector as one tuple with a dynamic member (288 bytes)', () => {
    const encoded = encodeSignedKeyRequestMetadata(vector);
    assert.equal(encoded, expected);
    assert.equal((encoded.length - 2) / 2, 288);
  });

  it('decodes it back, from hex or bytes', () => {
    assert.deepEqual(decodeSignedKeyRequestMetadata(expected), { ok: true, value: vector });
    assert.deepEqual(decodeSignedKeyRequestMetadata(Buffer.from(expected.slice(2), 'hex')), {
      ok: true,
      value: vector,
    });
  });

  it('rejects garbage without throwing', () => {
    const garbage: unknown[] = [
      '0x',
      'not hex',
      null,
      42,
      { type: 'Buffer', data: [1, 2] },
      `0x${'ff'.repeat(288)}`,
      expected.slice(0, 2 + 2 * 200),
      `0x${word('20')}${word('1')}${word('2')}${word('ffffffff')}${word('3')}`,
    ];
    for (const input of garbage) {
      const outcome = decodeSignedKeyRequestMetadata(input);
      assert.equal(outcome.ok, false, String(input));
      assert.equal(!outcome.ok && outcome.reason, 'malformed_metadata');
    }
  });

  it('makes the same metadata bytes as @farcaster/core getSignedKeyRequestMetadata', async () => {
    const privateKey: Hex = `0x${'33'.repeat(32)}`;
    const key = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
    const request = { requestFid: 9152n, key, deadline: 1702660853n };
    const core = await new ViemLocalEip712Signer(privateKeyToAccount(privateKey)).getSignedKeyRequestMetadata(
      request,
    );
    assert.equal(await makeSignedKeyRequestMetadata(request, privateKey), bytesToHex(core._unsafeUnwrap()));
  });

  it('verifies that the request signer signed for this key', async () => {
    const privateKey: Hex = `0x${'33'.repeat(32)}`;
    const key = bytesToHex(new Uint8Array(32).fill(7));
    const metadata = await makeSignedKeyRequestMetadata(
      { requestFid: 77, key, deadline: 1_900_000_000 },
      privateKey,
    );
    const outcome = await verifySignedKeyRequestMetadata(metadata, key);
    const signer = privateKeyToAccount(privateKey).address.toLowerCase();
    assert.ok(outcome.ok);
    assert.equal(outcome.signer, signer);
    assert.equal(outcome.metadata.requestFid, 77n);
    assert.equal(outcome.metadata.requestSigner, signer);

    const otherKey = await verifySignedKeyRequestMetadata(metadata, new Uint8Array(32).fill(8));
    assert.equal(!otherKey.ok && otherKey.reason, 'wrong_signer');
    const broken = await verifySignedKeyRequestMetadata('0x1234', key);
    assert.equal(!broken.ok && broken.reason, 'malformed_metadata');
  });
});
