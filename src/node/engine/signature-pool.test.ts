import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import { createEd25519Signer } from '../../protocol/ed25519.js';
import { threadStats } from '../../shared/threads.js';
import { packChecks, unpackChecks } from './signature-batch.js';
import type { SignatureCheck } from './signature-batch.js';
import { createSignaturePool, inlineSignatureVerifier } from './signature-pool.js';

const signer = createEd25519Signer(new Uint8Array(32).fill(3));

function check(n: number): SignatureCheck {
  const message = new Uint8Array(20).fill(n);
  return { publicKey: signer.publicKey, message, signature: signer.sign(message) };
}

const valid = Array.from({ length: 12 }, (_, n) => check(n));
const forged: SignatureCheck = { ...check(1), message: new Uint8Array(20).fill(99) };
const shortKey: SignatureCheck = { ...check(2), publicKey: signer.publicKey.subarray(0, 31) };
const shortSignature: SignatureCheck = { ...check(3), signature: new Uint8Array(63) };

describe('signature batch packing', () => {
  it('round-trips checks of any field lengths, copying only the viewed bytes', () => {
    const wide = new Uint8Array(100).fill(7);
    const checks = [
      check(1),
      { publicKey: wide.subarray(10, 15), message: new Uint8Array(), signature: wide },
    ];
    const packed = packChecks(checks);
    assert.equal(packed.byteLength, 4 + 4 * 3 * 2 + 32 + 20 + 64 + 5 + 0 + 100);
    assert.deepEqual(
      unpackChecks(packed).map((c) => [c.publicKey, c.message, c.signature].map((f) => [...f])),
      checks.map((c) => [c.publicKey, c.message, c.signature].map((f) => [...f])),
    );
  });
});

describe('signature pool', () => {
  it('verifies valid, forged and malformed checks in order, on workers and inline alike', async () => {
    const pool = createSignaturePool({ size: 2, minBatch: 1 });
    try {
      const mixed = [...valid.slice(0, 3), forged, valid[3] as SignatureCheck, shortKey, shortSignature];
      const expected = [true, true, true, false, true, false, false];
      assert.deepEqual(await pool.verifyAll(mixed), expected);
      assert.deepEqual(await inlineSignatureVerifier().verifyAll(mixed), expected);
      assert.deepEqual(
        await pool.verifyAll(valid),
        valid.map(() => true),
      );
      assert.deepEqual(await pool.verifyAll([forged]), [false]);
      assert.deepEqual(await pool.verifyAll([]), []);
    } finally {
      await pool.close();
    }
  });

  it('answers concurrent batches each with its own verdicts', async () => {
    const pool = createSignaturePool({ size: 2, minBatch: 1 });
    try {
      const batches = Array.from({ length: 6 }, (_, n) =>
        n % 2 === 0 ? valid : [forged, ...valid.slice(n)],
      );
      const verdicts = await Promise.all(batches.map((batch) => pool.verifyAll(batch)));
      assert.deepEqual(
        verdicts,
        batches.map((batch) => batch.map((c) => c !== forged)),
      );
    } finally {
      await pool.close();
    }
  });

  it('verifies batches under minBatch on the calling thread, and refuses work once closed', async () => {
    const pool = createSignaturePool({ size: 1, minBatch: 4 });
    assert.deepEqual(await pool.verifyAll([valid[0] as SignatureCheck, forged]), [true, false]);
    assert.deepEqual(await pool.verifyAll(valid.slice(0, 4)), [true, true, true, true]);
    await pool.close();
    await assert.rejects(pool.verifyAll(valid), /closed/);
    await pool.close();
  });

  it('fails the checks in flight when closed under them', async () => {
    const pool = createSignaturePool({ size: 1, minBatch: 1 });
    const many = Array.from({ length: 400 }, (_, n) => valid[n % valid.length] as SignatureCheck);
    const running = pool.verifyAll(many);
    await pool.close();
    await assert.rejects(running, /exited/);
  });

  it(
    'runs its workers at a lower priority than the calling thread (Linux)',
    {
      skip: !existsSync('/proc/thread-self'),
    },
    async () => {
      const niceOfThreads = () => [...threadStats().values()].map(({ nice }) => nice);
      const base = getPriority();
      const before = niceOfThreads().filter((nice) => nice === base + 3).length;
      const pool = createSignaturePool({ size: 2, minBatch: 1, niceIncrement: 3 });
      try {
        // Enough checks for a job on each worker.
        await pool.verifyAll(Array.from({ length: 64 }, (_, n) => check(n)));
        assert.equal(niceOfThreads().filter((nice) => nice === base + 3).length, before + 2);
      } finally {
        await pool.close();
      }
    },
  );
});
