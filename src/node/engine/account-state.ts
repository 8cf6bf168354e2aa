import type { Kysely } from 'kysely';
import { activeSignerKeys, fidRegistrations, storageUnitsByFid } from '../onchain/queries.js';
import type { FidRegistration } from '../onchain/queries.js';
import type { StorageUnits } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';

/** The on-chain state of a batch's fids, read once: messages never change it, so it holds for the batch. */
export interface AccountState {
  registration(fid: number): FidRegistration | undefined;
  isActiveSigner(fid: number, key: Uint8Array): boolean;
  units(fid: number): StorageUnits;
}

const NO_UNITS: StorageUnits = { legacy: 0, units2024: 0 };

/** Reads registration, active signers and storage units of `fids` (three reads, whatever their number). */
export async function loadAccountState(
  db: Kysely<NodeTables>,
  fids: Iterable<number>,
  nowMs: number,
): Promise<AccountState> {
  const distinct = [...new Set(fids)];
  const registrations = await fidRegistrations(db, distinct);
  const signers = await activeSignerKeys(db, distinct);
  const units = await storageUnitsByFid(db, distinct, nowMs);
  return {
    registration: (fid) => registrations.get(fid),
    isActiveSigner: (fid, key) => signers.get(fid)?.has(Buffer.from(key).toString('hex')) ?? false,
    units: (fid) => units.get(fid) ?? NO_UNITS,
  };
}
