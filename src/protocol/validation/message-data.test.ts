import { describe, it } from 'node:test';
import { FarcasterNetwork, MessageType, type MessageData } from '../gen/message.js';
import { incorrectNetwork } from '../networks.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, NOW, testContext } from './testing.js';

const castAddBody = {
  text: 'hi',
  embeds: [],
  embedsDeprecated: [],
  mentions: [],
  mentionsPositions: [],
  type: 0,
};
const cast = (fields: Partial<MessageData> = {}) =>
  makeData({ type: MessageType.CAST_ADD, castAddBody, ...fields });
const check = (data: MessageData) => validateMessageData(data, testContext());

describe('MessageData', () => {
  it('needs the node network', () => {
    assertProblem(
      check(cast({ network: FarcasterNetwork.TESTNET })),
      'bad_request.validation_failure',
      incorrectNetwork(2, 1),
    );
    assertProblem(
      check(cast({ network: FarcasterNetwork.NONE })),
      'bad_request.validation_failure',
      incorrectNetwork(0, 1),
    );
    assertProblem(
      check(cast({ network: 9 as FarcasterNetwork })),
      'bad_request.validation_failure',
      incorrectNetwork(9 as FarcasterNetwork, 1),
    );
    assertValid(
      validateMessageData(
        cast({ network: FarcasterNetwork.DEVNET }),
        testContext({ network: FarcasterNetwork.DEVNET }),
      ),
    );
  });

  it('needs a positive integer fid', () => {
    assertProblem(check(cast({ fid: 0 })), 'bad_request.validation_failure', 'fid is missing');
    assertProblem(check(cast({ fid: -3 })), 'bad_request.validation_failure', 'fid must be positive');
    assertProblem(check(cast({ fid: 2.5 })), 'bad_request.validation_failure', 'fid must be an integer');
  });

  it('allows timestamps up to 10 minutes ahead and any age', () => {
    assertValid(check(cast({ timestamp: NOW + 600 })));
    assertValid(check(cast({ timestamp: 0 })));
    assertProblem(
      check(cast({ timestamp: NOW + 601 })),
      'bad_request.validation_failure',
      'timestamp more than 10 mins in the future',
    );
  });

  it('refuses types this node does not accept; the Snapchain-era ones want their own body', () => {
    for (const type of [MessageType.NONE, 9, 10, 18, 99]) {
      assertProblem(check(cast({ type })), 'bad_request.validation_failure', 'invalid message type');
    }
    for (const type of [MessageType.LEND_STORAGE, MessageType.KEY_ADD, MessageType.KEY_REMOVE]) {
      assertProblem(check(cast({ type })), 'bad_request.invalid_param', 'bodyType is invalid');
    }
  });

  it('needs exactly one body, the one the type calls for', () => {
    assertProblem(
      check(makeData({ type: MessageType.CAST_ADD })),
      'bad_request.validation_failure',
      'only one body can be set',
    );
    assertProblem(
      check(cast({ castRemoveBody: { targetHash: new Uint8Array(20) } })),
      'bad_request.validation_failure',
      'only one body can be set',
    );
    assertProblem(
      check(makeData({ type: MessageType.CAST_REMOVE, castAddBody })),
      'bad_request.invalid_param',
      'bodyType is invalid',
    );
    assertProblem(
      check(
        makeData({ type: MessageType.LINK_ADD, linkCompactStateBody: { type: 'follow', targetFids: [] } }),
      ),
      'bad_request.invalid_param',
      'bodyType is invalid',
    );
  });
});
