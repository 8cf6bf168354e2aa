import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, it } from 'node:test';
import type { Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createEd25519Signer } from '../../protocol/ed25519.js';
import {
  encodeSignedKeyRequestMetadata,
  signGaslessKeyAdd,
  signGaslessKeyRemove,
  signGaslessKeyRequest,
} from '../../protocol/eip712/index.js';
import { KeyAddBody, KeyRemoveBody, Message, MessageType } from '../../protocol/gen/message.js';
import { hexToBytes } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';
import { decodeMessage } from '../../protocol/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { threadStats } from '../../shared/threads.js';
import { packChecks, unpackChecks } from './signature-batch.js';
import type { SignatureCheck } from './signature-batch.js';
import { createSignaturePool, inlineSignatureVerifier, recoverKeySignersInline } from './signature-pool.js';
import { NOW, signed, signerFor } from './testing.js';

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

/**
 * The messages decoded again from views of one Buffer holding all their encodings, as a request body is:
 * a Buffer of its own (not from Node's pool of small Buffers, whose memory is never transferred).
 */
function fromOneBody(messages: readonly ReceivedMessage[]): ReceivedMessage[] {
  const encoded = messages.map(({ message }) => Message.encode(message).finish());
  const body = Buffer.alloc(encoded.reduce((total, bytes) => total + bytes.length, 0));
  encoded.reduce((at, bytes) => (body.set(bytes, at), at + bytes.length), 0);
  let offset = 0;
  return encoded.map(({ length }) => {
    const decoded = decodeMessage(body.subarray(offset, (offset += length)));
    assert.ok(decoded.ok);
    return decoded.value;
  });
}

describe('key signer recovery', () => {
  const bytes = (hex: Hex) => hexToBytes(hex) ?? new Uint8Array();
  const custodyKey: Hex = `0x${'11'.repeat(32)}`;
  const custody = privateKeyToAccount(custodyKey).address.toLowerCase();
  const account = { fid: 5, signer: signerFor(5), custody: new Uint8Array(20) };
  const key = signerFor(5, 1).publicKey;
  const deadline = NOW + 3600;

  const keyAdd = async (custodySignature?: Uint8Array) => {
    const input = { fid: 5, key, keyType: 1, scopes: [MessageType.CAST_ADD], ttl: 600, nonce: 1, deadline };
    const request = await signGaslessKeyRequest({ requestFid: 5, key, deadline }, custodyKey);
    const metadata = encodeSignedKeyRequestMetadata({
      requestFid: 5n,
      requestSigner: custody as Address,
      signature: request,
      deadline: BigInt(deadline),
    });
    const { fid: _fid, ...fields } = input;
    const keyAddBody = KeyAddBody.fromPartial({
      ...fields,
      custodySignature: custodySignature ?? bytes(await signGaslessKeyAdd(input, custodyKey)),
      metadata: bytes(metadata),
      metadataType: 1,
    });
    return signed(account, { type: MessageType.KEY_ADD, keyAddBody });
  };
  const keyRemove = async (signatureType: number) => {
    const signature = bytes(await signGaslessKeyRemove({ fid: 5, key, nonce: 2, deadline }, custodyKey));
    const keyRemoveBody = KeyRemoveBody.fromPartial({ key, signature, signatureType, deadline, nonce: 2 });
    return signed(account, { type: MessageType.KEY_REMOVE, keyRemoveBody });
  };

  it('recovers on the workers what it recovers inline: the custody, someone else, or nobody', async () => {
    const messages = [
      await keyAdd(),
      await keyAdd(new Uint8Array(65).fill(7)),
      await keyAdd(new Uint8Array(65)),
      await keyRemove(1),
      await keyRemove(2),
    ];
    const pool = createSignaturePool({ size: 2 });
    try {
      const onWorkers = await pool.recoverKeySigners(messages);
      assert.deepEqual(onWorkers, await recoverKeySignersInline(messages));
      const request = { requestFid: 5, requestSigner: custody };
      const [forged] = onWorkers.slice(1);
      assert.ok(forged?.type === MessageType.KEY_ADD && forged.signers.custody !== custody);
      assert.deepEqual(onWorkers, [
        { type: MessageType.KEY_ADD, signers: { custody, request } },
        forged,
        { type: MessageType.KEY_ADD, signers: { custody: undefined, request } },
        { type: MessageType.KEY_REMOVE, custody },
        { type: MessageType.KEY_REMOVE, custody: undefined },
      ]);
      assert.deepEqual(await pool.recoverKeySigners([]), []);
      // Decoded out of one request body, as a bulk call's messages are: their bytes share one buffer.
      assert.deepEqual(await pool.recoverKeySigners(fromOneBody(messages)), onWorkers);
    } finally {
      await pool.close();
    }
    await assert.rejects(pool.recoverKeySigners(messages), /closed/);
  });
});
