import { bytesToHex } from '../../protocol/hex.js';
import {
  deleteSigner,
  deleteVerification,
  markCastRemoved,
  putCast,
  putSigner,
  putUserData,
  putVerification,
} from '../node-index/store.js';
import type { SocialDb } from '../store.js';
import type { IndexChange } from './hub-json.js';

/** Applies changes in order, inside the caller's transaction. Every write is idempotent. */
export async function applyChanges(db: SocialDb, changes: readonly IndexChange[]): Promise<void> {
  for (const change of changes) {
    switch (change.kind) {
      case 'cast':
        await putCast(db, change.cast);
        break;
      case 'castRemoved':
        await markCastRemoved(db, change.hash, change.at);
        break;
      case 'verification':
        await putVerification(db, change);
        break;
      case 'verificationRemoved':
        await deleteVerification(db, change.fid, change.protocol, change.address);
        break;
      case 'userData':
        await putUserData(db, change.fid, change.type, change.value);
        break;
      case 'signer':
        await putSigner(db, change);
        break;
      case 'signerRemoved':
        await deleteSigner(db, change.fid, change.key);
        break;
    }
  }
}

/** Rows per `in (...)` list, well under PostgreSQL's bind-parameter limit. */
const CHUNK = 500;

/**
 * Makes the index hold exactly what the node holds for `fid` now (a backfill step): `changes` are what the
 * node's reads list for the fid (its CastAdds and CastRemoves, verifications, user data, active signers).
 * Whatever the index has beyond them left the node while nobody was following (pruned, revoked, removed):
 * casts are marked removed at `removedAt`, the rest deleted.
 */
export async function reconcileFid(
  db: SocialDb,
  fid: number,
  changes: readonly IndexChange[],
  removedAt: number,
): Promise<void> {
  const kept = { casts: new Set<string>(), verifications: new Set<string>(), types: new Set<number>() };
  const keys = new Set<string>();
  for (const change of changes) {
    if (change.kind === 'cast') kept.casts.add(bytesToHex(change.cast.hash));
    if (change.kind === 'verification') kept.verifications.add(`${change.protocol}:${change.address}`);
    if (change.kind === 'userData' && change.value !== '') kept.types.add(change.type);
    if (change.kind === 'signer') keys.add(bytesToHex(change.key));
  }

  const casts = await db
    .selectFrom('indexed_casts')
    .select('hash')
    .where('fid', '=', fid)
    .where('removed_at', 'is', null)
    .execute();
  const goneCasts = casts.map((row) => row.hash).filter((hash) => !kept.casts.has(bytesToHex(hash)));
  for (let start = 0; start < goneCasts.length; start += CHUNK) {
    await db
      .updateTable('indexed_casts')
      .set({ removed_at: removedAt })
      .where('hash', 'in', goneCasts.slice(start, start + CHUNK))
      .execute();
  }

  const verifications = await db
    .selectFrom('indexed_verifications')
    .select(['protocol', 'address'])
    .where('fid', '=', fid)
    .execute();
  for (const row of verifications) {
    if (!kept.verifications.has(`${row.protocol}:${row.address}`)) {
      await deleteVerification(db, fid, row.protocol, row.address);
    }
  }

  const userData = await db.selectFrom('indexed_user_data').select('type').where('fid', '=', fid).execute();
  for (const row of userData) {
    if (!kept.types.has(row.type)) await putUserData(db, fid, row.type, '');
  }

  const signers = await db.selectFrom('indexed_signers').select('key').where('fid', '=', fid).execute();
  for (const row of signers) {
    if (!keys.has(bytesToHex(row.key))) await deleteSigner(db, fid, row.key);
  }

  await applyChanges(db, changes);
}
