import type { SocialDb } from '../store.js';
import type { SignedKeyRequestsTable } from './tables.js';

/**
 * Reads and writes of signed key requests. Every state change is one conditional UPDATE on the current
 * state, so concurrent requests (also from several processes) cannot move a request twice or backwards.
 */

export type SignedKeyRequestRow = SignedKeyRequestsTable;

export async function insertSignedKeyRequest(db: SocialDb, row: SignedKeyRequestRow): Promise<void> {
  await db.insertInto('signed_key_requests').values(row).execute();
}

export async function signedKeyRequestByToken(
  db: SocialDb,
  token: string,
): Promise<SignedKeyRequestRow | undefined> {
  return db.selectFrom('signed_key_requests').selectAll().where('token', '=', token).executeTakeFirst();
}

/**
 * Claims a pending request for one relay: true for exactly one of several concurrent callers. A claim
 * older than `staleBefore` (its process died mid-relay) may be taken over.
 */
export async function claimForRelay(
  db: SocialDb,
  token: string,
  claim: { userFid: number; now: number; staleBefore: number },
): Promise<boolean> {
  const result = await db
    .updateTable('signed_key_requests')
    .set({ relaying_since: claim.now, user_fid: claim.userFid, tx_hash: null })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('relaying_since', 'is', null), eb('relaying_since', '<', claim.staleBefore)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function recordRelayTransaction(db: SocialDb, token: string, txHash: string): Promise<void> {
  await db
    .updateTable('signed_key_requests')
    .set({ tx_hash: txHash })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .execute();
}

/** Gives up a claim (the relay failed); with `txHash`, only if that relay still holds it. */
export async function releaseRelayClaim(db: SocialDb, token: string, txHash?: string): Promise<void> {
  let update = db
    .updateTable('signed_key_requests')
    .set({ relaying_since: null, user_fid: null, tx_hash: null })
    .where('token', '=', token)
    .where('state', '=', 'pending');
  if (txHash !== undefined) update = update.where('tx_hash', '=', txHash);
  await update.execute();
}

/** pending -> approved once the relayed transaction `txHash` succeeded. */
export async function markApproved(db: SocialDb, token: string, txHash: string, now: number): Promise<void> {
  await db
    .updateTable('signed_key_requests')
    .set({ state: 'approved', approved_at: now, relaying_since: null })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .where('tx_hash', '=', txHash)
    .execute();
}

/** approved -> completed once the node has merged the signer. */
export async function markCompleted(db: SocialDb, token: string, now: number): Promise<void> {
  await db
    .updateTable('signed_key_requests')
    .set({ state: 'completed', completed_at: now })
    .where('token', '=', token)
    .where('state', '=', 'approved')
    .execute();
}

export async function setWarps(db: SocialDb, fid: number, warps: number, now: number): Promise<void> {
  await db
    .insertInto('warps')
    .values({ fid, warps, updated_at: now })
    .onConflict((conflict) => conflict.column('fid').doUpdateSet({ warps, updated_at: now }))
    .execute();
}

/** 0 for an fid the operator never set. */
export async function warpsOf(db: SocialDb, fid: number): Promise<number> {
  const row = await db.selectFrom('warps').select('warps').where('fid', '=', fid).executeTakeFirst();
  return row?.warps ?? 0;
}
