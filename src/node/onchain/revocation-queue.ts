import type { Kysely, Transaction } from 'kysely';
import type { NodeTables } from '../store/schema.js';

export interface PendingRevocation {
  fid: number;
  signer: Uint8Array;
}

/**
 * Queues the revocation of a deactivated key's messages, in the transaction that deactivated it: the
 * revocation itself runs later, in transactions of its own (decision 0004), and must not be lost if that
 * fails or the process dies first. A key already queued keeps its row.
 */
export async function queueRevocation(
  trx: Transaction<NodeTables>,
  fid: number,
  signer: Uint8Array,
  queuedAt: number,
): Promise<void> {
  await trx
    .insertInto('pending_revocations')
    .values({ fid, signer, queued_at: queuedAt })
    .onConflict((conflict) => conflict.columns(['fid', 'signer']).doNothing())
    .execute();
}

/** Up to `limit` queued revocations, oldest first. */
export function pendingRevocations(db: Kysely<NodeTables>, limit: number): Promise<PendingRevocation[]> {
  return db
    .selectFrom('pending_revocations')
    .select(['fid', 'signer'])
    .orderBy('queued_at')
    .orderBy('fid')
    .orderBy('signer')
    .limit(limit)
    .execute();
}

/** Takes a key off the queue: in the transaction that revokes its last messages, or finds it active again. */
export async function dropRevocation(
  trx: Transaction<NodeTables>,
  fid: number,
  signer: Uint8Array,
): Promise<void> {
  await trx.deleteFrom('pending_revocations').where('fid', '=', fid).where('signer', '=', signer).execute();
}
