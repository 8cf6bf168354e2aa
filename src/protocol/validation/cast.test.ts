import { describe, it } from 'node:test';
import type { HubErrorCode } from '../errors.js';
import { CastAddBody, CastType, MessageType } from '../gen/message.js';
import { validateMessageData } from './message-data.js';
import { assertProblem, assertValid, makeData, NOW, testContext } from './testing.js';

const hash = new Uint8Array(20).fill(3);
const castId = { fid: 2, hash };
const url = (bytes: number) => 'https://e.co/'.padEnd(bytes, 'x');

type CastInput = Partial<CastAddBody>;
const check = (body: CastInput, timestamp = NOW - 60) =>
  validateMessageData(
    makeData({ type: MessageType.CAST_ADD, timestamp, castAddBody: CastAddBody.fromPartial(body) }),
    testContext(),
  );

describe('CastAdd', () => {
  it('accepts text at the byte limits of each accepted cast type', () => {
    assertValid(check({ text: 'é'.repeat(160) }));
    assertValid(check({ text: '字'.repeat(107) + 'x'.repeat(3), type: CastType.LONG_CAST }));
    assertValid(check({ text: 'x'.repeat(1024), type: CastType.LONG_CAST }));
    assertValid(check({ text: '😀'.repeat(2500), type: CastType.TEN_K_CAST }));
  });

  const failures: [string, CastInput, HubErrorCode, string][] = [
    [
      'text over 320 bytes',
      { text: '😀'.repeat(80) + 'x' },
      'bad_request.validation_failure',
      'text > 320 bytes',
    ],
    [
      'a long cast over 1024 bytes',
      { text: 'x'.repeat(1025), type: CastType.LONG_CAST },
      'bad_request.validation_failure',
      'text > 1024 bytes for long cast',
    ],
    [
      'a long cast of 320 bytes',
      { text: 'x'.repeat(320), type: CastType.LONG_CAST },
      'bad_request.validation_failure',
      'text too short for long cast',
    ],
    [
      'a 10k cast over 10 000 bytes',
      { text: 'x'.repeat(10_001), type: CastType.TEN_K_CAST },
      'bad_request.validation_failure',
      'text > 10,000 bytes for 10k cast',
    ],
    [
      'a 10k cast of 1024 bytes',
      { text: 'x'.repeat(1024), type: CastType.TEN_K_CAST },
      'bad_request.validation_failure',
      'text too short for 10k cast',
    ],
    [
      'an unknown cast type',
      { text: 'hi', type: 7 as CastType },
      'bad_request.validation_failure',
      'invalid cast type',
    ],
    ['unencodable text', { text: 'a\uD800b' }, 'bad_request.invalid_param', 'text must be encodable as utf8'],
    [
      'five embeds',
      { text: 'hi', embeds: Array.from({ length: 5 }, () => ({ url: 'https://a.b' })) },
      'bad_request.validation_failure',
      'embeds > 4',
    ],
    [
      'string embeds after the cutoff',
      { text: 'hi', embedsDeprecated: ['https://a.b'] },
      'bad_request.validation_failure',
      'string embeds have been deprecated',
    ],
    [
      'eleven mentions',
      { text: 'hi', mentions: Array(11).fill(5), mentionsPositions: Array(11).fill(0) },
      'bad_request.validation_failure',
      'mentions > 10',
    ],
    [
      'mentions without positions',
      { text: 'hi', mentions: [5], mentionsPositions: [] },
      'bad_request.validation_failure',
      'mentions and mentionsPositions must match',
    ],
    [
      'both parents',
      { text: 'hi', parentUrl: 'https://a.b', parentCastId: castId },
      'bad_request.validation_failure',
      'cannot use both parentUrl and parentCastId',
    ],
    [
      'an empty cast',
      { text: '', parentUrl: 'https://a.b' },
      'bad_request.validation_failure',
      'cast is empty',
    ],
    [
      'an embed with url and castId',
      { text: 'hi', embeds: [{ url: 'https://a.b', castId }] },
      'bad_request.validation_failure',
      'cannot use both url and castId',
    ],
    [
      'an embed with neither',
      { text: 'hi', embeds: [{}] },
      'bad_request.validation_failure',
      'embed must have either url or castId',
    ],
    [
      'an empty embed url',
      { text: 'hi', embeds: [{ url: '' }] },
      'bad_request.invalid_param',
      'url < 1 byte',
    ],
    [
      'a 257-byte embed url',
      { text: 'hi', embeds: [{ url: url(257) }] },
      'bad_request.invalid_param',
      'url > 256 bytes',
    ],
    [
      'an embedded cast with a short hash and no fid',
      { text: 'hi', embeds: [{ castId: { fid: 0, hash: hash.subarray(1) } }] },
      'bad_request.validation_failure',
      'fid is missing, hash must be 20 bytes',
    ],
    [
      'a mention of fid 0',
      { text: 'hi', mentions: [0], mentionsPositions: [0] },
      'bad_request.validation_failure',
      'fid is missing',
    ],
    [
      'a mention past the last byte',
      { text: 'hé', mentions: [5], mentionsPositions: [4] },
      'bad_request.validation_failure',
      'mentionsPositions must be a position in text',
    ],
    [
      'a non-integer position',
      { text: 'hi', mentions: [5], mentionsPositions: [0.5] },
      'bad_request.validation_failure',
      'mentionsPositions must be integers',
    ],
    [
      'decreasing positions',
      { text: 'hello', mentions: [5, 6], mentionsPositions: [3, 2] },
      'bad_request.validation_failure',
      'mentionsPositions must be sorted in ascending order',
    ],
    [
      'a 257-byte parent url',
      { text: 'hi', parentUrl: url(257) },
      'bad_request.invalid_param',
      'url > 256 bytes',
    ],
    [
      'a parent cast with a missing hash',
      { text: 'hi', parentCastId: { fid: 3, hash: new Uint8Array() } },
      'bad_request.validation_failure',
      'hash is missing',
    ],
  ];
  for (const [name, body, errCode, message] of failures) {
    it(`refuses ${name}`, () => assertProblem(check(body), errCode, message));
  }

  it('accepts byte-offset mentions at the start, the end and repeated, with embeds and a parent', () => {
    assertValid(
      check({
        text: '😀 hi 字',
        mentions: [5, 6, 7],
        mentionsPositions: [0, 4, 11],
        embeds: [{ url: url(256) }, { castId }, { url: 'x' }, { castId }],
        parentCastId: castId,
      }),
    );
    assertValid(check({ text: '', mentions: [5, 6], mentionsPositions: [0, 0] }));
    assertValid(check({ text: '', embeds: [{ castId }] }));
  });

  it('allows at most two string embeds before the v1 cutoff, never mixed with embeds', () => {
    const early = 73_612_799;
    assertValid(check({ text: 'hi', embedsDeprecated: ['https://a.b', 'x'] }, early));
    assertProblem(
      check({ text: 'hi', embedsDeprecated: ['a', 'b', 'c'] }, early),
      'bad_request.validation_failure',
      'string embeds > 2',
    );
    assertProblem(
      check({ text: 'hi', embedsDeprecated: ['a'], embeds: [{ url: 'b' }] }, early),
      'bad_request.validation_failure',
      'cannot use both embeds and string embeds',
    );
    assertProblem(
      check({ text: 'hi', embedsDeprecated: [''] }, early),
      'bad_request.invalid_param',
      'url < 1 byte',
    );
  });
});

describe('CastRemove', () => {
  const remove = (targetHash: Uint8Array) =>
    validateMessageData(
      makeData({ type: MessageType.CAST_REMOVE, castRemoveBody: { targetHash } }),
      testContext(),
    );

  it('needs a 20-byte target hash', () => {
    assertValid(remove(hash));
    assertProblem(remove(new Uint8Array()), 'bad_request.validation_failure', 'hash is missing');
    assertProblem(remove(new Uint8Array(32)), 'bad_request.validation_failure', 'hash must be 20 bytes');
  });
});
