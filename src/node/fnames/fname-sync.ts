import type { Kysely } from 'kysely';
import type { Hex } from '../../protocol/hex.js';
import { startPollLoop } from '../../shared/poll-loop.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import type { BackoffOptions, Sleep } from '../../shared/retry.js';
import type { Clock } from '../../shared/clock.js';
import { readMeta, writeMeta } from '../../storage/service-meta.js';
import type { NodeTables } from '../store/schema.js';
import { mergeFnameProof } from './proof-store.js';
import type { RevokeUsername } from './proof-store.js';
import { createRegistryClient } from './registry-client.js';
import { createRegistrySigner } from './registry-signer.js';
import { transferProof } from './transfers.js';
import type { TransferEntry } from './transfers.js';

/** `service_meta` key of the id of the last registry transfer handled. */
export const FNAME_CURSOR_KEY = 'fname_sync_cursor';

/** pino's Logger fits. */
export interface FnameSyncLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
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
  /** Id of the last transfer handled. */
  cursor: number | undefined;
  /** Transfers skipped for a bad signature or malformed fields (logged). */
  skippedTransfers: number;
}

export interface FnameSync {
  /** Finishes the transfer being merged, then stops; no timers or requests remain. */
  stop(): Promise<void>;
  status(): FnameSyncStatus;
  /** Resolves once an iteration begun after this call finds no new transfer. */
  caughtUp(): Promise<void>;
}

/**
 * Follows the name registry's transfers into fname proofs, as the reference hub does: `/signer`, then
 * `/transfers?from_id=` page after page until an empty one, every `pollIntervalMs`. Unlike the reference,
 * it checks a transfer whose signature fails again against a fresh `/signer` (registry-signer.ts), so a
 * rotation of the registry's key does not make every later transfer invalid. Each transfer's merge
 * commits with the cursor. Failures (registry down, slow, garbage) are logged and retried with capped
 * exponential backoff; nothing the registry sends can stop the loop.
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
    cursor: undefined,
    consecutiveFailures: 0,
    lastError: undefined,
    skippedTransfers: 0,
  };

  const signer = createRegistrySigner(
    () => client.signer(),
    (address) => {
      state.signer = address;
      logger.info({ signer: address }, 'fname sync: registry signer');
    },
  );

  /** One page; true when it had transfers, so the next may follow right away. */
  const step = async (): Promise<boolean> => {
    await signer.beforePage();
    const cursor = await readCursor(db);
    state.cursor = cursor;
    const page = await client.transfers(cursor);
    for (const entry of page) {
      if (stopping.signal.aborted) break;
      await handle(entry);
      state.cursor = entry.id;
    }
    return page.length > 0;
  };

  const handle = async (entry: TransferEntry): Promise<void> => {
    if (!('transfer' in entry)) return skip(entry.id, entry.problem);
    const { transfer } = entry;
    const signature = await signer.verify(transfer);
    if (!signature.ok) return skip(entry.id, `bad server signature: ${signature.message}`);
    const result = await db.transaction().execute(async (trx) => {
      await writeMeta(trx, FNAME_CURSOR_KEY, String(entry.id));
      return mergeFnameProof(trx, transferProof(transfer), { clock, revokeUsername });
    });
    const details = { id: entry.id, name: transfer.username, fid: transfer.to };
    if (result.ok) logger.debug(details, 'fname sync: merged proof');
    // A duplicate is a transfer seen before (e.g. another process); an older one lost to a newer proof.
    else logger.debug({ ...details, error: result.error }, 'fname sync: proof not merged');
  };

  const skip = async (id: number, reason: string): Promise<void> => {
    state.skippedTransfers++;
    logger.warn({ id, reason }, 'fname sync: transfer skipped');
    await writeMeta(db, FNAME_CURSOR_KEY, String(id));
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
    caughtUp: loop.caughtUp,
  };
}

async function readCursor(db: Kysely<NodeTables>): Promise<number> {
  const saved = await readMeta(db, FNAME_CURSOR_KEY);
  if (saved === undefined) return 0;
  const cursor = Number(saved);
  if (!/^\d+$/.test(saved) || !Number.isSafeInteger(cursor)) {
    throw new Error(`stored ${FNAME_CURSOR_KEY} is not a transfer id: ${saved}`);
  }
  return cursor;
}
