import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { StorageUnitType } from '../../protocol/gen/message.js';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import type { NodeTables } from '../store/schema.js';

/** Units rented before this block time (2024-08-29 00:00 UTC) are legacy units (node-api.md §5.3). */
export const LEGACY_UNIT_CUTOFF_SECONDS = 1_724_889_600;
const YEAR_SECONDS = 365 * 24 * 60 * 60;
const LEGACY_UNIT_LIFETIME_SECONDS = 2 * YEAR_SECONDS;
const UNIT_2024_LIFETIME_SECONDS = YEAR_SECONDS;

/**
 * Storage units of a fid, by unit type. Agora's chain rents legacy and 2024 units; Snapchain's 2025 units
 * (a later rent price) do not exist on it, so no fid ever holds one.
 */
export interface StorageUnits {
  legacy: number;
  units2024: number;
}

export const NO_UNITS: StorageUnits = { legacy: 0, units2024: 0 };

/** Where a StorageUnitType's units are counted; undefined for a type no fid holds here. */
export function unitsKey(type: StorageUnitType): keyof StorageUnits | undefined {
  if (type === StorageUnitType.UNIT_TYPE_LEGACY) return 'legacy';
  if (type === StorageUnitType.UNIT_TYPE_2024) return 'units2024';
  return undefined;
}

/** The stores whose size storage units limit. */
export type LimitedStore =
  | StoreType.CASTS
  | StoreType.LINKS
  | StoreType.REACTIONS
  | StoreType.USER_DATA
  | StoreType.USERNAME_PROOFS
  | StoreType.VERIFICATIONS
  | StoreType.STORAGE_LENDS;

/** Messages per unit: [legacy unit, 2024 unit]. Lends: one per purchased unit, reported, never enforced. */
const PER_UNIT: Readonly<Record<LimitedStore, readonly [number, number]>> = {
  [StoreType.CASTS]: [5000, 2000],
  [StoreType.LINKS]: [2500, 1000],
  [StoreType.REACTIONS]: [2500, 1000],
  [StoreType.USER_DATA]: [50, 50],
  [StoreType.USERNAME_PROOFS]: [5, 5],
  [StoreType.VERIFICATIONS]: [25, 25],
  [StoreType.STORAGE_LENDS]: [1, 1],
};

export function isLegacyRent(blockTimestamp: number): boolean {
  return blockTimestamp < LEGACY_UNIT_CUTOFF_SECONDS;
}

/**
 * Unix seconds at which units rented at `blockTimestamp` expire: legacy units last 2 years, 2024 units
 * 1 year, counted from the block time (the event's `expiry` field is not used, as in the reference).
 */
export function rentExpiry(blockTimestamp: number): number {
  return (
    blockTimestamp +
    (isLegacyRent(blockTimestamp) ? LEGACY_UNIT_LIFETIME_SECONDS : UNIT_2024_LIFETIME_SECONDS)
  );
}

/** Sums the fid's STORAGE_RENT units that are still valid at `nowMs` (valid while now < expiry). */
export async function storageUnits(
  db: Kysely<NodeTables>,
  fid: number,
  nowMs: number,
): Promise<StorageUnits> {
  const now = Math.floor(nowMs / 1000);
  return sumRents(await countableRents(db, now).where('fid', '=', fid).execute(), now);
}

/** A STORAGE_RENT event as {@link sumRents} reads it. */
export interface Rent {
  block_timestamp: number;
  units: number | null;
}

/**
 * The STORAGE_RENT events that may still count at `now` (unix seconds); the caller picks the fids. `now` is
 * used only as a bound value (reusableListQuery builds this with a stand-in for it).
 */
export function countableRents(db: Kysely<NodeTables>, now: number) {
  return (
    db
      .selectFrom('onchain_events')
      .select(['fid', 'block_timestamp', 'units'])
      .where('type', '=', OnChainEventType.EVENT_TYPE_STORAGE_RENT)
      // No unit lives longer than a legacy one; older rents cannot count.
      .where(
        'block_timestamp',
        '>',
        sql<number>`cast(${now} as bigint) - ${sql.lit(LEGACY_UNIT_LIFETIME_SECONDS)}`,
      )
  );
}

/** The units of `rents` still valid at `now` (unix seconds). */
export function sumRents(rents: readonly Rent[], now: number): StorageUnits {
  const units: StorageUnits = { legacy: 0, units2024: 0 };
  for (const rent of rents) {
    if (rentExpiry(rent.block_timestamp) <= now) continue;
    if (isLegacyRent(rent.block_timestamp)) units.legacy += rent.units ?? 0;
    else units.units2024 += rent.units ?? 0;
  }
  return units;
}

export function totalUnits(units: StorageUnits): number {
  return units.legacy + units.units2024;
}

/** How many messages `store` may hold for a fid with `units`. */
export function storeLimit(units: StorageUnits, store: LimitedStore): number {
  const [perLegacy, per2024] = PER_UNIT[store];
  return units.legacy * perLegacy + units.units2024 * per2024;
}
