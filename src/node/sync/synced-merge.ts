import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Clock } from '../../shared/clock.js';
import { startPollLoop } from '../../shared/poll-loop.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import type { Sleep } from '../../shared/retry.js';
import type { Engine } from '../engine/index.js';
import type { NodeTables } from '../store/schema.js';
import { hexOf } from './trie-nodes.js';
import {
  MERGE_BATCH,
  addTally,
  countRefusal,
  createDeferralStore,
  emptyTally,
  isDeferrable,
} from './deferred.js';
import type { DeferralLimits, MergeTally, Refusal, RetryTally } from './deferred.js';

export { addTally, emptyTally } from './deferred.js';
export type { MergeTally, RetryTally } from './deferred.js';

/** The one way messages a peer sent are merged: by diff sync and by a peer's live event stream alike. */
export interface SyncedMerge {
  /**
   * Merges in batches through the node's checks without the submit allowances (Engine.mergeSynced). A
   * message whose fid, signer or storage this node's chain view lacks is deferred (deferred.ts), never
   * dropped for good while the bounds have room.
   */
  merge(messages: readonly ReceivedMessage[]): Promise<MergeTally>;
  /** Merges the deferred messages again (DeferralStore.retry). */
  retryDeferred(): Promise<RetryTally>;
  /** Rows waiting in the deferral store. */
  deferredCount(): Promise<number>;
  /** Messages `merge` has deferred so far: tells a retry loop that rows wait, without a query. */
  deferredSoFar(): number;
}

export interface SyncedMergeOptions {
  db: Kysely<NodeTables>;
  engine: Pick<Engine, 'mergeSynced'>;
  /** Stamps deferred rows and ages them out. */
  clock: Clock;
  limits?: Partial<DeferralLimits> | undefined;
}

export function createSyncedMerge(options: SyncedMergeOptions): SyncedMerge {
  const { db, engine } = options;
  const deferrals = createDeferralStore(options);
  let deferredSoFar = 0;
  /**
   * `batch` less the messages this node holds already, counted as duplicates: a message's hash names its
   * data, so a held hash would only be validated (signature included) to be refused as a duplicate. Peers
   * send many such: a node's own messages come back through the stream of every peer that took them.
   */
  const notHeld = async (batch: readonly ReceivedMessage[], tally: MergeTally) => {
    const rows = await db
      .selectFrom('messages')
      .select('hash')
      .where(
        'hash',
        'in',
        batch.map(({ message }) => message.hash),
      )
      .execute();
    if (rows.length === 0) return batch;
    const held = new Set(rows.map(({ hash }) => hexOf(hash)));
    const rest = batch.filter(({ message }) => !held.has(hexOf(message.hash)));
    tally.duplicates += batch.length - rest.length;
    return rest;
  };
  return {
    async merge(messages) {
      const tally = emptyTally();
      for (let start = 0; start < messages.length; start += MERGE_BATCH) {
        const batch = await notHeld(messages.slice(start, start + MERGE_BATCH), tally);
        if (batch.length === 0) continue;
        const waiting: Refusal[] = [];
        for (const [index, outcome] of (await engine.mergeSynced(batch)).entries()) {
          if (outcome.ok) tally.merged++;
          else if (outcome.invalid) tally.invalid++;
          else if (isDeferrable(outcome.error.errCode))
            waiting.push({ received: batch[index]!, error: outcome.error });
          else countRefusal(tally, outcome.error.errCode);
        }
        const deferred = await deferrals.defer(waiting);
        deferredSoFar += deferred.deferred;
        addTally(tally, deferred);
      }
      return tally;
    },
    retryDeferred: () => deferrals.retry(),
    deferredCount: () => deferrals.count(),
    deferredSoFar: () => deferredSoFar,
  };
}

/** The deferred-message retry loop, as `/_status` shows it. */
export interface DeferredRetryStatus extends PollLoopStatus {
  /** Whether deferred rows wait for a retry; undefined before the first retry. */
  waiting: boolean | undefined;
  /** The last retry: when, and what it merged, kept, expired and refused. */
  lastRetry: (RetryTally & { at: number }) | undefined;
}

export interface DeferredRetry {
  status(): DeferredRetryStatus;
  stop(): Promise<void>;
}

export interface DeferredRetryOptions {
  syncedMerge: Pick<SyncedMerge, 'retryDeferred' | 'deferredSoFar'>;
  /** Where the chain reader is, e.g. its last processed block; retries wait for a change (by Object.is). */
  chainPosition: () => unknown;
  /** Longest wait between retries while rows wait, whether the chain moved or not. */
  intervalMs: number;
  /** How often the chain position and `deferredSoFar` are looked at: no query unless a retry is due. */
  checkIntervalMs: number;
  sleep: Sleep;
  now: () => number;
  logger: Logger | undefined;
}

const BACKOFF = { initialMs: 1000, maxMs: 60_000 };

/**
 * Retries the deferred messages while any wait: once the chain position moved since the last retry, and at
 * least every `intervalMs`. The first step retries at once (rows may wait from before a restart); after a
 * retry that left none, the loop stays idle until `merge` defers again. A message `merge` has just deferred
 * was tried against the chain view of that moment, so its first retry waits for the chain to move too.
 */
export function startDeferredRetry(options: DeferredRetryOptions): DeferredRetry {
  const { syncedMerge, chainPosition, intervalMs, now, logger } = options;
  const status: DeferredRetryStatus = {
    state: 'starting',
    consecutiveFailures: 0,
    lastError: undefined,
    waiting: undefined,
    lastRetry: undefined,
  };
  let seenDeferrals = syncedMerge.deferredSoFar();
  let lastPosition: unknown;
  let lastRetryAt = 0;

  const step = async (): Promise<boolean> => {
    const deferrals = syncedMerge.deferredSoFar();
    const position = chainPosition();
    if (deferrals !== seenDeferrals && status.waiting === false) {
      status.waiting = true;
      lastPosition = position;
      lastRetryAt = now();
    }
    seenDeferrals = deferrals;
    if (status.waiting === false) return false;
    const due =
      status.waiting === undefined || !Object.is(position, lastPosition) || now() - lastRetryAt >= intervalMs;
    if (!due) return false;
    const tally = await syncedMerge.retryDeferred();
    lastPosition = position;
    lastRetryAt = now();
    status.waiting = tally.deferred > 0;
    status.lastRetry = { ...tally, at: lastRetryAt };
    if (tally.merged + tally.duplicates + tally.expired + Object.keys(tally.refused).length > 0) {
      logger?.info(tally, 'deferred messages: retried');
    }
    return false;
  };

  const loop = startPollLoop({
    step,
    status,
    pollIntervalMs: options.checkIntervalMs,
    backoff: BACKOFF,
    sleep: options.sleep,
    now,
    name: 'deferred message retry',
    onFailure: (error, retryInMs) =>
      logger?.warn({ err: error, retryInMs }, 'deferred messages: retry failed'),
  });
  return {
    status: () => ({ ...status }),
    stop: () => loop.stop(),
  };
}
