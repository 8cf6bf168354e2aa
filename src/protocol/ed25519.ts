import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** Ed25519 through node:crypto (about 10x faster than pure JS); raw keys are wrapped in fixed DER headers. */

export const ED25519_KEY_LENGTH = 32;
export const ED25519_SIGNATURE_LENGTH = 64;

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A KeyObject for a raw 32-byte public key, or `undefined` when node:crypto refuses it. */
export function ed25519PublicKeyObject(publicKey: Uint8Array): KeyObject | undefined {
  if (publicKey.length !== ED25519_KEY_LENGTH) return undefined;
  try {
    return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
  } catch {
    return undefined;
  }
}

function privateKeyObject(seed: Uint8Array): KeyObject {
  if (seed.length !== ED25519_KEY_LENGTH) throw new TypeError('an Ed25519 private key is a 32-byte seed');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
}

/** The raw 32-byte public key of a 32-byte private seed. Throws on a seed of the wrong length. */
export function ed25519PublicKeyFromSeed(seed: Uint8Array): Uint8Array {
  return createEd25519Signer(seed).publicKey;
}

/** Sign `message` (raw bytes, no prehash) with a 32-byte private seed. Throws on a seed of the wrong length. */
export function signEd25519(seed: Uint8Array, message: Uint8Array): Uint8Array {
  return createEd25519Signer(seed).sign(message);
}

export interface Ed25519Signer {
  readonly publicKey: Uint8Array;
  sign(message: Uint8Array): Uint8Array;
}

/** A signer that parses its private key once, for builders and clients that sign many messages. */
export function createEd25519Signer(seed: Uint8Array): Ed25519Signer {
  const key = privateKeyObject(seed);
  const der = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return {
    publicKey: new Uint8Array(der.subarray(SPKI_PREFIX.length)),
    sign: (message) => new Uint8Array(sign(null, message, key)),
  };
}

function verifyWith(key: KeyObject, message: Uint8Array, signature: Uint8Array): boolean {
  if (signature.length !== ED25519_SIGNATURE_LENGTH) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
}

/** One-off verification; never throws. Hot paths should use {@link createEd25519Verifier}. */
export function verifyEd25519(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const key = ed25519PublicKeyObject(publicKey);
  return key !== undefined && verifyWith(key, message, signature);
}

export interface Ed25519Verifier {
  /** True when `signature` is a valid Ed25519 signature of `message` by `publicKey`; never throws. */
  verify(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean;
}

export const DEFAULT_ED25519_CACHE_SIZE = 1024;

/**
 * A verifier that keeps the most recently used public KeyObjects (parsing DER costs about as much as a
 * verification). The cache is bounded and belongs to the returned instance.
 */
export function createEd25519Verifier(options: { cacheSize?: number } = {}): Ed25519Verifier {
  const capacity = Math.max(0, Math.floor(options.cacheSize ?? DEFAULT_ED25519_CACHE_SIZE));
  const cache = new Map<string, KeyObject>();

  const keyObject = (publicKey: Uint8Array): KeyObject | undefined => {
    const id = Buffer.from(publicKey).toString('hex');
    const hit = cache.get(id);
    if (hit !== undefined) {
      // Re-insert so Map iteration order doubles as recency order.
      cache.delete(id);
      cache.set(id, hit);
      return hit;
    }
    const created = ed25519PublicKeyObject(publicKey);
    if (created === undefined || capacity === 0) return created;
    if (cache.size >= capacity) {
      const oldest = cache.keys().next();
      if (oldest.done !== true) cache.delete(oldest.value);
    }
    cache.set(id, created);
    return created;
  };

  return {
    verify(publicKey, message, signature) {
      if (publicKey.length !== ED25519_KEY_LENGTH || signature.length !== ED25519_SIGNATURE_LENGTH)
        return false;
      const key = keyObject(publicKey);
      return key !== undefined && verifyWith(key, message, signature);
    },
  };
}
