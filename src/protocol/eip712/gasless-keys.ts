import type { Address } from 'viem';
import type { KeyAddBody, KeyRemoveBody } from '../gen/message.js';
import { decodeSignedKeyRequestMetadata } from './signed-key-request-metadata.js';
import { verifyGaslessKeyAdd, verifyGaslessKeyRemove, verifyGaslessKeyRequest } from './typed-messages.js';

/**
 * Who signed the parts of a gasless key message (snapchain-messages.md §2). Recovery needs no state, so the
 * node does it before its merge transaction; whether the signers are the fids' custody addresses is the
 * merge's to decide.
 */

const SIGNATURE_BYTES = 65;

/**
 * Snapchain's reading of a 65-byte r‖s‖v signature: v 0x1b or 0x00 is the even parity, any other value the
 * odd one. viem accepts only 0, 1, 27 and 28, so v is rewritten to 27 or 28 first; any other length is no
 * signature.
 */
function withSnapchainParity(signature: Uint8Array): Uint8Array | undefined {
  if (signature.length !== SIGNATURE_BYTES) return undefined;
  const normalized = Uint8Array.from(signature);
  const v = signature[SIGNATURE_BYTES - 1];
  normalized[SIGNATURE_BYTES - 1] = v === 0x1b || v === 0x00 ? 27 : 28;
  return normalized;
}

async function recovered(
  verify: (signature: Uint8Array) => Promise<{ ok: true; signer: Address } | { ok: false }>,
  signature: Uint8Array,
): Promise<Address | undefined> {
  const normalized = withSnapchainParity(signature);
  if (normalized === undefined) return undefined;
  const outcome = await verify(normalized);
  return outcome.ok ? outcome.signer : undefined;
}

/** The app behind a KEY_ADD: its fid and the address that signed the request for the key. */
export interface GaslessKeyRequest {
  requestFid: number;
  /** Lowercase; it must be the custody address of `requestFid` when the KEY_ADD merges. */
  requestSigner: Address;
}

export interface KeyAddSigners {
  /** Whom the custody signature recovers to; undefined when it is no recoverable 65-byte signature. */
  custody: Address | undefined;
  /** The metadata's request when it decodes and `requestSigner` signed it for this key; else undefined. */
  request: GaslessKeyRequest | undefined;
}

/** The signers of a structurally valid KEY_ADD of `fid` (its custody's `KeyAdd`, the app's request). */
export async function keyAddSigners(fid: number, body: KeyAddBody): Promise<KeyAddSigners> {
  const custody = await recovered(
    (signature) =>
      verifyGaslessKeyAdd(
        {
          fid,
          key: body.key,
          keyType: body.keyType,
          scopes: body.scopes,
          ttl: body.ttl,
          nonce: body.nonce,
          deadline: body.deadline,
        },
        signature,
      ),
    body.custodySignature,
  );
  return { custody, request: await verifiedRequest(body) };
}

async function verifiedRequest(body: KeyAddBody): Promise<GaslessKeyRequest | undefined> {
  const decoded = decodeSignedKeyRequestMetadata(body.metadata);
  if (!decoded.ok) return undefined;
  const { requestFid, requestSigner, signature, deadline } = decoded.value;
  if (requestFid > BigInt(Number.MAX_SAFE_INTEGER)) return undefined;
  const signer = await recovered(
    (normalized) =>
      verifyGaslessKeyRequest({ requestFid, key: body.key, deadline }, normalized, {
        expectedSigner: requestSigner,
      }),
    Buffer.from(signature.slice(2), 'hex'),
  );
  return signer === undefined ? undefined : { requestFid: Number(requestFid), requestSigner: signer };
}

/** Whom a custody KEY_REMOVE's `KeyRemove` signature recovers to; undefined for no recoverable signature. */
export function keyRemoveSigner(fid: number, body: KeyRemoveBody): Promise<Address | undefined> {
  return recovered(
    (signature) =>
      verifyGaslessKeyRemove({ fid, key: body.key, nonce: body.nonce, deadline: body.deadline }, signature),
    body.signature,
  );
}
