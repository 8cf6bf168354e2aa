import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NobleEd25519Signer } from '@farcaster/core';
import { createEd25519Verifier, ed25519PublicKeyFromSeed, signEd25519, verifyEd25519 } from './ed25519.js';

const seed = (fill: number) => new Uint8Array(32).fill(fill);
const message = new TextEncoder().encode('hello');

describe('ed25519 via node:crypto', () => {
  it('derives the same public key and signature as @farcaster/core', async () => {
    const signer = new NobleEd25519Signer(seed(7));
    assert.deepEqual(ed25519PublicKeyFromSeed(seed(7)), (await signer.getSignerKey())._unsafeUnwrap());
    assert.deepEqual(signEd25519(seed(7), message), (await signer.signMessageHash(message))._unsafeUnwrap());
  });

  it('verifies with and without a cache, and rejects tampering', () => {
    const publicKey = ed25519PublicKeyFromSeed(seed(1));
    const signature = signEd25519(seed(1), message);
    const verifier = createEd25519Verifier({ cacheSize: 2 });
    assert.equal(verifyEd25519(publicKey, message, signature), true);
    assert.equal(verifier.verify(publicKey, message, signature), true);
    assert.equal(verifier.verify(publicKey, message, signature), true);
    assert.equal(verifier.verify(publicKey, new TextEncoder().encode('hellO'), signature), false);
    assert.equal(verifier.verify(ed25519PublicKeyFromSeed(seed(2)), message, signature), false);
  });

  it('stays correct once the cache evicts keys', () => {
    const verifier = createEd25519Verifier({ cacheSize: 2 });
    const seeds = [1, 2, 3, 4, 1, 3].map(seed);
    for (const s of seeds) {
      assert.equal(verifier.verify(ed25519PublicKeyFromSeed(s), message, signEd25519(s, message)), true);
    }
  });

  it('returns false for keys and signatures of the wrong size', () => {
    const publicKey = ed25519PublicKeyFromSeed(seed(1));
    const signature = signEd25519(seed(1), message);
    const verifier = createEd25519Verifier();
    assert.equal(verifier.verify(publicKey.subarray(1), message, signature), false);
    assert.equal(verifier.verify(publicKey, message, signature.subarray(1)), false);
    assert.equal(verifyEd25519(new Uint8Array(33), message, signature), false);
    assert.throws(() => signEd25519(new Uint8Array(31), message), TypeError);
  });
});
