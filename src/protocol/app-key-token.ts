import { ed25519PublicKeyFromSeed, signEd25519, verifyEd25519, type Ed25519Verifier } from './ed25519.js';
import { bytesToHex, toBytes, type Hex } from './hex.js';

/**
 * App-key bearer tokens of the social API (spec §5.1, social-api.md §2): three unpadded base64url
 * segments `header.payload.signature`, header `{fid, type: "app_key", key}`, payload `{exp}`, and an
 * Ed25519 signature by `key` over the ASCII text `header.payload`. Whether `key` is an active signer of
 * `fid` is for the caller to check.
 */

export const APP_KEY_TOKEN_TYPE = 'app_key';
/** The reference client signs tokens for 300 s; allow longer-lived ones, up to an hour, by default. */
export const DEFAULT_MAX_TOKEN_LIFETIME_SECONDS = 3600;
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;
/** Far above any honest token (~250 characters); bounds the work spent on garbage. */
const MAX_TOKEN_LENGTH = 4096;

export interface AppKeyTokenInput {
  fid: number;
  /** 32-byte Ed25519 private seed, as bytes or hex. */
  privateKey: Uint8Array | string;
  /** Written into the header as `0x` + lowercase hex; derived from `privateKey` when omitted. */
  publicKey?: Uint8Array | string;
  /** Expiry, UNIX seconds. */
  exp: number;
}

/** Make a token. Throws a TypeError on a malformed key (our own or a test's input, not a request's). */
export function createAppKeyToken({ fid, privateKey, publicKey, exp }: AppKeyTokenInput): string {
  const seed = toBytes(privateKey, 32);
  if (seed === undefined) throw new TypeError('the private key must be a 32-byte Ed25519 seed');
  const key = publicKey === undefined ? ed25519PublicKeyFromSeed(seed) : toBytes(publicKey, 32);
  if (key === undefined) throw new TypeError('the public key must be 32 bytes');
  const header = encodeSegment({ fid, type: APP_KEY_TOKEN_TYPE, key: bytesToHex(key) });
  const payload = encodeSegment({ exp });
  const signature = signEd25519(seed, Buffer.from(`${header}.${payload}`, 'ascii'));
  return `${header}.${payload}.${Buffer.from(signature).toString('base64url')}`;
}

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

export type AppKeyTokenFailureReason =
  /** Not three base64url segments of JSON objects, or too long. */
  | 'malformed'
  /** Header fid or key missing or invalid. */
  | 'bad_header'
  /** Header `type` is not `app_key`. */
  | 'wrong_type'
  | 'missing_exp'
  /** `exp` is present but not a non-negative integer. */
  | 'bad_payload'
  | 'expired'
  /** `exp` lies further ahead than the allowed lifetime. */
  | 'too_far_in_future'
  /** Not a 64-byte signature, or not a valid one by the header key. */
  | 'bad_signature';

export type AppKeyTokenOutcome =
  | { ok: true; fid: number; key: Hex; exp: number }
  | { ok: false; reason: AppKeyTokenFailureReason; message: string };

export interface VerifyAppKeyTokenOptions {
  /** Current time, UNIX seconds. */
  now: number;
  maxLifetimeSeconds?: number;
  clockToleranceSeconds?: number;
  /** A long-lived verifier with a KeyObject cache; a throwaway one is used when omitted. */
  verifier?: Ed25519Verifier;
}

/** Check a token's shape, lifetime and signature. Never throws, whatever the input. */
export function verifyAppKeyToken(token: unknown, options: VerifyAppKeyTokenOptions): AppKeyTokenOutcome {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return fail('malformed', 'not a token');
  const segments = token.split('.');
  const [headerText, payloadText, signatureText] = segments;
  if (
    segments.length !== 3 ||
    headerText === undefined ||
    payloadText === undefined ||
    signatureText === undefined
  ) {
    return fail('malformed', 'a token has three dot-separated segments');
  }
  const header = decodeJsonSegment(headerText);
  const payload = decodeJsonSegment(payloadText);
  const signature = decodeSegment(signatureText);
  if (header === undefined || payload === undefined || signature === undefined) {
    return fail('malformed', 'segments must be unpadded base64url, the first two JSON objects');
  }

  if (header.type !== APP_KEY_TOKEN_TYPE)
    return fail('wrong_type', `header type must be "${APP_KEY_TOKEN_TYPE}"`);
  const { fid } = header;
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid <= 0) {
    return fail('bad_header', 'header fid must be a positive integer');
  }
  const key = toBytes(typeof header.key === 'string' ? header.key : undefined, 32);
  if (key === undefined) return fail('bad_header', 'header key must be a 32-byte hex public key');

  if (!Object.hasOwn(payload, 'exp')) return fail('missing_exp', 'payload exp is required');
  const { exp } = payload;
  if (typeof exp !== 'number' || !Number.isSafeInteger(exp) || exp < 0) {
    return fail('bad_payload', 'payload exp must be an integer number of seconds');
  }
  const tolerance = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  const maxLifetime = options.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME_SECONDS;
  if (exp + tolerance <= options.now) return fail('expired', 'the token has expired');
  if (exp > options.now + maxLifetime + tolerance) {
    return fail('too_far_in_future', `the token may live at most ${maxLifetime} seconds`);
  }

  const verifier = options.verifier ?? { verify: verifyEd25519 };
  const signedText = Buffer.from(`${headerText}.${payloadText}`, 'ascii');
  if (!verifier.verify(key, signedText, signature)) {
    return fail('bad_signature', 'the signature does not verify with the header key');
  }
  return { ok: true, fid, key: bytesToHex(key), exp };
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** Strict unpadded base64url: Node's decoder silently skips invalid characters, so check first. */
function decodeSegment(segment: string): Uint8Array | undefined {
  if (segment.length === 0 || segment.length % 4 === 1 || !BASE64URL.test(segment)) return undefined;
  return new Uint8Array(Buffer.from(segment, 'base64url'));
}

function decodeJsonSegment(segment: string): Record<string, unknown> | undefined {
  const bytes = decodeSegment(segment);
  if (bytes === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function fail(reason: AppKeyTokenFailureReason, message: string): AppKeyTokenOutcome {
  return { ok: false, reason, message };
}
