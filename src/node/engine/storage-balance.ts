import type { Kysely } from 'kysely';
import { storageUnitsByFid } from '../onchain/queries.js';
import { NO_UNITS, unitsKey } from '../onchain/storage-units.js';
import type { StorageUnits } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';
import { lendsOf } from './stores/lends.js';

/** A fid's storage units by where they come from, and the net units every limit, prune and rate limit uses. */
export interface StorageBalance {
  /** Unexpired units rented on chain. */
  purchased: StorageUnits;
  /** Units of its purchased ones the fid lends out (LEND_STORAGE). */
  lent: StorageUnits;
  /** Units other fids lend it. */
  borrowed: StorageUnits;
  /**
   * purchased − lent + borrowed, per unit type. Lends outlive the rent they came from, so a lender whose
   * units expired would go below zero; it has none left instead.
   */
  net: StorageUnits;
}

export const EMPTY_BALANCE: StorageBalance = {
  purchased: NO_UNITS,
  lent: NO_UNITS,
  borrowed: NO_UNITS,
  net: NO_UNITS,
};

/** The balances of `fids` at `nowMs`: two reads of rents and lends, whatever the number of fids. */
export async function storageBalances(
  db: Kysely<NodeTables>,
  fids: readonly number[],
  nowMs: number,
): Promise<Map<number, StorageBalance>> {
  const purchased = await storageUnitsByFid(db, fids, nowMs);
  const lent = new Map<number, StorageUnits>();
  const borrowed = new Map<number, StorageUnits>();
  const add = (totals: Map<number, StorageUnits>, fid: number, kind: keyof StorageUnits, units: number) => {
    const held = totals.get(fid) ?? { ...NO_UNITS };
    held[kind] += units;
    totals.set(fid, held);
  };
  for (const { lender, borrower, body } of await lendsOf(db, fids)) {
    const kind = unitsKey(body.unitType);
    if (kind === undefined) continue;
    add(lent, lender, kind, body.numUnits);
    add(borrowed, borrower, kind, body.numUnits);
  }
  return new Map(
    fids.map((fid) => [
      fid,
      balanceOf(purchased.get(fid) ?? NO_UNITS, lent.get(fid) ?? NO_UNITS, borrowed.get(fid) ?? NO_UNITS),
    ]),
  );
}

export async function storageBalance(
  db: Kysely<NodeTables>,
  fid: number,
  nowMs: number,
): Promise<StorageBalance> {
  return (await storageBalances(db, [fid], nowMs)).get(fid) ?? EMPTY_BALANCE;
}

function balanceOf(purchased: StorageUnits, lent: StorageUnits, borrowed: StorageUnits): StorageBalance {
  const net = (kind: keyof StorageUnits) => Math.max(0, purchased[kind] - lent[kind] + borrowed[kind]);
  return { purchased, lent, borrowed, net: { legacy: net('legacy'), units2024: net('units2024') } };
}
