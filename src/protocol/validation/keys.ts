import { decodeSignedKeyRequestMetadata } from '../eip712/signed-key-request-metadata.js';
import type { KeyAddBody, KeyRemoveBody, Message, MessageData } from '../gen/message.js';
import { MessageType } from '../gen/message.js';
import { invalid, type Problem } from './checks.js';
import {
  ADMISSIBLE_KEY_SCOPES,
  GASLESS_KEY_TYPE_ED25519,
  GASLESS_METADATA_TYPE_SIGNED_KEY_REQUEST,
  KEY_REMOVE_BY_CUSTODY,
  KEY_REMOVE_BY_SELF,
  MAX_KEY_ADD_SCOPES,
  MAX_KEY_TTL_SECONDS,
} from './limits.js';

const KEY_BYTES = 32;

/**
 * A gasless KEY_ADD body (snapchain-messages.md §3.1), with core 0.20.0's texts in core's order. The custody
 * and request signatures need the fids' custody addresses, so the node checks them.
 */
export function checkKeyAddBody(body: KeyAddBody, timestamp: number): Problem {
  if (body.key.length !== KEY_BYTES) return invalid(`key must be ${KEY_BYTES} bytes`);
  if (body.keyType !== GASLESS_KEY_TYPE_ED25519) return invalid('invalid key type');
  if (body.deadline === 0) return invalid('deadline is required');
  if (body.ttl === 0 || body.ttl > MAX_KEY_TTL_SECONDS) {
    return invalid(`ttl must be > 0 and <= ${MAX_KEY_TTL_SECONDS}`);
  }
  if (body.metadataType !== GASLESS_METADATA_TYPE_SIGNED_KEY_REQUEST) return invalid('invalid metadata type');
  if (body.metadata.length === 0) return invalid('metadata is required');
  if (body.scopes.length === 0) return invalid('scopes is required');
  if (body.scopes.length > MAX_KEY_ADD_SCOPES) {
    return invalid(`scopes must have at most ${MAX_KEY_ADD_SCOPES} entries`);
  }
  const inadmissible = body.scopes.find((scope) => !ADMISSIBLE_KEY_SCOPES.has(scope));
  if (inadmissible !== undefined) return invalid(`invalid scope: ${inadmissible}`);
  const metadata = decodeSignedKeyRequestMetadata(body.metadata);
  if (!metadata.ok) return invalid('metadata is not a valid SignedKeyRequest');
  if (metadata.value.deadline < BigInt(timestamp)) return invalid('signed key request has expired');
  return undefined;
}

export function checkKeyRemoveBody(body: KeyRemoveBody): Problem {
  if (body.key.length !== KEY_BYTES) return invalid(`key must be ${KEY_BYTES} bytes`);
  if (body.signatureType !== KEY_REMOVE_BY_CUSTODY && body.signatureType !== KEY_REMOVE_BY_SELF) {
    return invalid('invalid signature type');
  }
  if (body.deadline === 0) return invalid('deadline is required');
  return undefined;
}

/**
 * A KEY_ADD is signed by the key it adds, as core's builders make it: proof that the adder holds the key
 * (decision 0002; Snapchain does not check it).
 */
export function checkKeyAddSigner(message: Message, data: MessageData): Problem {
  const key = data.keyAddBody?.key;
  if (data.type !== MessageType.KEY_ADD || key === undefined) return undefined;
  return Buffer.compare(message.signer, key) === 0
    ? undefined
    : invalid('a KEY_ADD must be signed by the key it adds');
}
