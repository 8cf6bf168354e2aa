import { hashTypedData, recoverAddress, type Address } from 'viem';
import { signTypedData } from 'viem/accounts';
import { bytesToHex, normalizeHex, toBytes, type Hex } from '../hex.js';
import type { PrimaryType, TypedData } from './typed-data.js';

/**
 * Checks an ERC-1271 (smart-wallet) signature on a chain: `isValidSignature(hash, signature)` at `address`.
 * Implemented outside the protocol layer (it needs an RPC client) and injected.
 */
export type ContractSignatureChecker = (
  address: Address,
  hash: Hex,
  signature: Hex,
  chainId: number,
) => Promise<boolean>;

export type SignatureFailureReason =
  /** A field could not be encoded (bad address, uint out of range, non-hex bytes, ...). */
  | 'malformed_message'
  /** Not a recoverable 65-byte ECDSA signature, and no contract check applied. */
  | 'malformed_signature'
  /** The signature is valid but by someone else (or a contract check said no). */
  | 'wrong_signer'
  /** The signature needs an on-chain check and no {@link ContractSignatureChecker} was injected. */
  | 'no_contract_checker'
  /** The injected contract checker failed (e.g. the RPC call threw). */
  | 'contract_check_error';

/** `signer` is the lowercase address that signed (the recovered EOA, or the contract that approved). */
export type SignatureOutcome =
  | { ok: true; signer: Address }
  | { ok: false; reason: SignatureFailureReason; message: string; recovered?: Address };

export interface HashSignatureOptions {
  /** The address that must have signed; without it any recoverable signer is accepted and returned. */
  expectedSigner?: string;
  /** Consulted for `expectedSigner` when ECDSA recovery does not yield it (smart-wallet owners). */
  contractChecker?: ContractSignatureChecker;
  /** Chain the contract check runs on; contract checks are skipped without it. */
  chainId?: number;
}

const ECDSA_SIGNATURE_LENGTH = 65;

/** Verify a signature over a 32-byte digest, by ECDSA recovery and optionally ERC-1271. Never throws. */
export async function verifyHashSignature(
  hash: Hex,
  signature: unknown,
  options: HashSignatureOptions = {},
): Promise<SignatureOutcome> {
  const signatureBytes = toBytes(signature);
  if (signatureBytes === undefined) {
    return failure('malformed_signature', 'the signature is not hex or bytes');
  }
  const expected =
    options.expectedSigner === undefined ? undefined : normalizeHex(options.expectedSigner, 20);
  if (options.expectedSigner !== undefined && expected === undefined) {
    return failure('malformed_message', 'the expected signer is not an address');
  }
  const recovered = await recoverEcdsaSigner(hash, signatureBytes);
  if (recovered !== undefined && (expected === undefined || recovered === expected)) {
    return { ok: true, signer: recovered };
  }
  const { contractChecker, chainId } = options;
  if (expected !== undefined && contractChecker !== undefined && chainId !== undefined) {
    return checkContractSignature(contractChecker, expected, hash, bytesToHex(signatureBytes), chainId);
  }
  if (recovered === undefined) {
    return failure('malformed_signature', 'the signature is not a recoverable 65-byte ECDSA signature');
  }
  return { ...failure('wrong_signer', `signed by ${recovered}, expected ${expected}`), recovered };
}

/** Ask the injected checker whether `address` (a contract) approves `signature` over `hash`. Never throws. */
export async function checkContractSignature(
  checker: ContractSignatureChecker | undefined,
  address: Address,
  hash: Hex,
  signature: Hex,
  chainId: number,
): Promise<SignatureOutcome> {
  if (checker === undefined) {
    return failure(
      'no_contract_checker',
      `a contract signature on chain ${chainId} needs a contract checker`,
    );
  }
  try {
    if (await checker(address, hash, signature, chainId)) return { ok: true, signer: address };
    return failure('wrong_signer', `contract ${address} on chain ${chainId} rejected the signature`);
  } catch (error) {
    return failure('contract_check_error', `contract signature check failed: ${describe(error)}`);
  }
}

async function recoverEcdsaSigner(hash: Hex, signature: Uint8Array): Promise<Address | undefined> {
  if (signature.length !== ECDSA_SIGNATURE_LENGTH) return undefined;
  try {
    return (await recoverAddress({ hash, signature })).toLowerCase() as Address;
  } catch {
    return undefined;
  }
}

/** The EIP-712 digest of typed data; `undefined` if viem refuses to encode it. */
export function typedDataHash<P extends PrimaryType>(typedData: TypedData<P>): Hex | undefined {
  try {
    return hashTypedData(typedData as Parameters<typeof hashTypedData>[0]);
  } catch {
    return undefined;
  }
}

/** Verify an EIP-712 signature; contract checks run on the domain's chain. Never throws. */
export async function verifyTypedDataSignature<P extends PrimaryType>(
  typedData: TypedData<P>,
  signature: unknown,
  options: Omit<HashSignatureOptions, 'chainId'> = {},
): Promise<SignatureOutcome> {
  const hash = typedDataHash(typedData);
  if (hash === undefined)
    return failure('malformed_message', `the ${typedData.primaryType} could not be encoded`);
  return verifyHashSignature(hash, signature, { ...options, chainId: typedData.domain.chainId });
}

/** Sign typed data with a raw secp256k1 private key. Throws on an invalid key or message. */
export function signTypedDataWithKey<P extends PrimaryType>(
  typedData: TypedData<P>,
  privateKey: Hex,
): Promise<Hex> {
  return signTypedData({ ...(typedData as Parameters<typeof hashTypedData>[0]), privateKey });
}

function failure(reason: SignatureFailureReason, message: string) {
  return { ok: false as const, reason, message };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
