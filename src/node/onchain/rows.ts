import type { Insertable } from 'kysely';
import { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import type { OnChainEventsTable } from '../store/schema.js';

/** Where an event sits on the chain; events are applied and paged in this order. */
export interface ChainPosition {
  blockNumber: number;
  logIndex: number;
}

export function compareChainPosition(a: ChainPosition, b: ChainPosition): number {
  return a.blockNumber - b.blockNumber || a.logIndex - b.logIndex;
}

export function inChainOrder<T extends ChainPosition>(events: readonly T[]): T[] {
  return [...events].sort(compareChainPosition);
}

export function toOnChainEventRow(event: OnChainEvent): Insertable<OnChainEventsTable> {
  return {
    type: event.type,
    fid: event.fid,
    block_number: event.blockNumber,
    log_index: event.logIndex,
    block_hash: event.blockHash,
    block_timestamp: event.blockTimestamp,
    tx_hash: event.transactionHash,
    tx_index: event.txIndex,
    signer_key: event.signerEventBody?.key ?? null,
    units: event.storageRentEventBody?.units ?? null,
    encoded: OnChainEvent.encode(event).finish(),
  };
}

export function decodeOnChainEvent(row: { encoded: Uint8Array }): OnChainEvent {
  return OnChainEvent.decode(row.encoded);
}
