import type { Kysely } from 'kysely';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import type { Clock } from '../../shared/clock.js';
import type { NodeTables } from '../store/schema.js';
import { onChainChange } from '../store/changes.js';
import { recordChange, writeTransaction } from '../store/write-transaction.js';
import { rebuildFid } from './custody-state.js';
import { decodeOnChainEvent } from './rows.js';
import { foldSignerEvents, signerHistory, updateSignerStatus } from './signer-state.js';

export interface RetractedBlock {
  number: number;
  hash: Uint8Array;
}

export interface Retraction {
  /** The events that were deleted. */
  events: OnChainEvent[];
  /** Keys that were active signers before and are not now: their revocations are queued with the retraction. */
  deactivatedSigners: { fid: number; key: Uint8Array }[];
}

/**
 * Undoes blocks that left the canonical chain: deletes their events and rebuilds the custody and signer
 * state they touched from the events that remain. Runs in the caller's transaction when given one, so
 * a reorg's retraction and the replacement blocks' merge can commit together.
 *
 * No hub event is written: the protocol has no event type for an undone on-chain event, and the
 * replacement blocks' events are announced by their own MERGE_ON_CHAIN_EVENT (decision 0004).
 */
export function retractBlocks(
  db: Kysely<NodeTables>,
  blocks: readonly RetractedBlock[],
  clock: Clock,
): Promise<Retraction> {
  return writeTransaction(db, async (trx) => {
    const events: OnChainEvent[] = [];
    for (const block of blocks) {
      const inBlock = trx
        .deleteFrom('onchain_events')
        .where('block_number', '=', block.number)
        .where('block_hash', '=', block.hash);
      const rows = await inBlock.returning('encoded').execute();
      for (const event of rows.map(decodeOnChainEvent)) {
        recordChange(trx, onChainChange('remove', event));
        events.push(event);
      }
    }

    const registrations = new Set<number>();
    const keys = new Map<string, { fid: number; key: Uint8Array }>();
    for (const event of events) {
      if (event.type === OnChainEventType.EVENT_TYPE_ID_REGISTER) registrations.add(event.fid);
      const key = event.signerEventBody?.key;
      if (event.type === OnChainEventType.EVENT_TYPE_SIGNER && key !== undefined) {
        keys.set(`${event.fid}:${Buffer.from(key).toString('hex')}`, { fid: event.fid, key });
      }
    }
    for (const fid of registrations) await rebuildFid(trx, fid);

    const deactivatedSigners: Retraction['deactivatedSigners'] = [];
    for (const signer of keys.values()) {
      const { status } = foldSignerEvents(await signerHistory(trx, signer.fid, signer.key));
      if (await updateSignerStatus(trx, signer.fid, signer.key, status, clock, 'retraction'))
        deactivatedSigners.push(signer);
    }
    return { events, deactivatedSigners };
  });
}
