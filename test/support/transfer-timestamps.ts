/**
 * Timestamps for one test's name transfers, each a later second than the one before: the registry takes
 * a transfer of a name only when it is later than the name's last one (docs/names.md, rule 10), and nodes
 * order a name's proofs by it. Instead of waiting for the next second, a test runs ahead of the clock by
 * at most one second per transfer, well within the minute the registry allows by default
 * (--max-timestamp-ahead-seconds).
 */
export function transferTimestamps(): () => number {
  let last = 0;
  return () => (last = Math.max(Math.floor(Date.now() / 1000), last + 1));
}
