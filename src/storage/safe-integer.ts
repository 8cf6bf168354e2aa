/**
 * 64-bit integers from either driver become JS numbers, but only when exact: a silently rounded fid or
 * timestamp is worse than a loud failure.
 */
const MAX = BigInt(Number.MAX_SAFE_INTEGER);
const MIN = -MAX;

/** `value` is a bigint (better-sqlite3 safe-integer mode) or decimal text (pg int8). */
export function toSafeNumber(value: bigint | string, column?: string): number {
  const inRange =
    typeof value === 'bigint' ? value >= MIN && value <= MAX : Number.isSafeInteger(Number(value));
  if (!inRange) {
    const where = column === undefined ? '' : ` in column "${column}"`;
    throw new RangeError(
      `integer ${String(value)}${where} is outside the safe JavaScript range (±${Number.MAX_SAFE_INTEGER})`,
    );
  }
  return Number(value);
}
