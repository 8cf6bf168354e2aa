import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { normalizeHex } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';

/** A block the reader has processed, as it was on the chain when read. */
export interface RecordedBlock {
  number: number;
  /** Lowercase 0x hex, 32 bytes. */
  hash: Hex;
}

/**
 * Where the reader stands. Plain JSON (numbers and hex strings) so a consumer can store it beside the
 * events it applied, in the same transaction.
 */
export interface ReaderCheckpoint {
  /** First block not read yet; everything below it has been applied. */
  nextBlock: number;
  /**
   * Recently processed blocks, ascending and bounded: every block that had events, the last block of
   * every read range, and every block near the head. Used to detect reorgs and find the fork point.
   */
  blocks: RecordedBlock[];
}

/** A block whose events are no longer on the chain; the consumer drops the events it applied from it. */
export interface OrphanedBlock {
  number: number;
  hash: Uint8Array;
}

/**
 * The consumer of the reader: persists events and the checkpoint together. Each call must be atomic: when
 * it throws, nothing of it may remain, and the reader retries it.
 */
export interface ChainEventSink {
  /** The checkpoint saved by the last successful apply/retract; undefined on first start. */
  load(): Promise<ReaderCheckpoint | undefined>;
  /** Events of newly confirmed blocks, in (blockNumber, logIndex) order, possibly none. */
  apply(events: OnChainEvent[], checkpoint: ReaderCheckpoint): Promise<void>;
  /** Blocks orphaned by a reorg, ascending; their events are read again from the new chain afterwards. */
  retract(orphaned: OrphanedBlock[], checkpoint: ReaderCheckpoint): Promise<void>;
}

export function initialCheckpoint(startBlock: number): ReaderCheckpoint {
  return { nextBlock: startBlock, blocks: [] };
}

/**
 * The checkpoint after reading up to `nextBlock - 1`: `read` merged into the recorded blocks (a re-read
 * number replaces the old entry) and only the newest `window` kept.
 */
export function advanceCheckpoint(
  checkpoint: ReaderCheckpoint,
  nextBlock: number,
  read: readonly RecordedBlock[],
  window: number,
): ReaderCheckpoint {
  const byNumber = new Map(checkpoint.blocks.map((block) => [block.number, block]));
  for (const block of read) byNumber.set(block.number, block);
  const blocks = [...byNumber.values()].sort((a, b) => a.number - b.number).slice(-window);
  return { nextBlock, blocks };
}

/** Validates a checkpoint read back from storage (e.g. `JSON.parse` of a column); throws when malformed. */
export function parseCheckpoint(value: unknown): ReaderCheckpoint {
  if (typeof value !== 'object' || value === null) throw new TypeError('checkpoint must be an object');
  const { nextBlock, blocks } = value as Record<string, unknown>;
  if (!isBlockNumber(nextBlock)) throw new TypeError('checkpoint nextBlock must be a block number');
  if (!Array.isArray(blocks)) throw new TypeError('checkpoint blocks must be an array');
  const parsed = blocks.map((entry: unknown): RecordedBlock => {
    const { number, hash } = (entry ?? {}) as Record<string, unknown>;
    const normalized = normalizeHex(hash, 32);
    if (!isBlockNumber(number) || normalized === undefined || number >= nextBlock) {
      throw new TypeError(`checkpoint block entry is malformed: ${JSON.stringify(entry)}`);
    }
    return { number, hash: normalized };
  });
  if (parsed.some((block, i) => i > 0 && block.number <= (parsed[i - 1]?.number ?? -1))) {
    throw new TypeError('checkpoint blocks must be strictly ascending');
  }
  return { nextBlock, blocks: parsed };
}

function isBlockNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
