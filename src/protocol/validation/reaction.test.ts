import { describe, it } from 'node:test';
import { MessageType, ReactionBody, ReactionType } from '../gen/message.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, testContext } from './testing.js';

const castId = { fid: 2, hash: new Uint8Array(20).fill(1) };
const check = (body: Partial<ReactionBody>, type = MessageType.REACTION_ADD) =>
  validateMessageData(makeData({ type, reactionBody: ReactionBody.fromPartial(body) }), testContext());

describe('ReactionAdd and ReactionRemove', () => {
  it('accept a like or recast of one cast or URL', () => {
    assertValid(check({ type: ReactionType.LIKE, targetCastId: castId }));
    assertValid(check({ type: ReactionType.RECAST, targetUrl: 'chain://eip155:1/erc721:0xa/1' }));
    assertValid(check({ type: ReactionType.LIKE, targetCastId: castId }, MessageType.REACTION_REMOVE));
  });

  it('refuse NONE and unknown reaction types', () => {
    assertProblem(
      check({ type: ReactionType.NONE, targetCastId: castId }),
      'bad_request.validation_failure',
      'invalid reaction type',
    );
    assertProblem(
      check({ type: 3 as ReactionType, targetCastId: castId }),
      'bad_request.validation_failure',
      'invalid reaction type',
    );
  });

  it('need exactly one valid target', () => {
    assertProblem(
      check({ type: ReactionType.LIKE, targetCastId: castId, targetUrl: 'https://a.b' }),
      'bad_request.validation_failure',
      'cannot use both targetUrl and targetCastId',
    );
    assertProblem(check({ type: ReactionType.LIKE }), 'bad_request.validation_failure', 'target is missing');
    assertProblem(
      check({ type: ReactionType.LIKE, targetUrl: '' }),
      'bad_request.invalid_param',
      'url < 1 byte',
    );
    assertProblem(
      check({ type: ReactionType.LIKE, targetCastId: { fid: -1, hash: castId.hash } }),
      'bad_request.validation_failure',
      'fid must be positive',
    );
    assertProblem(
      check({ type: ReactionType.LIKE, targetCastId: { fid: 1.5, hash: castId.hash } }),
      'bad_request.validation_failure',
      'fid must be an integer',
    );
  });
});
