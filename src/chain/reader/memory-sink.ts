import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { bytesToHex } from '../../protocol/hex.js';
import { parseCheckpoint } from './checkpoint.js';
import type { ChainEventSink, OrphanedBlock, ReaderCheckpoint } from './checkpoint.js';

/**
 * A ChainEventSink in memory, for tests and tools. The checkpoint is kept as JSON text, as a database column
 * would hold it, and events keep the hub's primary key (type, fid, blockNumber, logIndex): applying one twice
 * throws, so a test sees any duplicate delivery.
 */
export class MemorySink implements ChainEventSink {
  readonly events: OnChainEvent[] = [];
  /** Every retract call's blocks, in order. */
  readonly retractions: OrphanedBlock[][] = [];
  private saved: string | undefined;

  constructor(checkpoint?: ReaderCheckpoint) {
    this.saved = checkpoint === undefined ? undefined : JSON.stringify(checkpoint);
  }

  get checkpoint(): ReaderCheckpoint | undefined {
    return this.saved === undefined ? undefined : parseCheckpoint(JSON.parse(this.saved));
  }

  async load(): Promise<ReaderCheckpoint | undefined> {
    return this.checkpoint;
  }

  async apply(events: OnChainEvent[], checkpoint: ReaderCheckpoint): Promise<void> {
    const keys = new Set(this.events.map(eventKey));
    for (const event of events) {
      if (keys.has(eventKey(event))) throw new Error(`duplicate on-chain event ${eventKey(event)}`);
      keys.add(eventKey(event));
    }
    this.events.push(...events);
    this.saved = JSON.stringify(checkpoint);
  }

  async retract(orphaned: OrphanedBlock[], checkpoint: ReaderCheckpoint): Promise<void> {
    const gone = new Set(orphaned.map((block) => `${block.number}:${bytesToHex(block.hash)}`));
    const kept = this.events.filter(
      (event) => !gone.has(`${event.blockNumber}:${bytesToHex(event.blockHash)}`),
    );
    this.events.splice(0, this.events.length, ...kept);
    this.retractions.push(orphaned);
    this.saved = JSON.stringify(checkpoint);
  }
}

function eventKey(event: OnChainEvent): string {
  return `${event.type}/${event.fid}/${event.blockNumber}/${event.logIndex}`;
}
