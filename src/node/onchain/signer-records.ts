import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { SignerSource } from '../../protocol/gen/request_response.js';
import type { Signer } from '../../protocol/gen/request_response.js';

/**
 * An active on-chain key as the unified signer reads describe it (snapchain-messages.md §4.4): the ADD
 * event's key and type, its block time as `added_at`, and the event itself. The fields of gasless keys
 * (last use, ttl, scopes, request fid, nonce) stay empty: on-chain keys are scope-free and never expire.
 */
export function onChainSigner(event: OnChainEvent): Signer {
  return {
    source: SignerSource.ONCHAIN,
    key: event.signerEventBody?.key ?? new Uint8Array(),
    keyType: event.signerEventBody?.keyType ?? 0,
    fid: event.fid,
    addedAt: event.blockTimestamp,
    scopes: [],
    onchainEvent: event,
  };
}
