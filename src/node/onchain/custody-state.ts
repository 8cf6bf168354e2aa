import type { Transaction } from 'kysely';
import { IdRegisterEventType, OnChainEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import type { NodeTables } from '../store/schema.js';
import { decodeOnChainEvent, inChainOrder } from './rows.js';

export interface FidStatus {
  custodyAddress: Uint8Array;
  /** Position of the REGISTER/TRANSFER event that set the custody address. */
  custodyBlockNumber: number;
  custodyLogIndex: number;
  recoveryAddress: Uint8Array | null;
}

/**
 * A fid's registration from its ID_REGISTER events in chain order: the newest REGISTER/TRANSFER gives
 * custody, the newest REGISTER/CHANGE_RECOVERY gives recovery. Undefined until a REGISTER or TRANSFER is
 * known. Replaying makes an older event that arrives late change nothing.
 */
export function foldIdRegisterEvents(events: readonly OnChainEvent[]): FidStatus | undefined {
  let custody: Omit<FidStatus, 'recoveryAddress'> | undefined;
  let recoveryAddress: Uint8Array | null = null;
  for (const event of inChainOrder(events)) {
    const body = event.idRegisterEventBody;
    if (body === undefined) continue;
    const { eventType } = body;
    if (eventType === IdRegisterEventType.REGISTER || eventType === IdRegisterEventType.CHANGE_RECOVERY) {
      recoveryAddress = body.recoveryAddress;
    }
    if (eventType === IdRegisterEventType.REGISTER || eventType === IdRegisterEventType.TRANSFER) {
      custody = {
        custodyAddress: body.to,
        custodyBlockNumber: event.blockNumber,
        custodyLogIndex: event.logIndex,
      };
    }
  }
  return custody === undefined ? undefined : { ...custody, recoveryAddress };
}

/** Recomputes the fid's row from its stored ID_REGISTER events (deleting it when none sets custody). */
export async function rebuildFid(trx: Transaction<NodeTables>, fid: number): Promise<void> {
  const rows = await trx
    .selectFrom('onchain_events')
    .select('encoded')
    .where('type', '=', OnChainEventType.EVENT_TYPE_ID_REGISTER)
    .where('fid', '=', fid)
    .execute();
  const status = foldIdRegisterEvents(rows.map(decodeOnChainEvent));
  if (status === undefined) {
    await trx.deleteFrom('fids').where('fid', '=', fid).execute();
    return;
  }
  const values = {
    custody_address: status.custodyAddress,
    custody_block_number: status.custodyBlockNumber,
    custody_log_index: status.custodyLogIndex,
    recovery_address: status.recoveryAddress,
  };
  await trx
    .insertInto('fids')
    .values({ fid, ...values })
    .onConflict((conflict) => conflict.column('fid').doUpdateSet(values))
    .execute();
}
