import { verifyAppKeyToken } from '../protocol/app-key-token.js';
import { createEd25519Verifier } from '../protocol/ed25519.js';
import type { Hex } from '../protocol/hex.js';
import { unixSeconds, type Clock } from '../shared/clock.js';
import { SocialError } from './errors.js';
import type { ActiveSigner } from './node-client.js';

/** Who made an authenticated request. */
export interface Caller {
  fid: number;
  /** The app key that signed the token, 0x + lowercase hex. */
  key: Hex;
}

export interface SignerCheck {
  isActiveSigner(fid: number, key: Hex): Promise<ActiveSigner | undefined>;
}

/**
 * The scope a gasless key needs for its tokens to be taken: a key that may post as the user may act as
 * the user's client. On-chain keys are scope-free, as they are for the node (snapchain-messages.md §2.6).
 */
export const CLIENT_SCOPE = 'MESSAGE_TYPE_CAST_ADD';

export interface AuthenticatorOptions {
  signers: SignerCheck;
  clock: Clock;
  /** Longest token lifetime accepted (spec §8 leaves it open; `--token-max-lifetime`). */
  maxLifetimeSeconds: number;
  /**
   * How long a key found active, with its scopes, is trusted without asking the node again. A key removed
   * (on chain or by a KEY_REMOVE) stops working within this time after the node merges the removal, an
   * expired gasless key within this time after it expires, a key re-added with other scopes within this
   * time after the node merges it.
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

/**
 * App-key bearer tokens (spec §5.1): a valid signature, a live `exp`, and a key active for the fid: on
 * chain, or gasless with the CLIENT_SCOPE.
 */
export function createAuthenticator(options: AuthenticatorOptions): Authenticator {
  const verifier = createEd25519Verifier();
  const cacheMs = options.signerCacheMs ?? DEFAULT_SIGNER_CACHE_MS;
  const cached = new Map<string, { signer: ActiveSigner; until: number }>();

  const activeSigner = async (fid: number, key: Hex): Promise<ActiveSigner | undefined> => {
    const cacheKey = `${fid}:${key}`;
    const now = options.clock.now();
    const entry = cached.get(cacheKey);
    if (entry !== undefined && entry.until > now) return entry.signer;
    cached.delete(cacheKey);
    let signer: ActiveSigner | undefined;
    try {
      signer = await options.signers.isActiveSigner(fid, key);
    } catch (error) {
      throw new SocialError('NODE_UNAVAILABLE', { cause: error });
    }
    if (signer !== undefined) {
      if (cached.size >= MAX_CACHED_SIGNERS) cached.clear();
      cached.set(cacheKey, { signer, until: now + cacheMs });
    }
    return signer;
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
      const signer = await activeSigner(outcome.fid, outcome.key);
      if (signer === undefined) {
        throw new SocialError('INVALID_TOKEN', {
          message: `Invalid auth token: the key is not an active signer of fid ${outcome.fid}`,
        });
      }
      if (signer.source === 'gasless' && !signer.scopes.includes(CLIENT_SCOPE)) {
        throw new SocialError('INVALID_TOKEN', {
          message: `Invalid auth token: the key is a gasless signer of fid ${outcome.fid} without the ${CLIENT_SCOPE} scope, which a client's key needs`,
        });
      }
      return { fid: outcome.fid, key: outcome.key };
    },
  };
}
