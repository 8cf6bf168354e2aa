import { decodeAbiParameters, encodeAbiParameters, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { toBytes, type Hex } from '../hex.js';
import {
  signSignedKeyRequest,
  verifySignedKeyRequest,
  type SignedKeyRequest,
  type VerifyTypedMessageOptions,
} from './typed-messages.js';
import type { SignatureOutcome } from './verify.js';

/**
 * `SignedKeyRequestMetadata`, the `metadata` of a KeyGateway add with metadataType 1 (social-api.md §3):
 * `abi.encode(struct)`, i.e. one tuple with a dynamic member, so the encoding starts with offset 0x20.
 */

/** KeyGateway `keyType` for Ed25519 keys and `metadataType` for signed key request metadata. */
export const KEY_TYPE_ED25519 = 1;
export const METADATA_TYPE_SIGNED_KEY_REQUEST = 1;

const METADATA_ABI = [
  {
    type: 'tuple',
    components: [
      { name: 'requestFid', type: 'uint256' },
      { name: 'requestSigner', type: 'address' },
      { name: 'signature', type: 'bytes' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
] as const;

export interface SignedKeyRequestMetadata {
  requestFid: bigint;
  /** Lowercase custody address of `requestFid` that signed the request. */
  requestSigner: Address;
  signature: Hex;
  deadline: bigint;
}

/** ABI-encode metadata. Throws a TypeError on invalid fields (it encodes our own values). */
export function encodeSignedKeyRequestMetadata(metadata: SignedKeyRequestMetadata): Hex {
  try {
    return encodeAbiParameters(METADATA_ABI, [metadata]);
  } catch (error) {
    throw new TypeError(
      `invalid SignedKeyRequestMetadata: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export type MetadataOutcome =
  | { ok: true; value: SignedKeyRequestMetadata }
  | { ok: false; reason: 'malformed_metadata'; message: string };

/** Decode metadata bytes (or hex); garbage is a `malformed_metadata` failure, never a throw. */
export function decodeSignedKeyRequestMetadata(metadata: unknown): MetadataOutcome {
  const bytes = toBytes(metadata);
  if (bytes === undefined)
    return { ok: false, reason: 'malformed_metadata', message: 'metadata is not bytes or hex' };
  try {
    const [decoded] = decodeAbiParameters(METADATA_ABI, bytes);
    return {
      ok: true,
      value: {
        requestFid: decoded.requestFid,
        requestSigner: decoded.requestSigner.toLowerCase() as Address,
        signature: decoded.signature.toLowerCase() as Hex,
        deadline: decoded.deadline,
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { ok: false, reason: 'malformed_metadata', message: `not SignedKeyRequestMetadata: ${message}` };
  }
}

/** Sign a key request with the requesting fid's custody key and encode the metadata, as an app does. */
export async function makeSignedKeyRequestMetadata(request: SignedKeyRequest, privateKey: Hex): Promise<Hex> {
  const signature = await signSignedKeyRequest(request, privateKey);
  return encodeSignedKeyRequestMetadata({
    requestFid: BigInt(request.requestFid),
    requestSigner: privateKeyToAccount(privateKey).address.toLowerCase() as Address,
    signature,
    deadline: BigInt(request.deadline),
  });
}

export type MetadataSignatureOutcome =
  | (SignatureOutcome & { ok: true; metadata: SignedKeyRequestMetadata })
  | Exclude<SignatureOutcome, { ok: true }>
  | Exclude<MetadataOutcome, { ok: true }>;

/**
 * Decode metadata and check that its `requestSigner` signed the request for `key`, as the validator
 * contract does; whether `requestSigner` owns `requestFid` and the deadline are the caller's to check.
 */
export async function verifySignedKeyRequestMetadata(
  metadata: unknown,
  key: Uint8Array | string,
  options: Omit<VerifyTypedMessageOptions, 'expectedSigner'> = {},
): Promise<MetadataSignatureOutcome> {
  const decoded = decodeSignedKeyRequestMetadata(metadata);
  if (!decoded.ok) return decoded;
  const { requestFid, requestSigner, signature, deadline } = decoded.value;
  const outcome = await verifySignedKeyRequest({ requestFid, key, deadline }, signature, {
    ...options,
    expectedSigner: requestSigner,
  });
  return outcome.ok ? { ...outcome, metadata: decoded.value } : outcome;
}
