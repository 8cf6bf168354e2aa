import { getAddress, type Address } from 'viem';
import type { Hex } from '../hex.js';

/**
 * EIP-712 domains (reference/wire-schema.md §5.4, chain.md §1). Canonical values are OP mainnet's; a
 * deployment with other addresses or another chain derives its domains with {@link contractDomain}.
 */

export interface Eip712Domain {
  name: string;
  version: string;
  chainId?: number;
  verifyingContract?: Address;
  salt?: Hex;
}

/** OP mainnet, where the Farcaster contracts live. */
export const CANONICAL_CHAIN_ID = 10;

export const CANONICAL_CONTRACT_ADDRESSES = {
  idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
  idGateway: '0x00000000Fc25870C6eD6b6c7E41Fb078b7656f69',
  keyRegistry: '0x00000000fc1237824fb747abde0ff18990e59b7e',
  keyGateway: '0x00000000fC56947c7E7183f8Ca4B62398CaAdf0B',
  signedKeyRequestValidator: '0x00000000FC700472606ED4fA22623Acf62c60553',
} as const satisfies Record<string, Address>;

export type FarcasterContract = keyof typeof CANONICAL_CONTRACT_ADDRESSES;

const CONTRACT_DOMAIN_NAMES: Record<FarcasterContract, string> = {
  idRegistry: 'Farcaster IdRegistry',
  idGateway: 'Farcaster IdGateway',
  keyRegistry: 'Farcaster KeyRegistry',
  keyGateway: 'Farcaster KeyGateway',
  signedKeyRequestValidator: 'Farcaster SignedKeyRequestValidator',
};

/** Where one contract is deployed; omitted fields take the canonical OP-mainnet values. */
export interface ContractDeployment {
  chainId?: number;
  address?: string;
}

/**
 * The EIP-712 domain a Farcaster contract checks signatures against. Throws a TypeError for an invalid
 * address (a configuration error, caught at start-up).
 */
export function contractDomain(
  contract: FarcasterContract,
  deployment: ContractDeployment = {},
): Eip712Domain {
  return {
    name: CONTRACT_DOMAIN_NAMES[contract],
    version: '1',
    chainId: deployment.chainId ?? CANONICAL_CHAIN_ID,
    verifyingContract: checkedAddress(deployment.address ?? CANONICAL_CONTRACT_ADDRESSES[contract]),
  };
}

function checkedAddress(address: string): Address {
  try {
    return getAddress(address);
  } catch {
    throw new TypeError(`not a contract address: ${address}`);
  }
}

/**
 * Domain of fname `UserNameProof` signatures, by users and by the name registry alike. It names the old L1
 * name registry contract on chainId 1 whatever chain the deployment uses, so it is a constant.
 */
export const NAME_PROOF_DOMAIN: Eip712Domain = {
  name: 'Farcaster name verification',
  version: '1',
  chainId: 1,
  verifyingContract: '0xe3be01d99baa8db9905b33a3ca391238234b79d1',
};

/** Domain of Ethereum address verification claims signed by an EOA (no chainId, a fixed salt). */
export const VERIFICATION_CLAIM_DOMAIN: Eip712Domain = {
  name: 'Farcaster Verify Ethereum Address',
  version: '2.0.0',
  salt: '0xf2d857f4a3edcb9b78b4d503bfe733db1e3f6cdc2b7971ee739626c97e86a558',
};

/** Claim domain for a given claim chainId: 0 (EOA claims) omits chainId, contract-wallet claims add it. */
export function verificationClaimDomain(chainId: number): Eip712Domain {
  return chainId === 0 ? VERIFICATION_CLAIM_DOMAIN : { ...VERIFICATION_CLAIM_DOMAIN, chainId };
}
