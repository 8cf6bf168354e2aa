import { hubError, type HubError } from '../errors.js';
import type { CastId } from '../gen/message.js';
import { MAX_URL_BYTES, MESSAGE_HASH_BYTES } from './limits.js';

/**
 * Field checks shared by several message types. A check returns the first problem it finds, or
 * `undefined` when the field is fine, so rules chain with `??` in the order the reference runs them.
 */
export type Problem = HubError | undefined;

export const invalid = (message: string): HubError => hubError('bad_request.validation_failure', message);
export const invalidParam = (message: string): HubError => hubError('bad_request.invalid_param', message);

// In a `u` regex a surrogate pair is one code point, so this matches only unpaired (unencodable) halves.
const LONE_SURROGATE = /\p{Cs}/u;

/** UTF-8 byte length of `value`, or an `invalid_param` problem when it holds an unpaired surrogate. */
export function utf8Length(value: string, field: string): number | HubError {
  if (LONE_SURROGATE.test(value)) return invalidParam(`${field} must be encodable as utf8`);
  return Buffer.byteLength(value, 'utf8');
}

export function checkFid(fid: unknown): Problem {
  if (typeof fid !== 'number' || fid === 0) return invalid('fid is missing');
  if (fid < 0) return invalid('fid must be positive');
  if (!Number.isInteger(fid)) return invalid('fid must be an integer');
  return undefined;
}

export function checkMessageHash(hash: Uint8Array | undefined): Problem {
  return checkByteLength(hash, MESSAGE_HASH_BYTES, 'hash');
}

/** A CastId needs a valid fid and a 20-byte hash; both problems are reported together, as core does. */
export function checkCastId(castId: CastId | undefined): Problem {
  if (castId === undefined) return invalid('castId is missing');
  const problems = [checkFid(castId.fid), checkMessageHash(castId.hash)].filter((p) => p !== undefined);
  return problems.length === 0 ? undefined : invalid(problems.map((p) => p.message).join(', '));
}

/** URLs (embeds, parents, reaction targets) are 1..256 UTF-8 bytes; their content is not checked. */
export function checkUrl(url: string): Problem {
  const length = utf8Length(url, 'url');
  if (typeof length !== 'number') return length;
  if (length < 1) return invalidParam('url < 1 byte');
  if (length > MAX_URL_BYTES) return invalidParam(`url > ${MAX_URL_BYTES} bytes`);
  return undefined;
}

/** Fixed-size byte fields (addresses, block hashes, keys): `<label> is missing` / `must be N bytes`. */
export function checkByteLength(bytes: Uint8Array | undefined, length: number, label: string): Problem {
  if (bytes === undefined || bytes.length === 0) return invalid(`${label} is missing`);
  if (bytes.length !== length) return invalid(`${label} must be ${length} bytes`);
  return undefined;
}

/** Decode bytes that must hold UTF-8 text, or `undefined` when they do not. */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
