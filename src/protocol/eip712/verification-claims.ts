import type { Address } from 'viem';
import { ED25519_KEY_LENGTH, verifyEd25519, type Ed25519Verifier } from '../ed25519.js';
import { bytesToHex, toBytes, type Hex } from '../hex.js';
import { base58ToBytes, bytesToBase58 } from '../base58.js';
import { verificationClaimDomain } from './domains.js';
import { buildTypedData, tryBuildTypedData, type TypedData } from './typed-data.js';
import {
  checkContractSignature,
  signTypedDataWithKey,
  typedDataHash,
  verifyHashSignature,
  type ContractSignatureChecker,
  type SignatureOutcome,
} from './verify.js';

/**
 * Address verification claims (wire-schema.md §5.4): Ethereum claims are EIP-712 `VerificationClaim`s,
 * Solana claims an Ed25519 signature over a line of text.
 */

/** `Protocol` enum values of the wire schema. */
export const PROTOCOL_ETHEREUM = 0;
export const PROTOCOL_SOLANA = 1;

/** Verification types: an EOA signature (checked locally) or a contract wallet's (ERC-1271, on chain). */
export const VERIFICATION_TYPE_EOA = 0;
export const VERIFICATION_TYPE_CONTRACT = 1;

/** Chains a contract-wallet claim may name: Ethereum and OP mainnet (their Goerli testnets are gone). */
export const CONTRACT_CLAIM_CHAIN_IDS: readonly number[] = [1, 10];

export interface EthAddressClaim {
  fid: bigint;
  address: Address;
  blockHash: Hex;
  network: number;
  protocol: typeof PROTOCOL_ETHEREUM;
}

export interface SolanaAddressClaim {
  fid: bigint;
  /** base58 */
  address: string;
  /** base58 */
  blockHash: string;
  network: number;
  protocol: typeof PROTOCOL_SOLANA;
}

export type ClaimOutcome<T> =
  { ok: true; value: T } | { ok: false; reason: 'malformed_claim'; message: string };

interface ClaimParts {
  fid: bigint;
  address: Uint8Array;
  blockHash: Uint8Array;
  network: number;
}

function claimParts(
  fid: bigint | number,
  address: unknown,
  network: number,
  blockHash: unknown,
  addressLength: number,
): ClaimOutcome<ClaimParts> {
  const fidValue = typeof fid === 'bigint' ? fid : Number.isSafeInteger(fid) ? BigInt(fid) : -1n;
  if (fidValue < 0n) return malformed('fid must be a non-negative integer');
  if (!Number.isInteger(network) || network < 0 || network > 255) return malformed('network must be a uint8');
  const addressBytes = toBytes(address, addressLength);
  if (addressBytes === undefined) return malformed(`address must be ${addressLength} bytes`);
  const blockHashBytes = toBytes(blockHash, 32);
  if (blockHashBytes === undefined) return malformed('blockHash must be 32 bytes');
  return { ok: true, value: { fid: fidValue, address: addressBytes, blockHash: blockHashBytes, network } };
}

/** The claim an Ethereum address signs to be verified for `fid`; address 20 bytes, block hash 32. */
export function makeEthAddressClaim(
  fid: bigint | number,
  address: Uint8Array | string,
  network: number,
  blockHash: Uint8Array | string,
): ClaimOutcome<EthAddressClaim> {
  const parts = claimParts(fid, address, network, blockHash, 20);
  if (!parts.ok) return parts;
  const { address: addressBytes, blockHash: blockHashBytes, ...rest } = parts.value;
  return {
    ok: true,
    value: { ...rest, address: bytesToHex(addressBytes), blockHash: bytesToHex(blockHashBytes), protocol: 0 },
  };
}

/** Typed data of an Ethereum claim; `chainId` 0 for EOA claims, the wallet's chain for contract claims. */
export function typedDataForEthAddressClaim(
  claim: EthAddressClaim,
  chainId = 0,
): TypedData<'VerificationClaim'> {
  return buildTypedData('VerificationClaim', verificationClaimDomain(chainId), claim);
}

export function signEthAddressClaim(claim: EthAddressClaim, privateKey: Hex, chainId = 0): Promise<Hex> {
  return signTypedDataWithKey(typedDataForEthAddressClaim(claim, chainId), privateKey);
}

export type ClaimSignatureOutcome =
  SignatureOutcome | { ok: false; reason: 'bad_verification_type' | 'bad_chain_id'; message: string };

/**
 * Check that `claim.address` signed `claim`. EOA claims (type 0, chainId 0) are checked locally; contract
 * claims (type 1, chainId 1 or 10) go to the injected checker and fail with `no_contract_checker` without
 * one. Never throws.
 */
export async function verifyEthAddressClaim(
  claim: EthAddressClaim,
  signature: unknown,
  { verificationType, chainId }: { verificationType: number; chainId: number },
  contractChecker?: ContractSignatureChecker,
): Promise<ClaimSignatureOutcome> {
  if (verificationType !== VERIFICATION_TYPE_EOA && verificationType !== VERIFICATION_TYPE_CONTRACT) {
    return {
      ok: false,
      reason: 'bad_verification_type',
      message: `unknown verification type ${verificationType}`,
    };
  }
  if (verificationType === VERIFICATION_TYPE_EOA && chainId !== 0) {
    return { ok: false, reason: 'bad_chain_id', message: 'an EOA claim must have chainId 0' };
  }
  if (verificationType === VERIFICATION_TYPE_CONTRACT && !CONTRACT_CLAIM_CHAIN_IDS.includes(chainId)) {
    return { ok: false, reason: 'bad_chain_id', message: `a contract claim cannot name chain ${chainId}` };
  }
  const built = tryBuildTypedData('VerificationClaim', verificationClaimDomain(chainId), claim);
  const hash = built.ok ? typedDataHash(built.value) : undefined;
  if (!built.ok || hash === undefined) {
    return { ok: false, reason: 'malformed_message', message: 'the claim could not be encoded' };
  }
  const address = built.value.message.address;
  if (verificationType === VERIFICATION_TYPE_EOA) {
    return verifyHashSignature(hash, signature, { expectedSigner: address });
  }
  const signatureBytes = toBytes(signature);
  if (signatureBytes === undefined) {
    return { ok: false, reason: 'malformed_signature', message: 'the signature is not hex or bytes' };
  }
  return checkContractSignature(contractChecker, address, hash, bytesToHex(signatureBytes), chainId);
}

/** The claim a Solana address signs: address and block hash are 32 bytes each, written in base58. */
export function makeSolanaAddressClaim(
  fid: bigint | number,
  address: Uint8Array | string,
  network: number,
  blockHash: Uint8Array | string,
): ClaimOutcome<SolanaAddressClaim> {
  const parts = claimParts(fid, address, network, blockHash, ED25519_KEY_LENGTH);
  if (!parts.ok) return parts;
  const { address: addressBytes, blockHash: blockHashBytes, ...rest } = parts.value;
  return {
    ok: true,
    value: {
      ...rest,
      address: bytesToBase58(addressBytes),
      blockHash: bytesToBase58(blockHashBytes),
      protocol: 1,
    },
  };
}

/** The exact UTF-8 text a Solana wallet signs for `claim`. */
export function solanaClaimText(claim: SolanaAddressClaim): string {
  return `fid: ${claim.fid} address: ${claim.address} network: ${claim.network} blockHash: ${claim.blockHash} protocol: ${claim.protocol}`;
}

export type SolanaClaimOutcome =
  | { ok: true }
  | { ok: false; reason: 'malformed_claim' | 'malformed_signature' | 'bad_signature'; message: string };

/**
 * Check a Solana claim signature: Ed25519 by the address itself (a Solana address is its public key).
 * Pass a shared {@link Ed25519Verifier} on hot paths. Never throws.
 */
export function verifySolanaAddressClaim(
  claim: SolanaAddressClaim,
  signature: unknown,
  verifier: Ed25519Verifier = { verify: verifyEd25519 },
): SolanaClaimOutcome {
  const publicKey = typeof claim.address === 'string' ? base58ToBytes(claim.address) : undefined;
  if (publicKey?.length !== ED25519_KEY_LENGTH) {
    return { ok: false, reason: 'malformed_claim', message: 'the address is not a 32-byte base58 key' };
  }
  const signatureBytes = toBytes(signature, 64);
  if (signatureBytes === undefined) {
    return { ok: false, reason: 'malformed_signature', message: 'the signature must be 64 bytes' };
  }
  const text = new TextEncoder().encode(solanaClaimText(claim));
  if (!verifier.verify(publicKey, text, signatureBytes)) {
    return { ok: false, reason: 'bad_signature', message: 'the signature does not match the claim' };
  }
  return { ok: true };
}

function malformed(message: string): { ok: false; reason: 'malformed_claim'; message: string } {
  return { ok: false, reason: 'malformed_claim', message };
}
