import type { Address } from 'viem';
import { keyAddSigners, keyRemoveSigner } from '../../../protocol/eip712/index.js';
import type { KeyAddSigners } from '../../../protocol/eip712/index.js';
import { MessageType } from '../../../protocol/gen/message.js';
import type { MessageData } from '../../../protocol/gen/message.js';
import { KEY_REMOVE_BY_CUSTODY } from '../../../protocol/validation/index.js';

/**
 * Who signed a key message's EIP-712 parts. Recovery needs no state, so it runs before the merge
 * transaction, on the signature pool's workers when there is one (a KEY_ADD's two recoveries take a few
 * milliseconds of CPU); this module imports nothing of the node so that a worker can load it.
 */
export type KeyAuthority =
  | { type: MessageType.KEY_ADD; signers: KeyAddSigners }
  | { type: MessageType.KEY_REMOVE; custody: Address | undefined };

export function isKeyMessage(type: MessageType): boolean {
  return type === MessageType.KEY_ADD || type === MessageType.KEY_REMOVE;
}

/** The signers of a key message's EIP-712 parts; undefined for a message without a key body. */
export async function keyAuthority(data: MessageData): Promise<KeyAuthority | undefined> {
  if (data.keyAddBody !== undefined) {
    return { type: MessageType.KEY_ADD, signers: await keyAddSigners(data.fid, data.keyAddBody) };
  }
  const body = data.keyRemoveBody;
  if (body === undefined || body.signatureType !== KEY_REMOVE_BY_CUSTODY) {
    return body === undefined ? undefined : { type: MessageType.KEY_REMOVE, custody: undefined };
  }
  return { type: MessageType.KEY_REMOVE, custody: await keyRemoveSigner(data.fid, body) };
}
