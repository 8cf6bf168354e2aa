import { verifyUserNameProofClaim } from '../../protocol/eip712/index.js';
import type { SignatureOutcome } from '../../protocol/eip712/index.js';
import { UserNameProof, UserNameType } from '../../protocol/gen/username_proof.js';
import { hexToBytes, normalizeHex } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';

/** What the node needs of a name registry transfer (name-registry.md §1, §6). */
export interface NameTransfer {
  id: number;
  /** Unix seconds, as signed. */
  timestamp: number;
  username: string;
  owner: Hex;
  /** The fid the name moves to; 0 unregisters it. */
  to: number;
  serverSignature: Hex;
}

/** A transfer of a page, or why it is unusable; either way its id moves the cursor past it. */
export type TransferEntry = { id: number; transfer: NameTransfer } | { id: number; problem: string };

/**
 * Reads a `GET /transfers` body. A body that is not a page of transfers with ids ascending after `afterId`
 * throws: the cursor cannot move past it, so it is retried. A transfer with a usable id but other fields
 * wrong is returned as a problem, so one bad record cannot stall the sync.
 */
export function parseTransfersPage(body: unknown, afterId: number): TransferEntry[] {
  const transfers = isRecord(body) ? body.transfers : undefined;
  if (!Array.isArray(transfers)) throw new Error('the registry answered without a transfers array');
  let previous = afterId;
  return transfers.map((raw: unknown): TransferEntry => {
    const id = isRecord(raw) ? raw.id : undefined;
    if (!isUint(id) || id <= previous) {
      throw new Error(`transfer ids must increase from ${previous}, got ${JSON.stringify(id)}`);
    }
    previous = id;
    const fields = raw as Record<string, unknown>;
    const owner = normalizeHex(fields.owner, 20);
    const serverSignature = normalizeHex(fields.server_signature);
    const { timestamp, username, to } = fields;
    if (!isUint(timestamp)) return { id, problem: 'timestamp is not a non-negative integer' };
    if (typeof username !== 'string' || username === '') return { id, problem: 'username is missing' };
    if (owner === undefined) return { id, problem: 'owner is not a 20-byte hex address' };
    if (!isUint(to)) return { id, problem: 'to is not a non-negative integer' };
    if (serverSignature === undefined) return { id, problem: 'server_signature is not hex' };
    return { id, transfer: { id, timestamp, username, owner, to, serverSignature } };
  });
}

/** The keys whose signatures a registry's transfers may carry, as `GET /signer` announces them. */
export interface RegistryKeys {
  /** The key signing new transfers. */
  signer: Hex;
  /** During a rotation, the key that signed the transfers before it (Agora's `previousSigner`). */
  previousSigner: Hex | undefined;
}

/**
 * Reads a `GET /signer` body: `{signer: "0x..."}` (checksummed), plus `previousSigner` when the registry
 * announces a rotation (absent or null otherwise); returns lowercase addresses.
 */
export function parseSigner(body: unknown): RegistryKeys {
  const fields = isRecord(body) ? body : {};
  const signer = normalizeHex(fields.signer, 20);
  if (signer === undefined) throw new Error('the registry answered /signer without an address');
  const previous = fields.previousSigner ?? undefined;
  const previousSigner = previous === undefined ? undefined : normalizeHex(previous, 20);
  if (previous !== undefined && previousSigner === undefined) {
    throw new Error('the registry answered /signer with a previousSigner that is not an address');
  }
  return { signer, previousSigner };
}

/** The proof a hub builds from a transfer (node-api.md §7.3): the registry's signature, fid = `to`. */
export function transferProof(transfer: NameTransfer): UserNameProof {
  return UserNameProof.fromPartial({
    timestamp: transfer.timestamp,
    name: new TextEncoder().encode(transfer.username),
    owner: hexToBytes(transfer.owner),
    signature: hexToBytes(transfer.serverSignature),
    fid: transfer.to,
    type: UserNameType.USERNAME_TYPE_FNAME,
  });
}

/** Checks the registry's EIP-712 signature of `{name, timestamp, owner}` (hub name-proof domain). */
export function verifyTransfer(transfer: NameTransfer, registrySigner: Hex): Promise<SignatureOutcome> {
  return verifyUserNameProofClaim(
    { name: transfer.username, timestamp: transfer.timestamp, owner: transfer.owner },
    transfer.serverSignature,
    { expectedSigner: registrySigner },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUint(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
