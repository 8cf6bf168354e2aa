import { describe, it } from 'node:test';
import { MessageType } from '../gen/message.js';
import { UserNameProof, UserNameType } from '../gen/username_proof.js';
import { FARCASTER_EPOCH_MS } from '../time.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, NOW, testContext } from './testing.js';

const unixSeconds = (farcasterTime: number) => farcasterTime + FARCASTER_EPOCH_MS / 1000;
const check = (proof: Partial<UserNameProof>, fid = 1, timestamp = NOW - 60) =>
  validateMessageData(
    makeData({
      type: MessageType.USERNAME_PROOF,
      fid,
      timestamp,
      usernameProofBody: UserNameProof.fromPartial({
        timestamp: unixSeconds(timestamp),
        name: new TextEncoder().encode('alice.eth'),
        owner: new Uint8Array(20).fill(1),
        signature: new Uint8Array(65).fill(2),
        fid,
        type: UserNameType.USERNAME_TYPE_ENS_L1,
        ...proof,
      }),
    }),
    testContext(),
  );
const name = (text: string) => new TextEncoder().encode(text);

describe('UsernameProof message', () => {
  it('accepts an ENS or Basename proof for the signing fid, dated like the message', () => {
    assertValid(check({}));
    assertValid(check({ type: UserNameType.USERNAME_TYPE_BASENAME, name: name('alice.base.eth') }));
  });

  it('refuses fname proofs and unknown types', () => {
    assertProblem(
      check({ type: UserNameType.USERNAME_TYPE_FNAME, name: name('alice') }),
      'bad_request.validation_failure',
      'invalid username type: 1',
    );
    assertProblem(
      check({ type: UserNameType.USERNAME_TYPE_NONE }),
      'bad_request.validation_failure',
      'invalid username type: 0',
    );
  });

  it('refuses names that are not a supported ENS name', () => {
    const cases: [string, string][] = [
      ['', 'ensName is missing'],
      ['alice', 'ensName "alice" doesn\'t end with .eth'],
      ['a.b.eth', 'ensName "a.b.eth" unsupported subdomain'],
      ['a.b.c.eth', 'ensName "a.b.c.eth" unsupported subdomain'],
      ['abcdefghijklmnopq.base.eth', 'ensName "abcdefghijklmnopq.base.eth" > 25 characters'],
      ['al_ce.eth', 'ensName "al_ce.eth" is not a valid ENS name'],
      ['Alice.eth', 'ensName "Alice.eth" doesn\'t match /^[a-z0-9][a-z0-9-]{0,15}$/'],
      ['-alice.eth', 'ensName "-alice.eth" doesn\'t match /^[a-z0-9][a-z0-9-]{0,15}$/'],
    ];
    for (const [text, message] of cases) {
      assertProblem(check({ name: name(text) }), 'bad_request.validation_failure', message);
    }
    assertProblem(
      check({ name: new Uint8Array([0xff, 0x2e]) }),
      'bad_request.invalid_param',
      'name must be encodable as utf8',
    );
  });

  it('ties the proof to the message fid and timestamp', () => {
    assertProblem(
      check({ fid: 2 }),
      'bad_request.validation_failure',
      'fid in username proof does not match fid in message data',
    );
    assertProblem(
      check({ timestamp: unixSeconds(NOW - 61) }),
      'bad_request.validation_failure',
      'timestamp in username proof does not match timestamp in message data',
    );
    assertProblem(
      check({ timestamp: 1_000 }),
      'bad_request.invalid_param',
      'time must be after Farcaster epoch (01/01/2021)',
    );
    assertProblem(check({ timestamp: 2 ** 40 }), 'bad_request.invalid_param', 'time too far in future');
  });
});
