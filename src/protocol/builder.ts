import type { Ed25519Signer } from './ed25519.js';
import { HashScheme, MessageData, SignatureScheme, type Message } from './gen/message.js';
import { messageHash } from './message.js';

/**
 * Build a signed message the way current clients do: encode `data`, hash those bytes, sign the hash, and
 * always send the same bytes as `dataBytes` so no node has to re-encode to check the hash.
 */
export function makeMessage(data: MessageData, signer: Ed25519Signer): Message {
  const dataBytes = MessageData.encode(data).finish();
  const hash = messageHash(dataBytes);
  return {
    data,
    hash,
    hashScheme: HashScheme.BLAKE3,
    signature: signer.sign(hash),
    signatureScheme: SignatureScheme.ED25519,
    signer: signer.publicKey,
    dataBytes,
  };
}
