import type { Kysely } from 'kysely';
import type { Hex } from '../../protocol/hex.js';
import { startPollLoop } from '../../shared/poll-loop.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import type { BackoffOptions, Sleep } from '../../shared/retry.js';
import type { Clock } from '../../shared/clock.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { mergeFnameProof } from './proof-store.js';
import type { RevokeUsername } from './proof-store.js';
import { afterCursor, FnameSyncHalt, readFnameCursor, RESYNC_COMMAND, writeFnameCursor } from './cursor.js';
import { createRegistryClient } from './registry-client.js';
import { createRegistrySigner } from './registry-signer.js';
import { transferProof } from './transfers.js';
import type { TransferEntry } from './transfers.js';

/** pino's Logger fits. */
export interface FnameSyncLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface FnameSyncOptions {
  db: Kysely<NodeTables>;
  registryUrl: string;
  fetch: typeof fetch;
  clock: Clock;
  sleep: Sleep;
  logger: FnameSyncLogger;
  revokeUsername: RevokeUsername;
  /** Wait between polls once caught up. Default 5000 ms (node-api.md §7.3). */
  pollIntervalMs?: number;
  /** Per request, body included. Default 5000 ms. */
  requestTimeoutMs?: number;
  /** Default 1 MiB. */
  maxResponseBytes?: number;
  /** Retry delays after failures. Default 1 s doubling to 60 s. */
  backoff?: BackoffOptions;
}

/** `state` is `syncing` while pages keep coming, `live` once a poll found nothing new. */
export interface FnameSyncStatus extends PollLoopStatus {
  /** The registry's signing address, as `/signer` last answered. */
  signer: Hex | undefined;
  /** The previous key `/signer` announces during a rotation. */
  previousSigner: Hex | undefined;
  /** Id of the last transfer handled. */
  cursor: number | undefined;
  /** Why the sync stopped advancing (cursor.ts: FnameSyncHalt), until an iteration succeeds again. */
  halted: string | undefined;
}

export interface FnameSync {
  /** Finishes the transfer being merged, then stops; no timers or requests remain. */
  stop(): Promise<void>;
  status(): FnameSyncStatus;
  /** Resolves once an iteration begun after this call finds no new transfer. */
  caughtUp(): Promise<void>;
  /** Asks the registry now instead of at the next poll (a peer holds a proof this node does not). */
  wake(): void;
}

/**
 * Follows the name registry's transfers into fname proofs, as the reference hub does: `/signer`, then
 * `/transfers?from_id=` page after page until one brings nothing new, every `pollIntervalMs`. Each
 * transfer's merge commits with the cursor. Unlike the reference, it never skips a transfer:
 *
 * - a transfer that verifies against neither the registry's key nor the previous key it announces, even
 *   after a fresh `/signer` (registry-signer.ts), or that is malformed, stops the sync there;
 * - each page is read from the transfer at the cursor, which must still be the one synced (cursor.ts), so
 *   a registry restored from a backup, whose ids went back or were handed out again, stops it too.
 *
 * Such a halt is logged at error level naming the recovery command and keeps the component not ready;
 * the loop keeps retrying, and resumes by itself if the registry is put right. Other failures (registry
 * down, slow, garbage) are logged and retried with capped exponential backoff.
 */
export function startFnameSync(options: FnameSyncOptions): FnameSync {
  const { db, clock, logger, revokeUsername } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 60_000 };
  const stopping = new AbortController();
  const client = createRegistryClient({
    registryUrl: options.registryUrl,
    fetch: options.fetch,
    timeoutMs: options.requestTimeoutMs ?? 5000,
    maxResponseBytes: options.maxResponseBytes ?? 1024 * 1024,
    signal: stopping.signal,
  });
  const state: FnameSyncStatus = {
    state: 'starting',
    signer: undefined,
    previousSigner: undefined,
    cursor: undefined,
    consecutiveFailures: 0,
    lastError: undefined,
    halted: undefined,
  };

  const signer = createRegistrySigner(
    () => client.signer(),
    (keys) => {
      state.signer = keys.signer;
      state.previousSigner = keys.previousSigner;
      logger.info(keys, 'fname sync: registry signer');
    },
  );

  /** One page; true when it had new transfers, so the next may follow right away. */
  const step = async (): Promise<boolean> => {
    await signer.beforePage();
    const cursor = await readFnameCursor(db);
    state.cursor = cursor.id;
    const fresh = afterCursor(await client.transfers(Math.max(0, cursor.id - 1)), cursor);
    for (const entry of fresh) {
      if (stopping.signal.aborted) break;
      await handle(entry);
      state.cursor = entry.id;
    }
    state.halted = undefined;
    return fresh.length > 0;
  };

  const handle = async (entry: TransferEntry): Promise<void> => {
    if (!('transfer' in entry)) throw new FnameSyncHalt(`transfer ${entry.id} is unusable: ${entry.problem}`);
    const { transfer } = entry;
    const signature = await signer.verify(transfer);
    if (!signature.ok) {
      const keys = signer.keys();
      const by = [keys?.signer, keys?.previousSigner].filter((key) => key !== undefined).join(' or ');
      throw new FnameSyncHalt(
        `transfer ${entry.id} (${transfer.username}) is not signed by the registry's key ${by}: ${signature.message}`,
      );
    }
    const result = await writeTransaction(db, async (trx) => {
      await writeFnameCursor(trx, { id: entry.id, signature: transfer.serverSignature });
      return mergeFnameProof(trx, transferProof(transfer), { clock, revokeUsername });
    });
    const details = { id: entry.id, name: transfer.username, fid: transfer.to };
    if (result.ok) logger.debug(details, 'fname sync: merged proof');
    // A duplicate is a transfer seen before (e.g. another process); an older one lost to a newer proof.
    else logger.debug({ ...details, error: result.error }, 'fname sync: proof not merged');
  };

  const loop = startPollLoop({
    step,
    status: state,
    pollIntervalMs,
    backoff,
    sleep: options.sleep,
    now: () => clock.now(),
    name: 'fname sync',
    onFailure(error, retryInMs) {
      if (error instanceof FnameSyncHalt) {
        state.halted = error.message;
        logger.error(
          { failures: state.consecutiveFailures, cursor: state.cursor, retryInMs, recovery: RESYNC_COMMAND },
          `fname sync: stopped advancing: ${error.message} (docs/operations.md)`,
        );
        return;
      }
      logger.warn(
        { err: error, failures: state.consecutiveFailures, cursor: state.cursor, retryInMs },
        'fname sync: iteration failed, retrying',
      );
    },
    onRecovered: (failures) => logger.info({ failures, cursor: state.cursor }, 'fname sync: recovered'),
  });

  return {
    async stop() {
      // Cuts a registry request short; the loop does not count the failure that follows.
      stopping.abort(new Error('fname sync stopped'));
      await loop.stop();
    },
    status: () => ({ ...state }),
    wake: () => loop.wake(),
    caughtUp: loop.caughtUp,
  };
}
