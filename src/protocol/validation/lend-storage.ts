import { StorageUnitType, type LendStorageBody } from '../gen/message.js';
import { invalid, type Problem } from './checks.js';
import { MAX_LEND_AGE_SECONDS, MAX_LEND_UNITS } from './limits.js';

const UNIT_TYPES: ReadonlySet<number> = new Set([
  StorageUnitType.UNIT_TYPE_LEGACY,
  StorageUnitType.UNIT_TYPE_2024,
  StorageUnitType.UNIT_TYPE_2025,
]);

/**
 * A LEND_STORAGE (snapchain-messages.md §3.1). A lend of 0 units revokes and is pruned as soon as it merges,
 * so a backdated one could undo a newer lend: its timestamp may be at most 10 minutes old. Core's checks in
 * core's order, then Snapchain's unit type check, which core lacks (decision 0002).
 */
export function checkLendStorageBody(body: LendStorageBody, timestamp: number, now: number): Problem {
  if (timestamp < now - MAX_LEND_AGE_SECONDS) return invalid('timestamp more than 10 mins in the past');
  if (body.numUnits > MAX_LEND_UNITS) return invalid('num storage units too large');
  if (!UNIT_TYPES.has(body.unitType)) return invalid('invalid storage unit type');
  return undefined;
}
