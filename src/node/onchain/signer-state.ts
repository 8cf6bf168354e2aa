import type { Kysely, Transaction } from 'kysely';
import { OnChainEventType, SignerEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import type { Clock } from '../../shared/clock.js';
import type { NodeTables, SignerState } from '../store/schema.js';
import { queueRevocation } from './revocation-queue.js';
import { decodeOnChainEvent, inChainOrder } from './rows.js';
import type { ChainPosition } from './rows.js';

/** The only key type that signs messages (Ed25519); other types are stored but never active. */
export const ED25519_KEY_TYPE = 1;

export interface SignerStatus extends ChainPosition {
  state: SignerState;
  keyType: number;
}

export interface SignerFold {
  /** Undefined when no event decided anything (e.g. only an ADMIN_RESET). */
  status: SignerStatus | undefined;
  /** The history adds the key again after a REMOVE of the same registry version, which the contract forbids. */
  readdsRemovedKey: boolean;
}

/**
 * A key's state from its SIGNER events, replayed in chain order the way the Key Registry moves it:
 * ADD → added, REMOVE → removed (permanent within a registry version), ADMIN_RESET → back to the
 * contract's NULL ('reset'), and only from added, as the contract allows (decision 0005). Replaying the
 * whole history makes the result independent of the order in which events arrived.
 */
export function foldSignerEvents(events: readonly OnChainEvent[]): SignerFold {
  let status: SignerStatus | undefined;
  let removedInVersion: number | undefined;
  let readdsRemovedKey = false;
  for (const event of inChainOrder(events)) {
    const body = event.signerEventBody;
    if (body === undefined) continue;
    const position = { blockNumber: event.blockNumber, logIndex: event.logIndex };
    if (body.eventType === SignerEventType.ADD) {
      if (status?.state === 'removed' && removedInVersion === event.version) readdsRemovedKey = true;
      else status = { ...position, state: 'added', keyType: body.keyType };
    } else if (body.eventType === SignerEventType.REMOVE) {
      status = { ...position, state: 'removed', keyType: status?.keyType ?? body.keyType };
      removedInVersion = event.version;
    } else if (body.eventType === SignerEventType.ADMIN_RESET && status?.state === 'added') {
      status = { ...position, state: 'reset', keyType: status.keyType };
    }
  }
  return { status, readdsRemovedKey };
}

export function isActiveStatus(status: SignerStatus | undefined): boolean {
  return status?.state === 'added' && status.keyType === ED25519_KEY_TYPE;
}

/** The stored SIGNER events of one key, in chain order. */
export async function signerHistory(
  db: Kysely<NodeTables>,
  fid: number,
  key: Uint8Array,
): Promise<OnChainEvent[]> {
  const rows = await db
    .selectFrom('onchain_events')
    .select('encoded')
    .where('fid', '=', fid)
    .where('signer_key', '=', key)
    .where('type', '=', OnChainEventType.EVENT_TYPE_SIGNER)
    .orderBy('block_number')
    .orderBy('log_index')
    .execute();
  return rows.map(decodeOnChainEvent);
}

export async function readSignerStatus(
  db: Kysely<NodeTables>,
  fid: number,
  key: Uint8Array,
): Promise<SignerStatus | undefined> {
  const row = await db
    .selectFrom('signers')
    .select(['state', 'key_type', 'block_number', 'log_index'])
    .where('fid', '=', fid)
    .where('key', '=', key)
    .executeTakeFirst();
  return row === undefined
    ? undefined
    : { state: row.state, keyType: row.key_type, blockNumber: row.block_number, logIndex: row.log_index };
}

/** Why a key's status changes: an event the chain emitted, or the retraction of orphaned blocks. */
export type StatusChange = 'event' | 'retraction';

/**
 * Whether deactivating a key revokes the messages it signed. A removal does not (decision 0008: the current
 * protocol keeps them, and only refuses what the key signs afterwards). An admin reset does (decision 0005:
 * the key should never have been added), and so does a retraction: the ADD never happened on the chain.
 */
function revokesMessages(status: SignerStatus | undefined, change: StatusChange): boolean {
  return change === 'retraction' || status?.state !== 'removed';
}

/**
 * Stores the key's new status. When that makes an active signer inactive in a way that revokes its
 * messages, their revocation is queued in the same transaction; returns whether it was.
 */
export async function updateSignerStatus(
  trx: Transaction<NodeTables>,
  fid: number,
  key: Uint8Array,
  status: SignerStatus | undefined,
  clock: Clock,
  change: StatusChange,
): Promise<boolean> {
  const wasActive = isActiveStatus(await readSignerStatus(trx, fid, key));
  await saveSignerStatus(trx, fid, key, status);
  const revokes = wasActive && !isActiveStatus(status) && revokesMessages(status, change);
  if (revokes) await queueRevocation(trx, fid, key, clock.now());
  return revokes;
}

async function saveSignerStatus(
  trx: Transaction<NodeTables>,
  fid: number,
  key: Uint8Array,
  status: SignerStatus | undefined,
): Promise<void> {
  if (status === undefined) {
    await trx.deleteFrom('signers').where('fid', '=', fid).where('key', '=', key).execute();
    return;
  }
  const values = {
    state: status.state,
    key_type: status.keyType,
    block_number: status.blockNumber,
    log_index: status.logIndex,
  };
  await trx
    .insertInto('signers')
    .values({ fid, key, ...values })
    .onConflict((conflict) => conflict.columns(['fid', 'key']).doUpdateSet(values))
    .execute();
}
