import { describe, it } from 'node:test';
import { FrameActionBody, MessageType } from '../gen/message.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, testContext } from './testing.js';

const bytes = (length: number) => new Uint8Array(length).fill(0x61);
const check = (body: Partial<FrameActionBody>) =>
  validateMessageData(
    makeData({
      type: MessageType.FRAME_ACTION,
      frameActionBody: FrameActionBody.fromPartial({ url: bytes(10), ...body }),
    }),
    testContext(),
  );

describe('FrameAction', () => {
  it('accepts fields at their limits, with or without a cast', () => {
    assertValid(
      check({
        url: bytes(1024),
        buttonIndex: 5,
        inputText: bytes(256),
        state: bytes(4096),
        transactionId: bytes(256),
        address: bytes(64),
        castId: { fid: 1, hash: bytes(20) },
      }),
    );
    assertValid(check({ buttonIndex: 0 }));
  });

  const failures: [string, Partial<FrameActionBody>, string][] = [
    ['button 6', { buttonIndex: 6 }, 'invalid button index'],
    ['no url', { url: new Uint8Array() }, 'invalid url'],
    ['a 1025-byte url', { url: bytes(1025) }, 'invalid url'],
    ['long input text', { inputText: bytes(257) }, 'invalid input text'],
    ['long state', { state: bytes(4097) }, 'invalid state'],
    ['a long transaction id', { transactionId: bytes(257) }, 'invalid transaction ID'],
    ['a long address', { address: bytes(65) }, 'invalid address'],
    ['an invalid cast id', { castId: { fid: 1, hash: bytes(19) } }, 'hash must be 20 bytes'],
  ];
  for (const [name, body, message] of failures) {
    it(`refuses ${name}`, () => assertProblem(check(body), 'bad_request.validation_failure', message));
  }
});
