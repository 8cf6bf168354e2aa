import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { BadCursorError, decodeCursor, encodeCursor, MAX_CURSOR_LENGTH, readCursor } from './cursor.js';
import type { JsonValue } from './cursor.js';

/** The documented digest of a list's name, computed independently of the module. */
function listDigest(list: string): string {
  return createHash('sha256')
    .update('agora/cursor-list/v1\0')
    .update(list)
    .digest()
    .subarray(0, 8)
    .toString('base64url');
}

/** Builds a token by the documented format, independently of the module, to pin that format. */
function handMade(payload: Buffer): string {
  const tag = createHash('sha256').update('agora/cursor/v1\0').update(payload).digest().subarray(0, 8);
  return `${payload.toString('base64url')}.${tag.toString('base64url')}`;
}

function flipChar(token: string, index: number): string {
  const replacement = token[index] === 'A' ? 'B' : 'A';
  return token.slice(0, index) + replacement + token.slice(index + 1);
}

describe('encodeCursor / decodeCursor', () => {
  const values: JsonValue[] = [
    { fid: 42, ts: 1700000000, hash: '0xabc' },
    'plain string',
    0,
    -1.5,
    true,
    false,
    null,
    [],
    [1, 'two', { three: [3] }],
    { unicode: 'héllo ✓ 🚀', empty: '' },
  ];

  for (const value of values) {
    it(`round-trips ${JSON.stringify(value)}`, () => {
      const token = encodeCursor(value);
      assert.match(token, /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      assert.deepEqual(decodeCursor(token), { ok: true, value });
    });
  }

  it('matches the documented format', () => {
    const json = (list: string) => `["${listDigest(list)}",{"page":1}]`;
    assert.equal(encodeCursor({ page: 1 }), handMade(Buffer.from(json(''))));
    assert.equal(
      encodeCursor({ page: 1 }, 'followers of cats'),
      handMade(Buffer.from(json('followers of cats'))),
    );
  });

  it('decodes a cursor only for the list it was made for', () => {
    const token = encodeCursor([1704067200, 32], 'followers of cats');
    assert.deepEqual(decodeCursor(token, 'followers of cats'), { ok: true, value: [1704067200, 32] });
    for (const list of ['followers of dogs', 'members of cats', '']) {
      assert.deepEqual(decodeCursor(token, list), { ok: false, reason: 'other_list' }, list);
    }
    assert.deepEqual(decodeCursor(encodeCursor(1)), { ok: true, value: 1 });
  });

  it('reports a correctly tagged payload that names no list', () => {
    for (const json of ['{"page":1}', '[1,2]', '["a"]', `["${listDigest('')}",1,2]`]) {
      assert.deepEqual(decodeCursor(handMade(Buffer.from(json))), { ok: false, reason: 'malformed' }, json);
    }
  });

  it('detects a changed character anywhere in the token', () => {
    const token = encodeCursor({ fid: 42, ts: 1700000000 });
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const result = decodeCursor(flipChar(token, index));
      assert.equal(result.ok, false, `change at ${index} went unnoticed`);
    }
  });

  it('detects a hand-edited payload', () => {
    const token = encodeCursor({ fid: 42 });
    const tag = token.split('.')[1];
    const edited = `${Buffer.from('{"fid":43}').toString('base64url')}.${tag}`;
    assert.deepEqual(decodeCursor(edited), { ok: false, reason: 'tampered' });
  });

  it('detects truncation', () => {
    const token = encodeCursor({ fid: 42, ts: 1700000000 });
    for (let length = 1; length < token.length; length += 1) {
      assert.equal(decodeCursor(token.slice(0, length)).ok, false, `truncated to ${length} went unnoticed`);
    }
  });

  it('rejects empty, garbage and oversized tokens with a reason', () => {
    assert.deepEqual(decodeCursor(''), { ok: false, reason: 'empty' });
    assert.deepEqual(decodeCursor('not a cursor'), { ok: false, reason: 'malformed' });
    assert.deepEqual(decodeCursor('eyJwYWdlIjoxLCJsaW1pdCI6MTAwfQ'), { ok: false, reason: 'malformed' });
    assert.deepEqual(decodeCursor('a.b.c'), { ok: false, reason: 'malformed' });
    assert.deepEqual(decodeCursor('.'), { ok: false, reason: 'malformed' });
    assert.deepEqual(decodeCursor('e30=.AAAAAAAAAAA'), { ok: false, reason: 'malformed' });
    assert.deepEqual(decodeCursor('x'.repeat(MAX_CURSOR_LENGTH + 1)), { ok: false, reason: 'too_long' });
    assert.deepEqual(decodeCursor(42 as unknown as string), { ok: false, reason: 'malformed' });
  });

  it('rejects non-canonical base64url spellings', () => {
    // The payload `"ab"` is 4 bytes, so the last of its 6 characters carries 4 unused low bits.
    const [payload, tag] = encodeCursor('ab').split('.') as [string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(payload.at(-1) as string) ^ 1] as string;
    assert.deepEqual(
      Buffer.from(payload.slice(0, -1) + sibling, 'base64url'),
      Buffer.from(payload, 'base64url'),
    );
    assert.deepEqual(decodeCursor(`${payload.slice(0, -1)}${sibling}.${tag}`), {
      ok: false,
      reason: 'malformed',
    });
  });

  it('reports a correctly tagged payload that is not JSON', () => {
    assert.deepEqual(decodeCursor(handMade(Buffer.from('{nope'))), { ok: false, reason: 'invalid_json' });
    assert.deepEqual(decodeCursor(handMade(Buffer.from([0xff, 0xfe]))), {
      ok: false,
      reason: 'invalid_json',
    });
  });

  it('refuses to encode values that would not round-trip or decode', () => {
    assert.throws(() => encodeCursor({ n: Number.NaN }), RangeError);
    assert.throws(() => encodeCursor([Number.POSITIVE_INFINITY]), RangeError);
    assert.throws(() => encodeCursor('x'.repeat(MAX_CURSOR_LENGTH)), RangeError);
  });
});

describe('readCursor', () => {
  const Shape = Type.Object({ fid: Type.Integer() });

  it('treats an absent or empty parameter as the first page', () => {
    assert.equal(readCursor(undefined, Shape), undefined);
    assert.equal(readCursor('', Shape), undefined);
  });

  it('returns the value when it has the expected shape', () => {
    assert.deepEqual(readCursor(encodeCursor({ fid: 3 }), Shape), { fid: 3 });
    assert.deepEqual(readCursor(encodeCursor({ fid: 3 }, 'blocks'), Shape, 'blocks'), { fid: 3 });
  });

  it('throws a 400 BadCursorError otherwise', () => {
    const cases: [string, string][] = [
      ['garbage', 'malformed'],
      [encodeCursor({ fid: 'three' }), 'wrong_shape'],
      [encodeCursor(null), 'wrong_shape'],
      [encodeCursor({ fid: 3 }, 'another list'), 'other_list'],
    ];
    for (const [token, reason] of cases) {
      assert.throws(
        () => readCursor(token, Shape),
        (error: unknown) =>
          error instanceof BadCursorError &&
          error.reason === reason &&
          error.statusCode === 400 &&
          error.code === 'BAD_CURSOR',
      );
    }
  });
});
