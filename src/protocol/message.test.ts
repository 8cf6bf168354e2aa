import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CastType,
  FarcasterNetwork,
  makeCastAdd,
  Message as CoreMessage,
  NobleEd25519Signer,
} from '@farcaster/core';
import { makeMessage } from './builder.js';
import { createEd25519Signer, createEd25519Verifier } from './ed25519.js';
import { FarcasterNetwork as Network, MessageData, MessageType } from './gen/message.js';
import { SubmitBulkMessagesRequest } from './gen/request_response.js';
import { decodeMessage, encodeMessage, messageHash, splitMessageList } from './message.js';

const seed = new Uint8Array(32).fill(1);
const castData = (text: string): MessageData =>
  MessageData.fromPartial({
    type: MessageType.CAST_ADD,
    fid: 2,
    timestamp: 100_000_000,
    network: Network.MAINNET,
    castAddBody: { text, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [], type: 0 },
  });

describe('message codec', () => {
  it('builds the same bytes and hash as @farcaster/core', async () => {
    const core = (
      await makeCastAdd(
        {
          text: 'hi ✨',
          embeds: [],
          embedsDeprecated: [],
          mentions: [],
          mentionsPositions: [],
          type: CastType.CAST,
        },
        { fid: 2, network: FarcasterNetwork.MAINNET, timestamp: 100_000_000 },
        new NobleEd25519Signer(seed),
      )
    )._unsafeUnwrap();
    const ours = makeMessage(castData('hi ✨'), createEd25519Signer(seed));
    assert.deepEqual(Buffer.from(encodeMessage(ours)), Buffer.from(CoreMessage.encode(core).finish()));
  });

  it('matches the golden CastAdd data bytes', () => {
    assert.equal(
      Buffer.from(MessageData.encode(castData('hi')).finish()).toString('hex'),
      '080110021880c2d72f20012a081200220268692a00',
    );
  });

  it('keeps dataBytes as the signed bytes and decodes data from them', () => {
    const built = makeMessage(castData('hello'), createEd25519Signer(seed));
    const received = decodeMessage(encodeMessage({ ...built, data: undefined }));
    assert.ok(received.ok);
    assert.deepEqual(Buffer.from(received.value.signedBytes), Buffer.from(built.dataBytes ?? []));
    assert.equal(received.value.data.castAddBody?.text, 'hello');
    assert.deepEqual(messageHash(received.value.signedBytes), built.hash);
  });

  it('hashes the raw field-1 bytes as received when dataBytes is absent', () => {
    const built = makeMessage(castData('raw'), createEd25519Signer(seed));
    // Append an unknown field inside MessageData: a re-encode would drop it and change the hash.
    const data = new Uint8Array([...(built.dataBytes ?? []), 0xf8, 0x01, 0x01]);
    const envelope = new Uint8Array([0x0a, data.length, ...data]);
    const received = decodeMessage(envelope);
    assert.ok(received.ok);
    assert.deepEqual(Buffer.from(received.value.signedBytes), Buffer.from(data));
  });

  it('reports garbage and missing data as typed errors', () => {
    const garbage = decodeMessage(new Uint8Array([0x0a, 0xff, 0xff]));
    assert.equal(garbage.ok ? '' : garbage.error.errCode, 'bad_request.parse_failure');
    const empty = decodeMessage(new Uint8Array());
    assert.equal(empty.ok ? '' : empty.error.message, 'message data is missing');
  });
});

describe('splitMessageList', () => {
  const errCodeOf = (result: ReturnType<typeof splitMessageList>) =>
    result.ok ? 'ok' : result.error.errCode;

  it("splits a list into each message's own bytes", () => {
    const signer = createEd25519Signer(seed);
    const messages = ['one', 'two'].map((text) => makeMessage(castData(text), signer));
    const list = SubmitBulkMessagesRequest.encode({ messages }).finish();
    const split = splitMessageList(list, 2);
    assert.ok(split.ok);
    assert.deepEqual(
      split.value.map((bytes) => {
        const received = decodeMessage(bytes);
        return received.ok ? received.value.data.castAddBody?.text : received.error.message;
      }),
      ['one', 'two'],
    );
  });

  it('refuses a list longer than its cap at the first entry past it, reading no further', () => {
    // Three entries, then a fourth that would not parse: a cap of two is reached first.
    const list = new Uint8Array([0x0a, 0x00, 0x0a, 0x00, 0x0a, 0x00, 0x0a, 0xff, 0xff]);
    assert.equal(errCodeOf(splitMessageList(list, 2)), 'bad_request.validation_failure');
    assert.equal(errCodeOf(splitMessageList(list, 4)), 'bad_request.parse_failure');
    // Entries of other fields count too: skipping them costs as much.
    const unknown = new Uint8Array([0x10, 0x01, 0x10, 0x01, 0x10, 0x01]);
    assert.equal(errCodeOf(splitMessageList(unknown, 2)), 'bad_request.validation_failure');
    assert.equal(errCodeOf(splitMessageList(unknown, 3)), 'ok');
  });

  it('refuses groups, whose fields would be skipped as one entry', () => {
    const group = new Uint8Array([0x13, 0x10, 0x01, 0x10, 0x01, 0x14]);
    assert.equal(errCodeOf(splitMessageList(group, 256)), 'bad_request.parse_failure');
  });
});

describe('Ed25519', () => {
  it('signs and verifies, and rejects wrong or malformed input without throwing', () => {
    const signer = createEd25519Signer(seed);
    const verifier = createEd25519Verifier({ cacheSize: 2 });
    const message = messageHash(new Uint8Array([1, 2, 3]));
    const signature = signer.sign(message);
    assert.equal(verifier.verify(signer.publicKey, message, signature), true);
    assert.equal(verifier.verify(signer.publicKey, message.with(0, message[0]! ^ 1), signature), false);
    assert.equal(verifier.verify(signer.publicKey.subarray(1), message, signature), false);
    assert.equal(verifier.verify(new Uint8Array(32), message, signature), false);
    for (let i = 0; i < 5; i++) {
      const other = createEd25519Signer(new Uint8Array(32).fill(i + 2));
      assert.equal(verifier.verify(other.publicKey, message, other.sign(message)), true);
    }
  });
});
