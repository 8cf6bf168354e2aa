import { createHash } from 'node:crypto';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type CursorFailureReason =
  'empty' | 'too_long' | 'malformed' | 'tampered' | 'invalid_json' | 'other_list';

export type CursorResult = { ok: true; value: JsonValue } | { ok: false; reason: CursorFailureReason };

/** Longest token accepted; bounds the work an attacker can make us do per request. */
export const MAX_CURSOR_LENGTH = 2048;

// The tag is an integrity check, not a signature: anyone can recompute it. It catches truncation, bit
// flips and hand edits so they fail with a clear 400 instead of paging from a wrong place. A forged
// cursor still only decodes to JSON that the service validates like any other input.
const TAG_DOMAIN = 'agora/cursor/v1\0';
const TAG_BYTES = 8;
// A cursor names its list by a digest, so it stays short whatever the list's filter holds.
const LIST_DOMAIN = 'agora/cursor-list/v1\0';
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function digestOf(domain: string, data: Buffer | string): string {
  return createHash('sha256')
    .update(domain)
    .update(data)
    .digest()
    .subarray(0, TAG_BYTES)
    .toString('base64url');
}

const tagOf = (payload: Buffer) => digestOf(TAG_DOMAIN, payload);
const fingerprintOf = (list: string) => digestOf(LIST_DOMAIN, list);

function rejectNonFinite(_key: string, value: unknown): unknown {
  // JSON.stringify would silently turn these into null, so the cursor would not round-trip.
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`cursor value contains a non-finite number (${value})`);
  }
  return value;
}

/**
 * Encodes a position in the list `list` names (a service's spelling of the list and its filter) as an
 * opaque, URL-safe cursor: `<base64url(json)>.<base64url(tag)>`, the JSON being `[<list digest>, value]`.
 */
export function encodeCursor(value: JsonValue, list = ''): string {
  const payload = Buffer.from(JSON.stringify([fingerprintOf(list), value], rejectNonFinite), 'utf8');
  const token = `${payload.toString('base64url')}.${tagOf(payload)}`;
  if (token.length > MAX_CURSOR_LENGTH) {
    throw new RangeError(`cursor is ${token.length} characters, over the limit of ${MAX_CURSOR_LENGTH}`);
  }
  return token;
}

/**
 * Decodes a cursor made by `encodeCursor` for the same `list`; one made for another list (or filter) is
 * refused, so it cannot page from a wrong place. Never throws: every bad token gives a reason.
 */
export function decodeCursor(token: string, list = ''): CursorResult {
  if (typeof token !== 'string') return { ok: false, reason: 'malformed' };
  if (token === '') return { ok: false, reason: 'empty' };
  if (token.length > MAX_CURSOR_LENGTH) return { ok: false, reason: 'too_long' };
  const parts = token.split('.');
  const [encodedPayload, tag] = parts;
  if (parts.length !== 2 || encodedPayload === undefined || tag === undefined) {
    return { ok: false, reason: 'malformed' };
  }
  if (!BASE64URL.test(encodedPayload) || !BASE64URL.test(tag)) return { ok: false, reason: 'malformed' };
  const payload = Buffer.from(encodedPayload, 'base64url');
  // Node's decoder is lenient about lengths and trailing bits; only the canonical spelling is ours.
  if (payload.toString('base64url') !== encodedPayload) return { ok: false, reason: 'malformed' };
  if (tag !== tagOf(payload)) return { ok: false, reason: 'tampered' };
  let decoded: unknown;
  try {
    decoded = JSON.parse(utf8.decode(payload));
  } catch {
    return { ok: false, reason: 'invalid_json' };
  }
  if (!Array.isArray(decoded) || decoded.length !== 2 || typeof decoded[0] !== 'string') {
    return { ok: false, reason: 'malformed' };
  }
  if (decoded[0] !== fingerprintOf(list)) return { ok: false, reason: 'other_list' };
  return { ok: true, value: decoded[1] as JsonValue };
}

export type BadCursorReason = CursorFailureReason | 'wrong_shape';

/**
 * A cursor the client sent cannot be used. Carries status 400, so the HTTP layer hands it to the service's
 * renderer with kind 'bad_request'; renderers may match on the class to word the message.
 */
export class BadCursorError extends Error {
  override readonly name = 'BadCursorError';
  readonly statusCode = 400;
  readonly code = 'BAD_CURSOR';

  constructor(readonly reason: BadCursorReason) {
    super(`Invalid cursor (${reason})`);
  }
}

/**
 * Reads an optional `cursor` query parameter of the list `list` into the shape the service encoded. An
 * absent or empty parameter means the first page (undefined); anything unusable, a cursor of another list
 * included, throws `BadCursorError`.
 */
export function readCursor<T extends TSchema>(
  token: string | undefined,
  schema: T,
  list = '',
): Static<T> | undefined {
  if (token === undefined || token === '') return undefined;
  const result = decodeCursor(token, list);
  if (!result.ok) throw new BadCursorError(result.reason);
  if (!Value.Check(schema, result.value)) throw new BadCursorError('wrong_shape');
  return result.value;
}
