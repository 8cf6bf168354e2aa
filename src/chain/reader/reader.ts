import { BaseError, createPublicClient, http } from 'viem';
import { hexToBytes } from '../../protocol/hex.js';
import { startPollLoop } from '../../shared/poll-loop.js';
import { redactUrls } from '../../shared/status.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import { realSleep } from '../../shared/retry.js';
import type { BackoffOptions, Sleep } from '../../shared/retry.js';
import type { RegistryAddresses } from './abi.js';
import { advanceCheckpoint, initialCheckpoint, parseCheckpoint } from './checkpoint.js';
import type { ChainEventSink, ReaderCheckpoint } from './checkpoint.js';
import { readRange } from './read-range.js';
import { ChainChangedError, findForkPoint } from './reorg.js';
import { fetchChainId, fetchHead, fetchHeader } from './rpc.js';
import type { ReaderClient } from './rpc.js';

/** pino's Logger fits. */
export interface ReaderLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface ChainReaderOptions {
  /** A viem client, or the URL of a JSON-RPC endpoint. */
  client: ReaderClient | string;
  /**
   * The chain the contracts live on; the RPC must report it, and events carry it. When absent (a dev
   * chain), the id the RPC reports first is the one expected from then on.
   */
  chainId?: number | undefined;
  addresses: RegistryAddresses;
  /** Where to begin when the sink has no checkpoint yet. */
  startBlock: number;
  sink: ChainEventSink;
  logger: ReaderLogger;
  /** A block is applied once the head is this many blocks past it. Default 2 (OP). */
  confirmations?: number;
  /** Blocks per eth_getLogs range. Default 1000. */
  chunkSize?: number;
  /** Wait between polls once caught up. Default 4000 ms. */
  pollIntervalMs?: number;
  /** Blocks below the head tracked by hash, and recorded blocks kept; bounds the reorg depth handled. */
  reorgWindow?: number;
  /** Retry delays after failures. Default 500 ms doubling to 30 s. */
  backoff?: BackoffOptions;
  /** Block header requests in flight at once. Default 8. */
  headerConcurrency?: number;
  /** Called after every failed iteration, besides the log line. */
  onError?: (error: unknown, status: ReaderStatus) => void;
  sleep?: Sleep;
  /** Clock for status timestamps (ms). */
  now?: () => number;
  /** Least time between two info lines of progress while catching up. Default 30 s. */
  progressEveryMs?: number;
}

/** `state` is `syncing` while confirmed blocks remain to read, `live` once level with the confirmed head. */
export interface ReaderStatus extends PollLoopStatus {
  /** First block not applied yet; undefined until the checkpoint is loaded. */
  nextBlock: number | undefined;
  /** Chain head at the last poll. */
  head: number | undefined;
  reorgs: number;
  /** Logs of consumed events that could not be mapped (logged and left out). */
  rejectedLogs: number;
  /** Blocks read again on request (`reread`). */
  rereads: number;
}

export interface ChainReader {
  /** Finishes the iteration in flight, then stops; no timers remain. */
  stop(): Promise<void>;
  status(): ReaderStatus;
  /** Resolves once an iteration begun after this call finds nothing confirmed left to read. */
  caughtUp(): Promise<void>;
  /**
   * Reads these blocks again and applies their events (the sink skips those it holds): a peer holds an
   * event of them this node does not. Only blocks below the cursor are read (the cursor reaches the others),
   * each at most once, {@link REREAD_PER_STEP} per iteration, so a peer naming blocks cannot make the reader
   * flood its RPC.
   */
  reread(blocks: readonly number[]): void;
}

/** Blocks read again per iteration at most; more wait for the next. */
export const REREAD_PER_STEP = 16;
/** Blocks remembered as read again; forgotten all at once past this, so memory stays bounded. */
const REREAD_MEMORY = 10_000;

export function startChainReader(options: ChainReaderOptions): ChainReader {
  const { sink, logger } = options;
  let chainId = options.chainId;
  const confirmations = options.confirmations ?? 2;
  const chunkSize = options.chunkSize ?? 1000;
  const pollIntervalMs = options.pollIntervalMs ?? 4000;
  const reorgWindow = options.reorgWindow ?? 256;
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
  const headerConcurrency = options.headerConcurrency ?? 8;
  requireInteger({ startBlock: options.startBlock, confirmations, pollIntervalMs }, 0);
  requireInteger({ chunkSize, reorgWindow, headerConcurrency }, 1);
  const client =
    typeof options.client === 'string'
      ? createPublicClient({ transport: http(options.client, { retryCount: 0 }) })
      : options.client;

  const now = options.now ?? Date.now;
  const progressEveryMs = options.progressEveryMs ?? 30_000;
  let lastProgressAt = now();
  let caughtUpOnce = false;
  let checkpoint: ReaderCheckpoint | undefined;
  let chainVerified = false;
  const rereadWaiting = new Set<number>();
  const rereadDone = new Set<number>();
  const state: ReaderStatus = {
    state: 'starting',
    nextBlock: undefined,
    head: undefined,
    consecutiveFailures: 0,
    lastError: undefined,
    reorgs: 0,
    rejectedLogs: 0,
    rereads: 0,
  };

  const commit = (next: ReaderCheckpoint): void => {
    checkpoint = next;
    state.nextBlock = next.nextBlock;
  };

  /** One unit of work; true when more is ready right away. */
  const step = async (): Promise<boolean> => {
    if (checkpoint === undefined) {
      const loaded = await sink.load();
      commit(loaded === undefined ? initialCheckpoint(options.startBlock) : parseCheckpoint(loaded));
    }
    const current = checkpoint as ReaderCheckpoint;
    if (!chainVerified) {
      const reported = await fetchChainId(client);
      chainId ??= reported;
      if (reported !== chainId) throw new Error(`RPC serves chain ${reported}, expected ${chainId}`);
      chainVerified = true;
    }
    if (rereadWaiting.size > 0) await rereadBlocks(current);
    const head = await fetchHead(client);
    state.head = head;

    const tip = current.blocks.at(-1);
    // A head below the tip is a lagging node or a shorter fork; wait until it reaches the tip to compare.
    if (tip !== undefined && tip.number <= head) {
      const header = await fetchHeader(client, tip.number);
      if (header === undefined) throw new ChainChangedError(`block ${tip.number} is not available`);
      if (header.hash !== tip.hash) {
        await rewind(current);
        return true;
      }
    }

    const safeHead = head - confirmations;
    const fromBlock = current.nextBlock;
    if (fromBlock > safeHead) {
      if (!caughtUpOnce) logger.info({ nextBlock: fromBlock, head }, 'chain reader: caught up');
      caughtUpOnce = true;
      return false;
    }
    // Halving the range on repeated failures gets past providers' result-size limits.
    const span = Math.max(1, Math.floor(chunkSize / 2 ** state.consecutiveFailures));
    const toBlock = Math.min(safeHead, fromBlock + span - 1);
    const result = await readRange({
      client,
      chainId: chainId as number,
      addresses: options.addresses,
      fromBlock,
      toBlock,
      linkFrom: head - reorgWindow + 1,
      previous: tip?.number === fromBlock - 1 ? tip : undefined,
      concurrency: headerConcurrency,
    });
    const next = advanceCheckpoint(current, toBlock + 1, result.blocks, reorgWindow);
    await sink.apply(result.events, next);
    commit(next);
    for (const { log, error } of result.rejected) {
      state.rejectedLogs++;
      logger.error({ err: error, log }, 'chain reader: consumed event log could not be mapped, left out');
    }
    logger.debug({ fromBlock, toBlock, events: result.events.length }, 'chain reader: applied blocks');
    if (now() - lastProgressAt >= progressEveryMs) {
      lastProgressAt = now();
      logger.info({ nextBlock: toBlock + 1, head, behind: safeHead - toBlock }, 'chain reader: progress');
    }
    return toBlock < safeHead;
  };

  /** Reads up to REREAD_PER_STEP waiting blocks below the cursor again, one at a time, and applies them. */
  const rereadBlocks = async (current: ReaderCheckpoint): Promise<void> => {
    const blocks = [...rereadWaiting].filter((block) => block < current.nextBlock).slice(0, REREAD_PER_STEP);
    for (const block of rereadWaiting) if (block >= current.nextBlock) rereadWaiting.delete(block);
    for (const block of blocks) {
      rereadWaiting.delete(block);
      if (rereadDone.size >= REREAD_MEMORY) rereadDone.clear();
      rereadDone.add(block);
      try {
        const result = await readRange({
          client,
          chainId: chainId as number,
          addresses: options.addresses,
          fromBlock: block,
          toBlock: block,
          linkFrom: block + 1,
          concurrency: headerConcurrency,
        });
        await sink.apply(result.events, current);
        state.rereads++;
        logger.info({ block, events: result.events.length }, 'chain reader: read a block again for a peer');
      } catch (error) {
        // Never holds up the reader: an RPC without old logs, or a block a peer made up, is only logged.
        logger.warn(
          { block, reason: redactUrls(describeError(error)) },
          'chain reader: could not read a block again',
        );
      }
    }
  };

  /** Retracts the recorded blocks above the fork point and rewinds the cursor to just after it. */
  const rewind = async (current: ReaderCheckpoint): Promise<void> => {
    const { fork, orphaned } = await findForkPoint(client, current.blocks);
    const next: ReaderCheckpoint = {
      nextBlock: fork.number + 1,
      blocks: current.blocks.filter((block) => block.number <= fork.number),
    };
    await sink.retract(
      orphaned.map(({ number, hash }) => ({ number, hash: hexToBytes(hash) as Uint8Array })),
      next,
    );
    commit(next);
    state.reorgs++;
    logger.warn(
      { forkBlock: fork.number, orphaned: orphaned.map((block) => block.number) },
      'chain reader: reorg, retracted orphaned blocks and reading again from the fork point',
    );
  };

  const notifyError = (error: unknown): void => {
    try {
      options.onError?.(error, { ...state });
    } catch (callbackError) {
      logger.error({ err: callbackError }, 'chain reader: onError callback threw');
    }
  };

  const loop = startPollLoop({
    step,
    status: state,
    pollIntervalMs,
    backoff,
    sleep: options.sleep ?? realSleep,
    now,
    describeError,
    name: 'chain reader',
    onRecovered: (failures) =>
      logger.info({ failures, nextBlock: state.nextBlock }, 'chain reader: recovered'),
    onFailure(error, retryInMs) {
      logger.warn(
        // The reason without the RPC URL viem puts in its errors: providers put API keys in the path.
        {
          reason: redactUrls(describeError(error)),
          failures: state.consecutiveFailures,
          nextBlock: state.nextBlock,
          retryInMs,
        },
        'chain reader: iteration failed, retrying',
      );
      notifyError(error);
    },
  });

  return {
    stop: loop.stop,
    status: () => ({ ...state }),
    caughtUp: loop.caughtUp,
    reread(blocks) {
      for (const block of blocks) {
        if (rereadWaiting.size >= REREAD_MEMORY) break;
        if (Number.isSafeInteger(block) && block >= 0 && !rereadDone.has(block)) rereadWaiting.add(block);
      }
      if (rereadWaiting.size > 0) loop.wake();
    },
  };
}

/** One line: viem errors put the server's own words in `details` under a generic first line. */
function describeError(error: unknown): string {
  if (error instanceof BaseError) {
    return error.details ? `${error.shortMessage} (${error.details})` : error.shortMessage;
  }
  return error instanceof Error ? error.message : String(error);
}

function requireInteger(values: Record<string, number>, min: number): void {
  for (const [name, value] of Object.entries(values)) {
    if (!Number.isSafeInteger(value) || value < min) {
      throw new RangeError(`chain reader ${name} must be an integer >= ${min}, got ${value}`);
    }
  }
}
