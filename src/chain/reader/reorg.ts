import type { RecordedBlock } from './checkpoint.js';
import { fetchHeader } from './rpc.js';
import type { ReaderClient } from './rpc.js';

/** The node's answers did not describe one chain (a reorg while reading); the work is retried. */
export class ChainChangedError extends Error {
  override name = 'ChainChangedError';
}

/** A reorg reached below every recorded block: the fork point is unknown, so the reader cannot go on. */
export class ReorgTooDeepError extends Error {
  override name = 'ReorgTooDeepError';
}

export interface ForkPoint {
  /** The newest recorded block still on the chain; everything up to it stays applied. */
  fork: RecordedBlock;
  /** Recorded blocks above the fork, ascending: their events must be retracted. */
  orphaned: RecordedBlock[];
}

/**
 * Walks the recorded blocks from the newest down until one still has its hash on the chain. Blocks form a
 * hash chain, so every block below a match is unchanged too; only recorded blocks above it can hold
 * applied events that are gone.
 */
export async function findForkPoint(
  client: ReaderClient,
  recorded: readonly RecordedBlock[],
): Promise<ForkPoint> {
  for (let index = recorded.length - 1; index >= 0; index--) {
    const block = recorded[index] as RecordedBlock;
    const header = await fetchHeader(client, block.number);
    if (header === undefined) throw new ChainChangedError(`block ${block.number} is not available`);
    if (header.hash === block.hash) return { fork: block, orphaned: recorded.slice(index + 1) };
  }
  throw new ReorgTooDeepError(
    `reorg below block ${recorded[0]?.number}, the oldest of ${recorded.length} recorded blocks; ` +
      'the chain state must be reset',
  );
}
