import type { Kysely, Transaction } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import type { Clock } from '../../shared/clock.js';
import { appendEvents } from '../events/event-log.js';
import type { NodeTables } from '../store/schema.js';
import { onChainChange } from '../store/changes.js';
import { recordChange, writeTransaction } from '../store/write-transaction.js';
import { rebuildFid } from './custody-state.js';
import { toOnChainEventRow } from './rows.js';
import { foldSignerEvents, signerHistory, updateSignerStatus } from './signer-state.js';
import { checkOnChainEvent } from './validate.js';

export interface MergedOnChainEvent {
  event: OnChainEvent;
  /** Id of the HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT written in the same transaction. */
  hubEventId: number;
  /**
   * The event's key when this merge made an active signer inactive in a way that revokes its messages (an
   * admin reset; a removal does not, decision 0008): the revocation is queued in the merge's transaction.
   */
  deactivatedSigner?: Uint8Array | undefined;
}

export type OnChainMergeResult = HubResult<MergedOnChainEvent>;

type Staged = Omit<MergedOnChainEvent, 'hubEventId'>;

/**
 * Merges on-chain events in one transaction (the caller's, when `db` is a transaction) and returns one
 * result per event, in order. A rejected event (invalid, duplicate, re-added removed key) writes
 * nothing and does not stop the others; each accepted one is stored, updates the derived state and
 * emits MERGE_ON_CHAIN_EVENT. Merges are serialized across processes (the write lock, `writeTransaction`), because
 * signer checks read the key's history; in a caller's transaction that lock lasts until it ends.
 */
export function mergeOnChainEvents(
  db: Kysely<NodeTables>,
  events: readonly OnChainEvent[],
  clock: Clock,
): Promise<OnChainMergeResult[]> {
  return writeTransaction(db, async (trx) => {
    const staged: HubResult<Staged>[] = [];
    for (const event of events) staged.push(await stage(trx, event, clock));
    const accepted = staged.flatMap((result) => (result.ok ? [result.value] : []));
    const hubEvents = await appendEvents(
      trx,
      accepted.map(({ event }) =>
        HubEvent.fromPartial({
          type: HubEventType.MERGE_ON_CHAIN_EVENT,
          mergeOnChainEventBody: { onChainEvent: event },
        }),
      ),
      clock,
    );
    let next = 0;
    return staged.map((result) => {
      if (!result.ok) return result;
      const hubEvent = hubEvents[next++];
      if (hubEvent === undefined) throw new Error('the event log returned fewer events than appended');
      return ok({ ...result.value, hubEventId: hubEvent.id });
    });
  });
}

/** Checks one event against the stored state, then writes it and the state it changes. */
async function stage(
  trx: Transaction<NodeTables>,
  event: OnChainEvent,
  clock: Clock,
): Promise<HubResult<Staged>> {
  const checked = checkOnChainEvent(event);
  if (!checked.ok) return checked;
  if (await isStored(trx, event)) return fail('bad_request.duplicate', 'onChainEvent already exists');

  if (event.type === OnChainEventType.EVENT_TYPE_SIGNER && event.signerEventBody !== undefined) {
    const { key } = event.signerEventBody;
    const history = await signerHistory(trx, event.fid, key);
    const fold = foldSignerEvents([...history, event]);
    if (fold.readdsRemovedKey) return fail('bad_request.conflict', 'attempting to re-add removed key');
    await insert(trx, event);
    const revoked = await updateSignerStatus(trx, event.fid, key, fold.status, clock, 'event');
    return ok({ event, deactivatedSigner: revoked ? key : undefined });
  }

  await insert(trx, event);
  if (event.type === OnChainEventType.EVENT_TYPE_ID_REGISTER) await rebuildFid(trx, event.fid);
  return ok({ event });
}

async function isStored(trx: Transaction<NodeTables>, event: OnChainEvent): Promise<boolean> {
  const row = await trx
    .selectFrom('onchain_events')
    .select('fid')
    .where('type', '=', event.type)
    .where('fid', '=', event.fid)
    .where('block_number', '=', event.blockNumber)
    .where('log_index', '=', event.logIndex)
    .executeTakeFirst();
  return row !== undefined;
}

async function insert(trx: Transaction<NodeTables>, event: OnChainEvent): Promise<void> {
  recordChange(trx, onChainChange('add', event));
  await trx.insertInto('onchain_events').values(toOnChainEventRow(event)).execute();
}
