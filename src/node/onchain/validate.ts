import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { IdRegisterEventType, OnChainEventType, SignerEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';

const BLOCK_HASH_BYTES = 32;
const ADDRESS_BYTES = 20;

/**
 * Shape checks before an on-chain event is stored: a known type with its body, and the fields the
 * derived state and retraction rely on. The chain reader builds these events; this guards the store
 * against a reader bug, not against a forged chain.
 */
export function checkOnChainEvent(event: OnChainEvent): HubResult<OnChainEvent> {
  const problem = problemOf(event);
  return problem === undefined
    ? ok(event)
    : fail('bad_request.validation_failure', `invalid onChainEvent: ${problem}`);
}

function problemOf(event: OnChainEvent): string | undefined {
  if (event.blockHash.length !== BLOCK_HASH_BYTES) return 'blockHash must be 32 bytes';
  if (event.type === OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED) {
    if (event.signerMigratedEventBody === undefined) return 'signerMigratedEventBody is missing';
    return event.fid === 0 ? undefined : 'fid must be 0 for signer migrated events';
  }
  if (event.fid <= 0) return 'fid must be positive';
  switch (event.type) {
    case OnChainEventType.EVENT_TYPE_SIGNER: {
      const body = event.signerEventBody;
      if (body === undefined) return 'signerEventBody is missing';
      if (body.key.length === 0) return 'signer key is missing';
      const known = [SignerEventType.ADD, SignerEventType.REMOVE, SignerEventType.ADMIN_RESET];
      return known.includes(body.eventType) ? undefined : 'unknown signer event type';
    }
    case OnChainEventType.EVENT_TYPE_ID_REGISTER: {
      const body = event.idRegisterEventBody;
      if (body === undefined) return 'idRegisterEventBody is missing';
      if (body.eventType === IdRegisterEventType.CHANGE_RECOVERY) return undefined;
      if (
        body.eventType !== IdRegisterEventType.REGISTER &&
        body.eventType !== IdRegisterEventType.TRANSFER
      ) {
        return 'unknown id register event type';
      }
      return body.to.length === ADDRESS_BYTES ? undefined : 'custody address (to) must be 20 bytes';
    }
    case OnChainEventType.EVENT_TYPE_STORAGE_RENT:
      return event.storageRentEventBody === undefined ? 'storageRentEventBody is missing' : undefined;
    default:
      return 'invalid event type';
  }
}
