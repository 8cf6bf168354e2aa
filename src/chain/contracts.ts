import { readFileSync } from 'node:fs';
import { getAddress, parseAbi, type Abi, type Address, type Hex } from 'viem';
import { CANONICAL_CONTRACT_ADDRESSES } from '../protocol/eip712/index.js';
import { idRegistryEvents, keyRegistryEvents, storageRegistryEvents } from './reader/abi.js';

/**
 * The Farcaster registry contracts as viem sees them: where they live (OP mainnet, chain.md §1; the devnet
 * installs ours at the same addresses) and typed ABIs of what clients call and the events hubs read. The
 * typed ABIs are a subset of both our compiled artifacts and the real contracts' ABIs (a test checks both).
 */

export const CONTRACT_NAMES = [
  'idRegistry',
  'idGateway',
  'keyRegistry',
  'keyGateway',
  'storageRegistry',
  'signedKeyRequestValidator',
] as const;

export type ContractName = (typeof CONTRACT_NAMES)[number];
export type ContractAddresses = Record<ContractName, Address>;

/** Checksummed OP-mainnet addresses, the same ones `@farcaster/core` and the EIP-712 domains use. */
export const CANONICAL_ADDRESSES: Readonly<ContractAddresses> = Object.freeze(
  Object.fromEntries(
    Object.entries({
      ...CANONICAL_CONTRACT_ADDRESSES,
      storageRegistry: '0x00000000fcCe7f938e7aE6D3c335bD6a1a7c593D',
    }).map(([name, address]) => [name, getAddress(address)]),
  ) as ContractAddresses,
);

export interface ContractArtifact {
  abi: Abi;
  /** Creation code (runs the constructor; ours have none). */
  bytecode: Hex;
  /** Runtime code, what the devnet installs with `anvil_setCode`. */
  deployedBytecode: Hex;
}

const ARTIFACT_FILES: Record<ContractName, string> = {
  idRegistry: 'IdRegistry',
  idGateway: 'IdGateway',
  keyRegistry: 'KeyRegistry',
  keyGateway: 'KeyGateway',
  storageRegistry: 'StorageRegistry',
  signedKeyRequestValidator: 'SignedKeyRequestValidator',
};

/**
 * Our compiled dev contract (`node scripts/contracts.mjs` regenerates contracts/artifacts from
 * contracts/src). Read from disk on each call: the artifacts are data beside the source tree, not modules.
 */
export function contractArtifact(name: ContractName): ContractArtifact {
  const file = new URL(`../../contracts/artifacts/${ARTIFACT_FILES[name]}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as ContractArtifact;
}

const SIGNATURE_ERRORS = ['error InvalidSignature()', 'error SignatureExpired()'] as const;

// The events the hub reads are declared once, with the reader that decodes them.
export const idRegistryAbi = [
  ...idRegistryEvents,
  ...parseAbi([
    'function idOf(address owner) view returns (uint256 fid)',
    'function custodyOf(uint256 fid) view returns (address custody)',
    'function recoveryOf(uint256 fid) view returns (address recovery)',
    'function idCounter() view returns (uint256)',
    'function nonces(address owner) view returns (uint256)',
    'function transfer(address to, uint256 deadline, bytes sig)',
    'function changeRecoveryAddress(address recovery)',
    'function verifyFidSignature(address custodyAddress, uint256 fid, bytes32 digest, bytes sig) view returns (bool isValid)',
    'error HasId()',
    'error HasNoId()',
    'error Unauthorized()',
    ...SIGNATURE_ERRORS,
  ]),
] as const;

export const idGatewayAbi = parseAbi([
  'function price() view returns (uint256)',
  'function price(uint256 extraStorage) view returns (uint256)',
  'function register(address recovery) payable returns (uint256, uint256)',
  'function register(address recovery, uint256 extraStorage) payable returns (uint256 fid, uint256 overpayment)',
  'function registerFor(address to, address recovery, uint256 deadline, bytes sig) payable returns (uint256, uint256)',
  'function registerFor(address to, address recovery, uint256 deadline, bytes sig, uint256 extraStorage) payable returns (uint256 fid, uint256 overpayment)',
  'function nonces(address owner) view returns (uint256)',
  ...SIGNATURE_ERRORS,
]);

export const keyGatewayAbi = parseAbi([
  'function add(uint32 keyType, bytes key, uint8 metadataType, bytes metadata)',
  'function addFor(address fidOwner, uint32 keyType, bytes key, uint8 metadataType, bytes metadata, uint256 deadline, bytes sig)',
  'function nonces(address owner) view returns (uint256)',
  ...SIGNATURE_ERRORS,
]);

/** Key states as `keyDataOf` and `keysOf` number them. */
export const KEY_STATE = { null: 0, added: 1, removed: 2 } as const;

export const keyRegistryAbi = [
  ...keyRegistryEvents,
  ...parseAbi([
    'function remove(bytes key)',
    'function removeFor(address fidOwner, bytes key, uint256 deadline, bytes sig)',
    'function nonces(address owner) view returns (uint256)',
    'function keyDataOf(uint256 fid, bytes key) view returns ((uint8 state, uint32 keyType))',
    'function keysOf(uint256 fid, uint8 state) view returns (bytes[])',
    'function totalKeys(uint256 fid, uint8 state) view returns (uint256)',
    'function maxKeysPerFid() view returns (uint256)',
    // Owner-only on our devnet: they let tests produce the hub's AdminReset and Migrated events.
    'function migrate()',
    'function bulkResetKeysForMigration((uint256 fid, bytes[] keys)[] items)',
    'error Unauthorized()',
    'error InvalidState()',
    'error ExceedsMaximum()',
    'error InvalidMetadata()',
    'error ValidatorNotFound(uint32 keyType, uint8 metadataType)',
    ...SIGNATURE_ERRORS,
  ]),
] as const;

export const storageRegistryAbi = [
  ...storageRegistryEvents,
  ...parseAbi([
    'function rent(uint256 fid, uint256 units) payable returns (uint256 overpayment)',
    'function price(uint256 units) view returns (uint256)',
    'function unitPrice() view returns (uint256)',
    'function credit(uint256 fid, uint256 units)',
    // Ours only: a fixed wei price instead of the real USD price and Chainlink feed.
    'function setUnitPrice(uint256 newPrice)',
    'error InvalidPayment()',
    'error InvalidAmount()',
    'error ExceedsCapacity()',
    'error NotOperator()',
  ]),
] as const;

export const signedKeyRequestValidatorAbi = parseAbi([
  'function validate(uint256, bytes key, bytes signedKeyRequestBytes) view returns (bool)',
  'function encodeMetadata((uint256 requestFid, address requestSigner, bytes signature, uint256 deadline) metadata) pure returns (bytes)',
]);

/** The typed ABI of each contract, by name. */
export const CONTRACT_ABIS = {
  idRegistry: idRegistryAbi,
  idGateway: idGatewayAbi,
  keyRegistry: keyRegistryAbi,
  keyGateway: keyGatewayAbi,
  storageRegistry: storageRegistryAbi,
  signedKeyRequestValidator: signedKeyRequestValidatorAbi,
} as const satisfies Record<ContractName, Abi>;
