import { verifyAppKeyToken } from '../protocol/app-key-token.js';
import { createEd25519Verifier } from '../protocol/ed25519.js';
import type { Hex } from '../protocol/hex.js';
import { unixSeconds, type Clock } from '../shared/clock.js';
import { SocialError } from './errors.js';

/** Who made an authenticated request. */
export interface Caller {
  fid: number;
  /** The app key that signed the token, 0x + lowercase hex. */
  key: Hex;
}

export interface SignerCheck {
  isActiveSigner(fid: number, key: Hex): Promise<boolean>;
}

export interface AuthenticatorOptions {
  signers: SignerCheck;
  clock: Clock;
  /** Longest token lifetime accepted (spec §8 leaves it open; `--token-max-lifetime`). */
  maxLifetimeSeconds: number;
  /**
   * How long a key found active is trusted without asking the node again. A key removed (on chain or by a
   * KEY_REMOVE) stops working within this time after the node merges the removal, an expired gasless key
   * within this time after it expires.
   */
  signerCacheMs?: number;
}

export interface Authenticator {
  /** The caller behind an `Authorization` header value; throws a 401 SocialError otherwise. */
  authenticate(authorization: string | undefined): Promise<Caller>;
}

const DEFAULT_SIGNER_CACHE_MS = 2000;
/** Bounds the cache under a flood of distinct valid tokens; entries are cheap to refetch. */
const MAX_CACHED_SIGNERS = 10_000;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer <token>` header value; undefined for any other value. */
export function bearerToken(authorization: string | undefined): string | undefined {
  return BEARER.exec(authorization ?? '')?.[1];
}

/** App-key bearer tokens (spec §5.1): a valid signature, a live `exp`, and a key active for the fid. */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const verifier = createEd25519Verifier();
  const cacheMs = options.signerCacheMs ?? DEFAULT_SIGNER_CACHE_MS;
  const activeUntil = new Map<string, number>();

  const isActive = async (fid: number, key: Hex): Promise<boolean> => {
    const cacheKey = `${fid}:${key}`;
    const now = options.clock.now();
    if ((activeUntil.get(cacheKey) ?? 0) > now) return true;
    activeUntil.delete(cacheKey);
    let active: boolean;
    try {
      active = await options.signers.isActiveSigner(fid, key);
    } catch (error) {
      throw new SocialError('NODE_UNAVAILABLE', { cause: error });
    }
    if (active) {
      if (activeUntil.size >= MAX_CACHED_SIGNERS) activeUntil.clear();
      activeUntil.set(cacheKey, now + cacheMs);
    }
    return active;
  };

  return {
    async authenticate(authorization) {
      if (authorization === undefined || authorization.trim() === '')
        throw new SocialError('UNAUTHENTICATED');
      const token = bearerToken(authorization);
      if (token === undefined) {
        throw new SocialError('UNAUTHENTICATED', {
          message: 'Authorization header must be "Bearer <token>"',
        });
      }
      const outcome = verifyAppKeyToken(token, {
        now: unixSeconds(options.clock),
        maxLifetimeSeconds: options.maxLifetimeSeconds,
        verifier,
      });
      if (!outcome.ok)
        throw new SocialError('INVALID_TOKEN', { message: `Invalid auth token: ${outcome.message}` });
      if (!(await isActive(outcome.fid, outcome.key))) {
        throw new SocialError('INVALID_TOKEN', {
          message: `Invalid auth token: the key is not an active signer of fid ${outcome.fid}`,
        });
      }
      return { fid: outcome.fid, key: outcome.key };
    },
  };
}
