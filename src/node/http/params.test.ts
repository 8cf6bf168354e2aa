import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ReactionType,
  reactionTypeFromJSON,
  UserDataType,
  userDataTypeFromJSON,
} from '../../protocol/gen/message.js';
import { HubFailure } from '../failure.js';
import * as p from './params.js';

/** The details of the 400 a parser throws. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof HubFailure);
    assert.equal(error.statusCode, 400);
    assert.equal(error.hubError.errCode, 'bad_request.validation_failure');
    return error.hubError.message;
  }
  assert.fail('expected a refusal');
}

describe('node query parameters', () => {
  it('reads required and optional values, treating empty as absent', () => {
    assert.equal(p.required({ fid: '7' }, 'fid', p.fid), 7);
    assert.equal(p.optional({ fid: '' }, 'fid', p.fid), undefined);
    assert.equal(p.optional({}, 'fid', p.fid), undefined);
    assert.equal(
      refusal(() => p.required({ fid: '' }, 'fid', p.fid)),
      'fid is required',
    );
    assert.equal(
      refusal(() => p.required({}, ['event_id', 'id'], p.uint)),
      'event_id or id is required',
    );
    assert.equal(p.required({ id: '5' }, ['event_id', 'id'], p.uint), 5);
    assert.equal(
      refusal(() => p.required({ fid: ['1', '2'] }, 'fid', p.fid)),
      'fid must be given once',
    );
  });

  it('accepts only plain decimal integers for fids and ids', () => {
    for (const bad of ['abc', '1.5', '-1', '0', '+1', ' 1', '1e3', '0x10', '99999999999999999']) {
      assert.equal(
        refusal(() => p.fid(bad, 'fid')),
        'fid must be a positive integer',
        bad,
      );
    }
    assert.equal(p.fid('9007199254740991', 'fid'), Number.MAX_SAFE_INTEGER);
    assert.equal(p.uint('0', 'from_event_id'), 0);
    assert.equal(
      refusal(() => p.uint('-3', 'from_event_id')),
      'from_event_id must be a non-negative integer',
    );
  });

  it('parses hex of an exact length, 0x optional', () => {
    const hash = '0x' + 'ab'.repeat(20);
    assert.deepEqual(p.messageHash(hash, 'hash'), new Uint8Array(20).fill(0xab));
    assert.deepEqual(p.messageHash(hash.slice(2).toUpperCase(), 'hash'), new Uint8Array(20).fill(0xab));
    for (const bad of ['0xzz', '0x' + 'ab'.repeat(19), hash + 'a', '']) {
      assert.equal(
        refusal(() => p.messageHash(bad, 'hash')),
        'hash must be 20 bytes of hex (0x + 40 digits)',
      );
    }
  });

  it('takes Ethereum addresses in hex and Solana addresses in base58', () => {
    assert.equal(p.verifiedAddress('0x' + '11'.repeat(20), 'address').length, 20);
    assert.equal(p.verifiedAddress('11111111111111111111111111111111', 'address').length, 32);
    assert.match(
      refusal(() => p.verifiedAddress('0x1234', 'address')),
      /Ethereum address/,
    );
    assert.match(
      refusal(() => p.verifiedAddress('not-base58!', 'address')),
      /Solana address/,
    );
  });

  it('reads enums by number, full name or short name, and refuses unknown ones', () => {
    const reaction = p.enumOf(reactionTypeFromJSON, 'REACTION_TYPE_');
    assert.equal(reaction('1', 'reaction_type'), ReactionType.LIKE);
    assert.equal(reaction('REACTION_TYPE_RECAST', 'reaction_type'), ReactionType.RECAST);
    assert.equal(reaction('Like', 'reaction_type'), ReactionType.LIKE);
    assert.equal(reaction('0', 'reaction_type'), ReactionType.NONE);
    assert.match(
      refusal(() => reaction('7', 'reaction_type')),
      /^reaction_type "7" is not a known value/,
    );
    assert.match(
      refusal(() => reaction('LOVE', 'reaction_type')),
      /^reaction_type "LOVE" is not a known value/,
    );
    const userData = p.enumOf(userDataTypeFromJSON, 'USER_DATA_TYPE_');
    assert.equal(userData('pfp', 'user_data_type'), UserDataType.PFP);
    assert.equal(userData('USER_DATA_PRIMARY_ADDRESS_SOLANA', 'user_data_type'), 12);
  });

  it('turns a flag on for anything but 0 and false', () => {
    for (const on of ['1', 'true', 'TRUE', 'yes']) assert.equal(p.flag(on, 'reverse'), true);
    for (const off of ['0', 'false', 'False']) assert.equal(p.flag(off, 'reverse'), false);
  });

  it('bounds urls, link types and names', () => {
    assert.equal(p.url('https://example.com', 'url'), 'https://example.com');
    assert.equal(
      refusal(() => p.url('x'.repeat(257), 'url')),
      'url must be at most 256 bytes',
    );
    assert.equal(
      refusal(() => p.linkType('ninebytes', 'link_type')),
      'link_type must be at most 8 bytes',
    );
    assert.equal(p.username('alice', 'name'), 'alice');
    assert.equal(p.username('alice.eth', 'name'), 'alice.eth');
    assert.match(
      refusal(() => p.username('Not A Name', 'name')),
      /^name: fname "Not A Name" doesn't match/,
    );
  });
});
