import { createHash } from 'node:crypto';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type CursorFailureReason = 'empty' | 'too_long' | 'malformed' | 'tampered' | 'invalid_json';

export type CursorResult = { ok: true; value: JsonValue } | { ok: false; reason: CursorFailureReason };

/** Longest token accepted; bounds the work an attacker can make us do per request. */
export const MAX_CURSOR_LENGTH = 2048;

// The tag is an integrity check, not a signature: anyone can recompute it. It catches truncation, bit
// flips and hand edits so they fail with a clear 400 instead of paging from a wrong place. A forged
// cursor still only decodes to JSON that the service validates like any other input.
const TAG_DOMAIN = 'agora/cursor/v1\0';
const TAG_BYTES = 8;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function tagOf(payload: Buffer): string {
  return createHash('sha256')
    .update(TAG_DOMAIN)
    .update(payload)
    .digest()
    .subarray(0, TAG_BYTES)
    .toString('base64url');
}

function rejectNonFinite(_key: string, value: unknown): unknown {
  // JSON.stringify would silently turn these into null, so the cursor would not round-trip.
  if (typeof value === 'number' && !Number.isFinite(value)) {
    throw new RangeError(`cursor value contains a non-finite number (${value})`);
  }
  return value;
}

/** Encodes a JSON value as an opaque, URL-safe cursor: `<base64url(json)>.<base64url(tag)>`. */
export function encodeCursor(value: JsonValue): string {
  const payload = Buffer.from(JSON.stringify(value, rejectNonFinite), 'utf8');
  const token = `${payload.toString('base64url')}.${tagOf(payload)}`;
  if (token.length > MAX_CURSOR_LENGTH) {
    throw new RangeError(`cursor is ${token.length} characters, over the limit of ${MAX_CURSOR_LENGTH}`);
  }
  return token;
}

/** Decodes a cursor made by `encodeCursor`. Never throws: every bad token gives a reason. */
export function decodeCursor(token: string): CursorResult {
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
  try {
    return { ok: true, value: JSON.parse(utf8.decode(payload)) as JsonValue };
  } catch {
    return { ok: false, reason: 'invalid_json' };
  }
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
 * Reads an optional `cursor` query parameter into the shape the service encoded. An absent or empty
 * parameter means the first page (undefined); anything unusable throws `BadCursorError`.
 */
export function readCursor<T extends TSchema>(token: string | undefined, schema: T): Static<T> | undefined {
  if (token === undefined || token === '') return undefined;
  const result = decodeCursor(token);
  if (!result.ok) throw new BadCursorError(result.reason);
  if (!Value.Check(schema, result.value)) throw new BadCursorError('wrong_shape');
  return result.value;
}
