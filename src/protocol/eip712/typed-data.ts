import type { Address } from 'viem';
import { normalizeHex, toBytes, bytesToHex, type Hex } from '../hex.js';
import type { Eip712Domain } from './domains.js';

/** The struct types Farcaster signs (reference/wire-schema.md §5.4, chain.md §4), as viem takes them. */
export const EIP712_TYPES = {
  UserNameProof: [
    { name: 'name', type: 'string' },
    { name: 'timestamp', type: 'uint256' },
    { name: 'owner', type: 'address' },
  ],
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
  VerificationClaim: [
    { name: 'fid', type: 'uint256' },
    { name: 'address', type: 'address' },
    { name: 'blockHash', type: 'bytes32' },
    { name: 'network', type: 'uint8' },
  ],
  Add: [
    { name: 'owner', type: 'address' },
    { name: 'keyType', type: 'uint32' },
    { name: 'key', type: 'bytes' },
    { name: 'metadataType', type: 'uint8' },
    { name: 'metadata', type: 'bytes' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  Register: [
    { name: 'to', type: 'address' },
    { name: 'recovery', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  Remove: [
    { name: 'owner', type: 'address' },
    { name: 'key', type: 'bytes' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  Transfer: [
    { name: 'fid', type: 'uint256' },
    { name: 'to', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  TransferAndChangeRecovery: [
    { name: 'fid', type: 'uint256' },
    { name: 'to', type: 'address' },
    { name: 'recovery', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  ChangeRecoveryAddress: [
    { name: 'fid', type: 'uint256' },
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
  /** Gasless keys (snapchain-messages.md §2.2): the custody's authorization of a KEY_ADD and a KEY_REMOVE. */
  KeyAdd: [
    { name: 'fid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'keyType', type: 'uint32' },
    { name: 'scopes', type: 'uint32[]' },
    { name: 'ttl', type: 'uint32' },
    { name: 'nonce', type: 'uint32' },
    { name: 'deadline', type: 'uint256' },
  ],
  KeyRemove: [
    { name: 'fid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'nonce', type: 'uint32' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export type PrimaryType = keyof typeof EIP712_TYPES;
type FieldsOf<P extends PrimaryType> = (typeof EIP712_TYPES)[P][number];
type SolidityType = FieldsOf<PrimaryType>['type'];

/** What callers may pass for a field: numbers or bigints for uints, hex text or bytes for byte strings. */
type InputValue<T extends SolidityType> = T extends 'string'
  ? string
  : T extends 'uint32[]'
    ? readonly number[]
    : T extends `uint${string}`
      ? bigint | number
      : T extends 'address'
        ? string
        : string | Uint8Array;

/**
 * The normalized value that is hashed, typed as viem (abitype) types it: numbers for uint8/uint32, bigints
 * for uint256, lowercase `0x` hex for addresses and bytes.
 */
type MessageValue<T extends SolidityType> = T extends 'string'
  ? string
  : T extends 'uint8' | 'uint32'
    ? number
    : T extends 'uint32[]'
      ? number[]
      : T extends 'uint256'
        ? bigint
        : T extends 'address'
          ? Address
          : Hex;

export type MessageInput<P extends PrimaryType> = {
  [F in FieldsOf<P> as F['name']]: InputValue<F['type']>;
};
export type Eip712Message<P extends PrimaryType> = {
  [F in FieldsOf<P> as F['name']]: MessageValue<F['type']>;
};

/** `{domain, types, primaryType, message}`: exactly what viem's `signTypedData` and wallets take. */
export interface TypedData<P extends PrimaryType> {
  domain: Eip712Domain;
  types: { [K in P]: (typeof EIP712_TYPES)[K] };
  primaryType: P;
  message: Eip712Message<P>;
}

export type BuildOutcome<P extends PrimaryType> =
  { ok: true; value: TypedData<P> } | { ok: false; reason: 'malformed_message'; message: string };

/** Build typed data, normalizing and range-checking every field; a bad field is a failure, not a throw. */
export function tryBuildTypedData<P extends PrimaryType>(
  primaryType: P,
  domain: Eip712Domain,
  input: MessageInput<P>,
): BuildOutcome<P> {
  if (typeof input !== 'object' || input === null) {
    return { ok: false, reason: 'malformed_message', message: `${primaryType} is not an object` };
  }
  const fields: readonly { name: string; type: SolidityType }[] = EIP712_TYPES[primaryType];
  const source = input as Record<string, unknown>;
  const message: Record<string, unknown> = {};
  for (const field of fields) {
    const value = normalizeField(field.type, source[field.name]);
    if (value === undefined) {
      return {
        ok: false,
        reason: 'malformed_message',
        message: `${primaryType}.${field.name} is not a valid ${field.type}`,
      };
    }
    message[field.name] = value;
  }
  const types = { [primaryType]: EIP712_TYPES[primaryType] } as TypedData<P>['types'];
  return { ok: true, value: { domain, types, primaryType, message: message as Eip712Message<P> } };
}

/** Like {@link tryBuildTypedData} for trusted input; throws a TypeError on a malformed field. */
export function buildTypedData<P extends PrimaryType>(
  primaryType: P,
  domain: Eip712Domain,
  input: MessageInput<P>,
): TypedData<P> {
  const built = tryBuildTypedData(primaryType, domain, input);
  if (!built.ok) throw new TypeError(built.message);
  return built.value;
}

function normalizeField(type: SolidityType, value: unknown): unknown {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined;
    case 'address':
      return normalizeHex(value, 20);
    case 'bytes32':
      return toHexValue(value, 32);
    case 'bytes':
      return toHexValue(value);
    case 'uint8':
      return toSmallUint(value, 8n);
    case 'uint32':
      return toSmallUint(value, 32n);
    case 'uint256':
      return toUint(value, 256n);
    case 'uint32[]':
      return toSmallUints(value, 32n);
  }
}

function toHexValue(value: unknown, length?: number): Hex | undefined {
  const bytes = toBytes(value, length);
  return bytes === undefined ? undefined : bytesToHex(bytes);
}

function toUint(value: unknown, bits: bigint): bigint | undefined {
  let n: bigint;
  if (typeof value === 'bigint') n = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
  else return undefined;
  return n >= 0n && n < 1n << bits ? n : undefined;
}

function toSmallUint(value: unknown, bits: bigint): number | undefined {
  const n = toUint(value, bits);
  return n === undefined ? undefined : Number(n);
}

/** Every element in range, or undefined (a negative scope cannot be signed). */
function toSmallUints(value: unknown, bits: bigint): number[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const values = value.map((item) => toSmallUint(item, bits));
  return values.every((item) => item !== undefined) ? (values as number[]) : undefined;
}
