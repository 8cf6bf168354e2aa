import type { Kysely, Transaction } from 'kysely';
import { parseCheckpoint, startChainReader } from '../../chain/reader/index.js';
import type {
  ChainEventSink,
  ChainReader,
  ChainReaderOptions,
  OrphanedBlock,
  ReaderCheckpoint,
  ReaderLogger,
} from '../../chain/reader/index.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { bytesToHex } from '../../protocol/hex.js';
import type { Clock } from '../../shared/clock.js';
import { mergeOnChainEvents, retractBlocks } from '../onchain/index.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { readMeta, writeMeta } from '../../storage/service-meta.js';

/** `service_meta` key of the chain reader's checkpoint (JSON). */
export const CHAIN_CHECKPOINT_KEY = 'chain_checkpoint';

/** Revokes the messages of a key that stopped being an active signer (the engine's `revokeSigner`). */
export type SignerDeactivated = (fid: number, key: Uint8Array) => Promise<unknown>;

interface DeactivatedSigner {
  fid: number;
  key: Uint8Array;
}

export interface ChainSinkOptions {
  db: Kysely<NodeTables>;
  clock: Clock;
  logger: ReaderLogger;
  /** Called after the commit that deactivated the signer, once per signer, in chain order. */
  onSignerDeactivated: SignerDeactivated;
}

/**
 * The node's end of the chain reader: every call stores its events (or retraction) and the checkpoint in
 * one transaction, so a crash makes the reader repeat a range, never skip one. Repeated events are
 * duplicates the merge skips. Signer revocation runs after the commit, in the engine's own transaction
 * (decision 0004: no message writes while the event log lock is held); the commit queued it in
 * `pending_revocations`, where the revocation retry finds it if this attempt fails or never ends.
 */
export function createChainSink(options: ChainSinkOptions): ChainEventSink {
  const { db, clock, logger } = options;

  const inCheckpointedTransaction = <T>(
    checkpoint: ReaderCheckpoint,
    work: (trx: Transaction<NodeTables>) => Promise<T>,
  ): Promise<T> =>
    // The write lock first (writeTransaction takes it), as the merge takes it anyway: two node processes
    // then never hold the checkpoint row and the lock in opposite orders.
    writeTransaction(db, async (trx) => {
      await writeMeta(trx, CHAIN_CHECKPOINT_KEY, JSON.stringify(checkpoint));
      return work(trx);
    });

  const revokeSigners = async (signers: readonly DeactivatedSigner[]): Promise<void> => {
    for (const { fid, key } of signers) {
      try {
        await options.onSignerDeactivated(fid, key);
      } catch (error) {
        // Retrying here could block the reader; the revocation stays queued for the revocation retry.
        logger.error({ err: error, fid, key: bytesToHex(key) }, 'chain ingest: signer revocation failed');
      }
    }
  };

  return {
    async load() {
      const saved = await readMeta(db, CHAIN_CHECKPOINT_KEY);
      return saved === undefined ? undefined : parseCheckpoint(JSON.parse(saved));
    },

    async apply(events: OnChainEvent[], checkpoint: ReaderCheckpoint) {
      const results = await inCheckpointedTransaction(checkpoint, (trx) =>
        mergeOnChainEvents(trx, events, clock),
      );
      const deactivated: DeactivatedSigner[] = [];
      let duplicates = 0;
      results.forEach((result, index) => {
        const event = events[index];
        if (result.ok) {
          const key = result.value.deactivatedSigner;
          if (key !== undefined) deactivated.push({ fid: result.value.event.fid, key });
        } else if (result.error.errCode === 'bad_request.duplicate') {
          duplicates++;
        } else {
          logger.warn(
            { error: result.error, fid: event?.fid, block: event?.blockNumber, log: event?.logIndex },
            'chain ingest: on-chain event rejected',
          );
        }
      });
      if (duplicates > 0) logger.debug({ duplicates }, 'chain ingest: skipped events merged before');
      await revokeSigners(deactivated);
    },

    async retract(orphaned: OrphanedBlock[], checkpoint: ReaderCheckpoint) {
      const retraction = await inCheckpointedTransaction(checkpoint, (trx) =>
        retractBlocks(trx, orphaned, clock),
      );
      logger.info(
        { blocks: orphaned.map((block) => block.number), events: retraction.events.length },
        'chain ingest: retracted the events of orphaned blocks',
      );
      await revokeSigners(retraction.deactivatedSigners);
    },
  };
}

export interface ChainIngestOptions extends Omit<ChainReaderOptions, 'client' | 'sink' | 'now'> {
  db: Kysely<NodeTables>;
  /** JSON-RPC endpoint of the chain holding the registries. */
  rpcUrl: string;
  clock: Clock;
  onSignerDeactivated: SignerDeactivated;
}

/** Follows the registries on chain into the node's tables, resuming from the stored checkpoint. */
export function startChainIngest(options: ChainIngestOptions): ChainReader {
  const { db, rpcUrl, clock, onSignerDeactivated, ...reader } = options;
  const sink = createChainSink({ db, clock, logger: options.logger, onSignerDeactivated });
  return startChainReader({ ...reader, client: rpcUrl, sink, now: () => clock.now() });
}
