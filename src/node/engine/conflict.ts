import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { compareBytes, sameBytes, tsHashHash } from './ts-hash.js';

/** What the CRDT order looks at: the message's ts_hash (timestamp ‖ hash) and whether it is a remove. */
export interface Ranked {
  readonly tsHash: Uint8Array;
  readonly isRemove: boolean;
}

/** Positive when `a` wins over `b`. */
export type Ordering = (a: Ranked, b: Ranked) => number;

const TIMESTAMP_BYTES = 4;

/** The default order (node-api.md §5.1): later timestamp, then a remove beats an add, then the higher hash. */
export const lastWriteWins: Ordering = (a, b) =>
  compareBytes(a.tsHash.subarray(0, TIMESTAMP_BYTES), b.tsHash.subarray(0, TIMESTAMP_BYTES)) ||
  Number(a.isRemove) - Number(b.isRemove) ||
  compareBytes(tsHashHash(a.tsHash), tsHashHash(b.tsHash));

/** Casts: a remove beats an add whatever the timestamps; between two of a kind, last write wins. */
export const removeWins: Ordering = (a, b) => Number(a.isRemove) - Number(b.isRemove) || lastWriteWins(a, b);

export const DUPLICATE_MESSAGE = 'message has already been merged';

export function conflictText(winner: Ranked): string {
  return `message conflicts with a more recent ${winner.isRemove ? 'remove' : 'add'}`;
}

/**
 * The generic CRDT decision for an incoming message against the stored messages it competes with (its
 * key's message, and for globally unique keys other fids' holders). The same message stored already is a
 * duplicate; any competitor that ranks higher makes it a conflict; otherwise every competitor loses and
 * is returned, to be deleted in the same transaction as the insert.
 */
export function resolveConflict<Row extends Ranked>(
  ordering: Ordering,
  incoming: Ranked,
  competitors: readonly Row[],
  describeConflict: (winner: Row) => string = conflictText,
): HubResult<Row[]> {
  if (competitors.some((row) => sameBytes(row.tsHash, incoming.tsHash))) {
    return fail('bad_request.duplicate', DUPLICATE_MESSAGE);
  }
  const winner = competitors.find((row) => ordering(incoming, row) < 0);
  if (winner !== undefined) return fail('bad_request.conflict', describeConflict(winner));
  return ok([...competitors]);
}
