import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  HashScheme,
  Message,
  MessageData,
  MessageType,
  SignatureScheme,
} from '../../protocol/gen/message.js';
import { messageHash } from '../../protocol/message.js';
import { forEachDialect } from '../../storage/testing.js';
import { decodeStored, encodedMessage } from './message-rows.js';
import { readCall, spansFids } from './reads.js';
import type { MessagePage, MessageReads } from './reads.js';
import { castAdd, castIdOf, engineFixture, NETWORK, NOW, receive } from './testing.js';
import type { TestAccount } from './testing.js';

/** A CastAdd whose signed data bytes end with a field no decoder knows (31, a varint): valid, and signed. */
function castWithUnknownField(account: TestAccount, text: string) {
  const data = MessageData.fromPartial({
    type: MessageType.CAST_ADD,
    fid: account.fid,
    timestamp: NOW - 10,
    network: NETWORK,
    castAddBody: { text },
  });
  const dataBytes = new Uint8Array([...MessageData.encode(data).finish(), 0xf8, 0x01, 0x01]);
  const hash = messageHash(dataBytes);
  return receive({
    data,
    hash,
    hashScheme: HashScheme.BLAKE3,
    signature: account.signer.sign(hash),
    signatureScheme: SignatureScheme.ED25519,
    signer: account.signer.publicKey,
    dataBytes,
  });
}

/** The bytes of field 1 (`data`) in a message's wire bytes, which open with it. */
function dataField(wire: Uint8Array): Uint8Array {
  assert.equal(wire[0], 0x0a, 'the wire bytes open with data');
  let length = 0;
  let at = 1;
  for (let shift = 0; ; shift += 7) {
    const byte = wire[at++] as number;
    length |= (byte & 0x7f) << shift;
    if (byte < 0x80) break;
  }
  return wire.subarray(at, at + length);
}

forEachDialect('message reads', (dialect) => {
  const fixture = engineFixture(dialect);

  it("sends a message's data as the very bytes signed, which no decoded copy of it keeps", async () => {
    const alice = await fixture.account(1);
    const cast = castWithUnknownField(alice, 'unknown field inside');
    await fixture.mergeAll([cast]);
    const stored = await fixture.engine.castById(castIdOf(cast));
    assert.ok(stored !== undefined);
    const wire = encodedMessage(stored);
    assert.deepEqual(Buffer.from(dataField(wire)), Buffer.from(cast.signedBytes));
    assert.deepEqual(Buffer.from(messageHash(dataField(wire))), Buffer.from(cast.message.hash));
    assert.equal(Message.decode(wire).data?.castAddBody?.text, 'unknown field inside');
    // A decoded message, copied as code copies objects and encoded again, signs nothing.
    const copy = { ...decodeStored(stored) };
    const reencoded = dataField(Message.encode(copy).finish());
    assert.notDeepEqual(Buffer.from(messageHash(reencoded)), Buffer.from(cast.message.hash));
  });

  it('pages a read as the stored bytes of each message', async () => {
    const bob = await fixture.account(2);
    const casts = ['one', 'two'].map((text, i) => castAdd(bob, text, 50 - i));
    await fixture.mergeAll(casts);
    const page: MessagePage = await fixture.engine.castsByFid(2, { limit: 10 });
    assert.deepEqual(
      page.items.map((stored) => decodeStored(stored).data?.castAddBody?.text),
      ['one', 'two'],
    );
    assert.deepEqual(
      page.items.map((stored) => Buffer.from(encodedMessage(stored))),
      casts.map(({ message }) => Buffer.from(Message.encode(message).finish())),
      'a message sent canonically goes out as it came in',
    );
  });
});

it("scopes a read as it is declared: one fid's, or by default every fid's", () => {
  const page = { limit: 10 };
  const reads = { castsByFid: async () => ({ items: [] }), castsByParent: async () => ({ items: [] }) };
  const engine = reads as unknown as MessageReads;
  assert.equal(readCall(engine, 'castsByFid', 7, page).scope, 7);
  assert.equal(readCall(engine, 'castById', { fid: 3, hash: new Uint8Array(20) }).scope, 3);
  assert.equal(readCall(engine, 'linkById', 4, 'follow', 9).scope, 4, 'the fid that links, not its target');
  assert.equal(readCall(engine, 'castsByParent', { url: 'https://example.com' }, page).scope, 'all');
  assert.equal(
    readCall(engine, 'castsByMention', 7, page).scope,
    'all',
    "the mentions of 7 are others' casts",
  );
  assert.equal(readCall(engine, 'linksByTargetFid', 7, page).scope, 'all');
  assert.equal(readCall(engine, 'messageByHash', new Uint8Array(20)).scope, 'all', 'undeclared: every fid');
  assert.deepEqual(
    ['castsByFid', 'castsByParent', 'reactionsByTarget', 'usernameProofByName'].map((name) =>
      spansFids(name as 'castsByFid'),
    ),
    [false, true, true, true],
  );
});

it('keeps the scope of a read replaced by name, as a spy or a failing test read replaces it', async () => {
  let called = 0;
  const spied = {
    castsByFid: async () => {
      called += 1;
      return { items: [] };
    },
  } as unknown as MessageReads;
  const call = readCall(spied, 'castsByFid', 5, { limit: 1 });
  assert.equal(call.scope, 5);
  assert.equal(called, 0, 'nothing runs until asked');
  await call.run();
  assert.equal(called, 1);
});
