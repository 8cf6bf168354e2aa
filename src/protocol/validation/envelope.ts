import type { Ed25519Verifier } from '../ed25519.js';
import { HashScheme, SignatureScheme } from '../gen/message.js';
import { bytesToHex } from '../hex.js';
import { messageHash, type ReceivedMessage } from '../message.js';
import { invalid, type Problem } from './checks.js';
import { DEFAULT_MAX_DATA_BYTES, MAX_DATA_BYTES_BY_TYPE } from './limits.js';

/**
 * The envelope around valid data: size of the signed bytes, BLAKE3-20 hash of exactly those bytes, and an
 * Ed25519 signature of the 20-byte hash by `signer`. EIP-712 message signatures are no longer accepted.
 */
export function checkEnvelope(received: ReceivedMessage, verifier: Ed25519Verifier): Problem {
  const { message, data, signedBytes } = received;
  const maxBytes = MAX_DATA_BYTES_BY_TYPE.get(data.type) ?? DEFAULT_MAX_DATA_BYTES;
  if (signedBytes.length > maxBytes) return invalid(`dataBytes > ${maxBytes} bytes`);
  if (message.hashScheme !== HashScheme.BLAKE3) return invalid('invalid hashScheme');
  const computed = messageHash(signedBytes);
  if (!sameBytes(message.hash, computed)) {
    return invalid(`invalid hash. Expected=${bytesToHex(message.hash)}, computed=${bytesToHex(computed)}`);
  }
  if (message.signatureScheme !== SignatureScheme.ED25519) return invalid('invalid signatureScheme');
  // The verifier refuses keys that are not 32 bytes and signatures that are not 64.
  return verifier.verify(message.signer, message.hash, message.signature)
    ? undefined
    : invalid('invalid signature');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}
