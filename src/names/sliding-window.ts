/**
 * A sliding window estimated from two fixed windows: the requests of the last `windowMs` are taken to be the
 * current window's count plus the previous window's count scaled by the part of it the sliding window still
 * covers (requests assumed evenly spread). Two counters per key instead of a log of every request, and
 * each counter can be incremented atomically by any number of processes.
 */

/** Requests counted in a key's previous and current fixed windows. */
export interface WindowCounts {
  previous: number;
  current: number;
}

/** The estimated number of requests in the last `windowMs`, `elapsedMs` into the current window. */
export function slidingCount(counts: WindowCounts, elapsedMs: number, windowMs: number): number {
  return counts.previous * (1 - elapsedMs / windowMs) + counts.current;
}

/**
 * Milliseconds from now until one more request fits under `limit`, if no other arrives meanwhile; 0 when it
 * fits now. `limit` is at least 1.
 */
export function msUntilRoom(
  counts: WindowCounts,
  elapsedMs: number,
  windowMs: number,
  limit: number,
): number {
  // How much of the previous window may still count next to the current one and the new request.
  const room = limit - 1 - counts.current;
  if (room >= 0) {
    if (counts.previous <= room) return 0;
    return Math.max(0, windowMs * (1 - room / counts.previous) - elapsedMs);
  }
  // Only the next window has room, once enough of this one (its previous then) has slid out.
  return windowMs - elapsedMs + windowMs * (1 - (limit - 1) / counts.current);
}
