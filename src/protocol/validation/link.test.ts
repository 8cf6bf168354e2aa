import { describe, it } from 'node:test';
import { LinkBody, LinkCompactStateBody, MessageType } from '../gen/message.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, testContext } from './testing.js';

const link = (body: Partial<LinkBody>, type = MessageType.LINK_ADD) =>
  validateMessageData(makeData({ type, linkBody: LinkBody.fromPartial(body) }), testContext());
const compact = (type: string, targetFids: number[]) =>
  validateMessageData(
    makeData({
      type: MessageType.LINK_COMPACT_STATE,
      linkCompactStateBody: LinkCompactStateBody.fromPartial({ type, targetFids }),
    }),
    testContext(),
  );

describe('LinkAdd and LinkRemove', () => {
  it('accept a 1..8 byte type and a target fid; displayTimestamp is free', () => {
    assertValid(link({ type: 'follow', targetFid: 9, displayTimestamp: 0 }));
    assertValid(link({ type: '12345678', targetFid: 9 }, MessageType.LINK_REMOVE));
  });

  it('refuse a bad type or target', () => {
    assertProblem(
      link({ type: '', targetFid: 9 }),
      'bad_request.validation_failure',
      'type must be between 1-8 bytes',
    );
    assertProblem(
      link({ type: 'followé1', targetFid: 9 }),
      'bad_request.validation_failure',
      'type must be between 1-8 bytes',
    );
    assertProblem(link({ type: 'follow' }), 'bad_request.validation_failure', 'target is missing');
    assertProblem(link({ type: 'follow', targetFid: 0 }), 'bad_request.validation_failure', 'fid is missing');
  });
});

describe('LinkCompactState', () => {
  it('accepts any number of valid fids, including none', () => {
    assertValid(compact('follow', []));
    assertValid(compact('follow', [1, 2, 3]));
  });

  it('refuses a bad type, a bad fid or more than 100 storage units of links', () => {
    assertProblem(
      compact('following', [1]),
      'bad_request.validation_failure',
      'type must be between 1-8 bytes',
    );
    assertProblem(compact('follow', [1, 0]), 'bad_request.validation_failure', 'fid is missing');
    assertProblem(
      compact(
        'follow',
        Array.from({ length: 250_001 }, (_, i) => i + 1),
      ),
      'bad_request.validation_failure',
      'LinkCompactStateMessage is too big. Limit = 100 storage units',
    );
  });
});
