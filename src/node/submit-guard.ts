import { createHash, timingSafeEqual } from 'node:crypto';
import { DEFAULT_CLIENT_ADDRESSES, type ClientAddresses } from '../shared/client-address.js';
import { hubError } from '../protocol/errors.js';
import type { HubError } from '../protocol/errors.js';

/** Checks an `Authorization` header; undefined when it lets the caller in. */
export type Authenticate = (header: string | undefined) => HubError | undefined;

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * HTTP Basic auth for submitMessage (`--rpc-auth user:pass[,user:pass...]`; a user may have several
 * passwords), with the reference's errCode. Unlike the reference (node-api.md §3.4), which answers
 * "Invalid username" or "Invalid password for user", one text covers both, and the password is hashed
 * and compared either way, so neither the reply nor its timing tells a guesser which users exist.
 */
export function basicAuth(credentials: readonly string[]): Authenticate {
  const passwords = new Map<string, Buffer[]>();
  for (const entry of credentials) {
    const colon = entry.indexOf(':');
    const user = entry.slice(0, colon);
    passwords.set(user, [...(passwords.get(user) ?? []), digest(entry.slice(colon + 1))]);
  }
  const unknownUser = [digest('')];
  const reasonToRefuse = (header: string | undefined): string | undefined => {
    if (header === undefined || header.trim() === '') return 'Authorization header is empty';
    const encoded = header.replace(/^basic\s+/i, '');
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const user = colon < 0 ? decoded : decoded.slice(0, colon);
    const known = passwords.get(user);
    // Equal-length digests, compared in constant time, so the reply time says nothing about the password.
    const given = digest(colon < 0 ? '' : decoded.slice(colon + 1));
    const matches = (known ?? unknownUser).some((password) => timingSafeEqual(password, given));
    return known !== undefined && matches ? undefined : `Invalid username or password for user: ${user}`;
  };
  return (header) => {
    const reason = reasonToRefuse(header);
    return reason === undefined
      ? undefined
      : hubError('unauthenticated', `gRPC authentication failed: ${reason}`);
  };
}

const WINDOW_MS = 60_000;

/**
 * Per-IP submit limit: at most `perMinute` messages per client in each clock minute (a bulk call counts
 * each of its messages), a client being an address or an IPv6 network (`clients.limitKey`); the operator's
 * loopback is exempt while no proxy is trusted, as in the reference. Counts of past minutes are dropped, so
 * memory stays bounded by the clients seen in one minute. Returns whether the call may proceed; a refused
 * call still counts, so a client that keeps trying stays refused for the minute.
 */
export function ipRateLimiter(
  perMinute: number,
  now: () => number,
  clients: Pick<ClientAddresses, 'limitKey' | 'isOperator'> = DEFAULT_CLIENT_ADDRESSES,
): (ip: string, messages?: number) => boolean {
  let window = -1;
  let counts = new Map<string, number>();
  return (ip, messages = 1) => {
    if (clients.isOperator(ip)) return true;
    const current = Math.floor(now() / WINDOW_MS);
    if (current !== window) {
      window = current;
      counts = new Map();
    }
    const key = clients.limitKey(ip);
    const count = (counts.get(key) ?? 0) + messages;
    counts.set(key, count);
    return count <= perMinute;
  };
}

export interface SubmitGuardOptions {
  /** `user:password` pairs required to submit; none means no auth. */
  rpcAuth?: readonly string[] | undefined;
  /** Submits per client IP per minute; 0 turns the limit off. */
  perMinute: number;
  /** Clock of the rate-limit windows (ms). */
  now?: () => number;
  /** Who a client is (the connection options); their defaults when absent. */
  clients?: Pick<ClientAddresses, 'limitKey' | 'isOperator'> | undefined;
}

/** Who may submit, one instance for both transports so the per-IP limit counts HTTP and gRPC calls together. */
export interface SubmitGuard {
  /**
   * The refusal for a submit of `messages` (default 1) from `ip` with this `Authorization` value, or
   * undefined to let it in.
   */
  check(ip: string, authorization: string | undefined, messages?: number): HubError | undefined;
  /**
   * The per-IP limit alone, for validateMessage: it verifies signatures as a submit does, so it costs as much
   * and counts the same, but needs no credentials (as in the reference). Also counts a bulk call's messages
   * past the first, once they are known.
   */
  limit(ip: string, messages?: number): HubError | undefined;
  /** Whether these credentials are valid (false when auth is off): they lift the per-IP stream limit. */
  authenticated(authorization: string | undefined): boolean;
  /**
   * The credentials check alone, for operator-only calls (StopSync, ForceSync); undefined when auth is
   * off, which such calls must tell from valid credentials.
   */
  readonly authenticate: Authenticate | undefined;
}

/** The reference's order: the per-IP limit first, then the credentials. */
export function createSubmitGuard(options: SubmitGuardOptions): SubmitGuard {
  const credentials = options.rpcAuth ?? [];
  const authenticate = credentials.length === 0 ? undefined : basicAuth(credentials);
  const allow =
    options.perMinute === 0
      ? () => true
      : ipRateLimiter(options.perMinute, options.now ?? Date.now, options.clients);
  const limit = (ip: string, messages = 1) =>
    allow(ip, messages) ? undefined : hubError('unavailable', 'API rate limit exceeded');
  return {
    check: (ip, authorization, messages = 1) => limit(ip, messages) ?? authenticate?.(authorization),
    limit,
    authenticated: (authorization) => authenticate !== undefined && authenticate(authorization) === undefined,
    authenticate,
  };
}
