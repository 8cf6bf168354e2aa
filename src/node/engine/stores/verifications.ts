import { MessageType } from '../../../protocol/gen/message.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { lastWriteWins } from '../conflict.js';
import type { StoreSpec } from '../store-spec.js';

/** A verification's key is the address (20-byte Ethereum or 32-byte Solana); the remove names the same. */
export function verificationKey(address: Uint8Array): Uint8Array {
  return address;
}

/**
 * Verifications (node-api.md §5.2): last write wins per (fid, address), and an address is verified by at
 * most one fid: a newer add for an address another fid holds deletes that fid's add.
 */
export const verificationStore: StoreSpec = {
  store: StoreType.VERIFICATIONS,
  ordering: lastWriteWins,
  removeTypes: new Set([MessageType.VERIFICATION_REMOVE]),
  globallyUnique: true,
  pruned: true,
  conflictKey: (data) =>
    verificationKey(
      data.verificationAddAddressBody?.address ?? data.verificationRemoveBody?.address ?? new Uint8Array(),
    ),
  readColumns: () => ({}),
};
