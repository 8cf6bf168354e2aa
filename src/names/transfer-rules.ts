import { normalizeHex, type Hex } from '../protocol/hex.js';
import { checkFname } from '../protocol/validation/names.js';
import { NamesError } from './errors.js';
import type { Transfer } from './store.js';

/**
 * The rules of POST /transfers that need no I/O (docs/names.md "Rules"). The registry runs the ones that
 * need no stored state before it reads the chain, and {@link decide} under the write lock; each throws the
 * first failure.
 */

/** A register (`from` 0), transfer, or unregister (`to` 0) request, as the body carries it. */
export interface TransferRequest {
  name: string;
  from: number;
  to: number;
  /** The fid making the request; 0 or absent means not given, as in the reference. */
  fid?: number;
  /** Address text; checked by {@link parseOwner}. */
  owner: string;
  /** Unix seconds. */
  timestamp: number;
  /** Hex text of the owner's (or an admin's) EIP-712 signature over {name, timestamp, owner}. */
  signature: string;
}

export interface RegistryPolicy {
  /** Seconds a name must rest after any transfer before a non-admin may move it again. */
  cooldownSeconds: number;
  /** Names only admins may register. */
  reservedNames: ReadonlySet<string>;
  /** Fids whose custody key may sign any request, skipping the custody, reserved and cooldown rules. */
  adminFids: ReadonlySet<number>;
  /**
   * How far a request's timestamp may be ahead of the server's clock. Each transfer of a name must be later
   * than the last, so a holder who signs a transfer far ahead locks the name until that time.
   */
  maxTimestampAheadSeconds: number;
}

/** How far a request's timestamp may be behind the server's clock: the reference's, for lagging clients. */
export const TIMESTAMP_MAX_AGE_SECONDS = 600;

/**
 * Whose custody key must sign: an admin's (the request's `fid` is an admin fid), else the acting fid's,
 * which is `to` for a registration and `from` (the holder) otherwise. A given `fid` must be the acting
 * fid, so the receiver of a transfer cannot request it.
 */
export type Authority = { admin: boolean; fid: number };

export function authorityOf(request: TransferRequest, policy: RegistryPolicy): Authority {
  if (request.fid !== undefined && policy.adminFids.has(request.fid)) {
    return { admin: true, fid: request.fid };
  }
  const acting = request.from === 0 ? request.to : request.from;
  if (acting === 0) throw new NamesError('UNAUTHORIZED', { detail: 'no fid acts in a transfer from 0 to 0' });
  if (request.fid !== undefined && request.fid !== 0 && request.fid !== acting) {
    throw new NamesError('UNAUTHORIZED', { detail: `fid ${request.fid} may not request this transfer` });
  }
  return { admin: false, fid: acting };
}

/** The owner as lowercase hex; a malformed one can be no fid's custody address. */
export function parseOwner(owner: string): Hex {
  const parsed = normalizeHex(owner, 20);
  if (parsed === undefined || !owner.startsWith('0x')) {
    throw new NamesError('INVALID_FID_OWNER', { detail: 'owner is not an address' });
  }
  return parsed;
}

export function checkReserved(request: TransferRequest, authority: Authority, policy: RegistryPolicy): void {
  if (!authority.admin && policy.reservedNames.has(request.name)) {
    throw new NamesError('USERNAME_RESERVED');
  }
}

export function checkNameFormat(name: string): void {
  const problem = checkFname(name);
  if (problem !== undefined) throw new NamesError('INVALID_USERNAME', { detail: problem.message });
}

/** What the database says about the requested name and receiver, read under the write lock. */
export interface NameState {
  /** The name's latest transfer (by timestamp), burns included. */
  latest: Transfer | undefined;
  /** The name `to` holds now; none when `to` is 0. */
  heldByReceiver: string | undefined;
}

/** A repeat of the latest transfer is answered with it; anything else that passes is stored. */
export type Decision = { kind: 'repeat'; transfer: Transfer } | { kind: 'accept' };

/** The rules that depend on stored state: one name per fid, timestamps, holder, cooldown. */
export function decide(
  request: TransferRequest,
  owner: Hex,
  state: NameState,
  context: { authority: Authority; nowSeconds: number; policy: RegistryPolicy },
): Decision {
  const { latest, heldByReceiver } = state;
  if (heldByReceiver !== undefined) {
    // Reference step 5: the same name and owner again is idempotent, before any timestamp rule.
    if (latest !== undefined && heldByReceiver === request.name && latest.owner === owner) {
      return { kind: 'repeat', transfer: latest };
    }
    throw new NamesError('TOO_MANY_NAMES');
  }
  const { timestamp } = request;
  const { nowSeconds } = context;
  if (timestamp < nowSeconds - TIMESTAMP_MAX_AGE_SECONDS) {
    throw new NamesError('INVALID_TIMESTAMP', { detail: 'timestamp is too far behind the server time' });
  }
  if (timestamp > nowSeconds + context.policy.maxTimestampAheadSeconds) {
    throw new NamesError('INVALID_TIMESTAMP', { detail: 'timestamp is too far ahead of the server time' });
  }
  if (latest !== undefined && timestamp < latest.timestamp) {
    throw new NamesError('INVALID_TIMESTAMP', { detail: "timestamp is older than the name's last transfer" });
  }
  // Only the holder moves or burns a name.
  if (latest !== undefined && latest.to !== 0 && latest.to !== request.from) {
    throw new NamesError('USERNAME_TAKEN');
  }
  if (request.from === 0) {
    if (latest !== undefined && latest.to !== 0) throw new NamesError('USERNAME_TAKEN');
  } else if (latest === undefined || latest.to === 0) {
    // Stricter than the reference for admins: a name nobody holds can only be registered, not moved.
    throw new NamesError('USERNAME_NOT_FOUND');
  }
  const { cooldownSeconds } = context.policy;
  if (!context.authority.admin && latest !== undefined && timestamp < latest.timestamp + cooldownSeconds) {
    throw new NamesError('THROTTLED');
  }
  // Not in the reference, which accepts an equal timestamp; last, so every request the reference refuses
  // gets its code. The signature covers only {name, timestamp, owner}, so with an equal timestamp allowed
  // the latest transfer's signature could be replayed (by admins, or under a cooldown shorter than the
  // timestamp window) to move the name again. Strictly later also means nodes, which keep a name's newest
  // proof by timestamp, never see two of its transfers tie.
  if (latest !== undefined && timestamp === latest.timestamp) {
    throw new NamesError('INVALID_TIMESTAMP', {
      detail: "timestamp must be later than the name's last transfer",
    });
  }
  return { kind: 'accept' };
}
