import type { CastId } from '../../protocol/gen/message.js';
import { MESSAGE_HASH_BYTES } from '../../protocol/validation/index.js';
import type { Target, TimestampBounds } from '../engine/index.js';
import { badParam, hubFailure } from '../failure.js';
import { checkLinkType, checkUrl, checkUsername } from '../value-checks.js';

/**
 * Checks of decoded request fields, the gRPC side of what the HTTP API's query parsers (http/params.ts)
 * check in text: the same fault is the same `bad_request.validation_failure`, named by its proto field.
 */

export function fidOf(value: number, name = 'fid'): number {
  if (value < 1) throw badParam(`${name} must be a positive integer`);
  return value;
}

function bytesOf(value: Uint8Array, lengths: readonly number[], name: string): Uint8Array {
  if (!lengths.includes(value.length)) throw badParam(`${name} must be ${lengths.join(' or ')} bytes`);
  return value;
}

export const hashOf = (value: Uint8Array, name = 'hash') => bytesOf(value, [MESSAGE_HASH_BYTES], name);
export const ethAddressOf = (value: Uint8Array, name = 'address') => bytesOf(value, [20], name);
export const signerKeyOf = (value: Uint8Array, name = 'signer') => bytesOf(value, [32], name);
/** An Ethereum or a Solana address, as verifications hold them. */
export const verifiedAddressOf = (value: Uint8Array, name = 'address') => bytesOf(value, [20, 32], name);

/** A CastId, the request itself or its field `name`. */
export function castIdOf({ fid, hash }: CastId, name?: string): CastId {
  const field = (part: string) => (name === undefined ? part : `${name}.${part}`);
  return { fid: fidOf(fid, field('fid')), hash: hashOf(hash, field('hash')) };
}

/** A value of a generated enum; the decoder keeps numbers the enum does not know. */
export function knownEnum<E extends number>(value: E, fromJson: (value: unknown) => E, name: string): E {
  try {
    return fromJson(value);
  } catch {
    throw badParam(`${name} ${value} is not a known value`);
  }
}

/** A link type filter: empty is none, as an empty HTTP parameter is. */
export function linkTypeOf(type: string | undefined, name = 'link_type'): string | undefined {
  return type === undefined || type === '' ? undefined : checkLinkType(type, name);
}

export function required<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw badParam(`${name} is required`);
  return value;
}

/** A cast (which wins, as over HTTP) or a URL; `names` are the request's two oneof fields. */
export function targetOf(
  castId: CastId | undefined,
  url: string | undefined,
  names: readonly [cast: string, url: string],
): Target {
  if (castId !== undefined) return { castId: castIdOf(castId, names[0]) };
  if (url !== undefined && url !== '') return { url: checkUrl(url, names[1]) };
  throw badParam(`${names[0]} or ${names[1]} is required`);
}

/** An fname, or an ENS name ending in `.eth`, sent as UTF-8. */
export function usernameOf(bytes: Uint8Array, name = 'name'): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badParam(`${name} must be UTF-8`);
  }
  return checkUsername(text, name);
}

const MAX_TIMESTAMP = 0xffff_ffff;

/**
 * start_timestamp and stop_timestamp: message timestamps are uint32 Farcaster seconds, and a bound past
 * that is refused as Hubble refuses one that is no Farcaster time (`bad_request.invalid_param`).
 */
export function timestampBoundsOf(request: {
  startTimestamp?: number | undefined;
  stopTimestamp?: number | undefined;
}): TimestampBounds {
  const check = (value: number | undefined, name: string) => {
    if (value !== undefined && value > MAX_TIMESTAMP) {
      throw hubFailure('bad_request.invalid_param', `${name} must be at most ${MAX_TIMESTAMP}`);
    }
    return value;
  };
  return {
    start: check(request.startTimestamp, 'start_timestamp'),
    stop: check(request.stopTimestamp, 'stop_timestamp'),
  };
}
