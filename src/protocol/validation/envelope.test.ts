import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ed25519PublicKeyFromSeed, signEd25519 } from '../ed25519.js';
import {
  FarcasterNetwork,
  HashScheme,
  Message,
  MessageData,
  MessageType,
  SignatureScheme,
  type CastAddBody,
} from '../gen/message.js';
import { bytesToHex } from '../hex.js';
import { decodeMessage, messageHash } from '../message.js';
import { incorrectNetwork } from '../networks.js';
import { assertProblem, assertValid, makeData, receive, SEED, signMessage, testContext } from './testing.js';
import { validateMessage } from './validate.js';

const castAddBody = (text: string): CastAddBody => ({
  text,
  embeds: [],
  embedsDeprecated: [],
  mentions: [],
  mentionsPositions: [],
  type: 0,
});
const cast = (text = 'hello') => makeData({ type: MessageType.CAST_ADD, castAddBody: castAddBody(text) });
const varint = (value: number) => {
  const bytes: number[] = [];
  for (let rest = value; ; rest >>>= 7) {
    if (rest < 0x80) return Buffer.from([...bytes, rest]);
    bytes.push((rest & 0x7f) | 0x80);
  }
};
const validate = (message: Message, context = testContext()) => validateMessage(receive(message), context);

describe('message envelope', () => {
  it('accepts a message signed over the hash of its data bytes', async () => {
    assertValid(await validate(signMessage(cast())));
  });

  it('accepts a message without dataBytes, hashed over the data exactly as sent', async () => {
    const message = signMessage(cast('no data bytes'), (m) => {
      m.dataBytes = undefined;
    });
    const result = await validate(message);
    assertValid(result);
    assert.equal(result.ok && result.value.dataBytes, undefined);
  });

  it('checks the hash over the field-1 bytes as received, not over a re-encoding', async () => {
    // The body before the header: the same data, but not the bytes ts-proto would write.
    const data = cast('reordered');
    const raw = Buffer.concat([
      MessageData.encode({
        type: 0,
        fid: 0,
        timestamp: 0,
        network: 0,
        castAddBody: data.castAddBody,
      }).finish(),
      MessageData.encode({ ...data, castAddBody: undefined }).finish(),
    ]);
    const hash = messageHash(raw);
    assert.notDeepEqual(hash, messageHash(MessageData.encode(data).finish()));
    const envelope = signMessage(data, (m) => {
      m.data = undefined;
      m.dataBytes = undefined;
      m.hash = hash;
      m.signature = signEd25519(SEED, hash);
    });
    const bytes = Buffer.concat([Buffer.from([0x0a, raw.length]), raw, Message.encode(envelope).finish()]);
    const decoded = decodeMessage(bytes);
    assert.ok(decoded.ok);
    assertValid(await validateMessage(decoded.value, testContext()));
  });

  it('refuses a wrong hash, showing both values', async () => {
    const message = signMessage(cast(), (m) => {
      m.hash = m.hash.map((byte, i) => (i === 0 ? byte ^ 1 : byte));
    });
    const expected = bytesToHex(message.hash);
    const computed = bytesToHex(messageHash(message.dataBytes ?? new Uint8Array()));
    assertProblem(
      await validate(message),
      'bad_request.validation_failure',
      `invalid hash. Expected=${expected}, computed=${computed}`,
    );
  });

  it('refuses other hash and signature schemes', async () => {
    const noHashScheme = signMessage(cast(), (m) => {
      m.hashScheme = HashScheme.NONE;
    });
    assertProblem(await validate(noHashScheme), 'bad_request.validation_failure', 'invalid hashScheme');
    const eip712 = signMessage(cast(), (m) => {
      m.signatureScheme = SignatureScheme.EIP712;
    });
    assertProblem(await validate(eip712), 'bad_request.validation_failure', 'invalid signatureScheme');
  });

  it('refuses bad signatures and signer keys of the wrong size', async () => {
    const tampers: ((m: Message) => void)[] = [
      (m) => (m.signature = m.signature.map((byte, i) => (i === 63 ? byte ^ 0x80 : byte))),
      (m) => (m.signature = m.signature.subarray(0, 63)),
      (m) => (m.signer = ed25519PublicKeyFromSeed(new Uint8Array(32).fill(1))),
      (m) => (m.signer = m.signer.subarray(1)),
      (m) => (m.signer = new Uint8Array(20)),
    ];
    for (const tamper of tampers) {
      assertProblem(
        await validate(signMessage(cast(), tamper)),
        'bad_request.validation_failure',
        'invalid signature',
      );
    }
  });

  it('limits the signed bytes by type, unknown fields included', async () => {
    const withPadding = (data: MessageData, padding: number) =>
      signMessage(data, (m) => {
        // Field 99, length-delimited: skipped by the decoder but hashed and signed like the rest.
        const unknown = Buffer.concat([Buffer.from([0x9a, 0x06]), varint(padding), Buffer.alloc(padding)]);
        m.dataBytes = Buffer.concat([MessageData.encode(data).finish(), unknown]);
        m.hash = messageHash(m.dataBytes);
        m.signature = signEd25519(SEED, m.hash);
      });
    const remove = makeData({
      type: MessageType.CAST_REMOVE,
      castRemoveBody: { targetHash: new Uint8Array(20) },
    });
    assertValid(await validate(withPadding(remove, 1900)));
    assertProblem(
      await validate(withPadding(remove, 2100)),
      'bad_request.validation_failure',
      'dataBytes > 2048 bytes',
    );
    assertValid(await validate(withPadding(cast(), 16_000)));
    assertProblem(
      await validate(withPadding(cast(), 16_400)),
      'bad_request.validation_failure',
      'dataBytes > 16384 bytes',
    );
    const compact = makeData({
      type: MessageType.LINK_COMPACT_STATE,
      linkCompactStateBody: { type: 'follow', targetFids: [] },
    });
    assertValid(await validate(withPadding(compact, 65_000)));
    assertProblem(
      await validate(withPadding(compact, 65_600)),
      'bad_request.validation_failure',
      'dataBytes > 65536 bytes',
    );
  });

  it('checks the data before the hash and the signature, as the reference does', async () => {
    const message = signMessage(cast(), (m) => {
      m.hash = new Uint8Array(20);
    });
    const wrongNetwork = testContext({ network: FarcasterNetwork.TESTNET });
    assertProblem(
      await validate(message, wrongNetwork),
      'bad_request.validation_failure',
      incorrectNetwork(1, 2),
    );
  });

  it('never throws: an unexpected failure becomes an unknown error', async () => {
    const throwing = testContext({
      verifier: {
        verify() {
          throw new Error('boom');
        },
      },
    });
    assertProblem(
      await validate(signMessage(cast()), throwing),
      'unknown',
      'message validation failed: boom',
    );
  });
});
