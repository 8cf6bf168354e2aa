import type { Kysely } from 'kysely';
import { bytesToHex } from '../../protocol/hex.js';
import type { Clock } from '../../shared/clock.js';
import { startPollLoop } from '../../shared/poll-loop.js';
import type { PollLoopStatus } from '../../shared/poll-loop.js';
import type { BackoffOptions, Sleep } from '../../shared/retry.js';
import { pendingRevocations } from '../onchain/index.js';
import type { NodeTables } from '../store/schema.js';
import type { SignerDeactivated } from './chain-sink.js';

/** Queued revocations taken per pass. */
const BATCH = 100;

/** pino's Logger fits. */
export interface RevocationRetryLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface RevocationRetryOptions {
  db: Kysely<NodeTables>;
  /** The engine's `revokeSigner`, which takes the key off the queue with its last chunk. */
  revoke: SignerDeactivated;
  clock: Clock;
  sleep: Sleep;
  logger: RevocationRetryLogger;
  /** Wait between passes once the queue is empty. Default 30 s. */
  pollIntervalMs?: number;
  /** Retry delays after a pass with failures. Default 1 s doubling to 60 s. */
  backoff?: BackoffOptions;
}

export interface RevocationRetry {
  /** Finishes the revocation in flight, then stops. */
  stop(): Promise<void>;
  /** Resolves once a pass begun after this call has emptied the queue. */
  caughtUp(): Promise<void>;
  status(): PollLoopStatus;
}

/**
 * Finishes the revocations in `pending_revocations`: at once when started (those a crash cut short), then
 * every `pollIntervalMs` (those whose attempt after the on-chain commit failed, or that another node
 * process left). A pass tries every queued key; when some fail, the next pass comes with capped backoff.
 */
export function startRevocationRetry(options: RevocationRetryOptions): RevocationRetry {
  const { db, revoke, clock, logger } = options;
  const status: PollLoopStatus = { state: 'starting', consecutiveFailures: 0, lastError: undefined };

  const step = async (): Promise<boolean> => {
    const pending = await pendingRevocations(db, BATCH);
    const failures: Error[] = [];
    for (const { fid, signer } of pending) {
      try {
        await revoke(fid, signer);
      } catch (error) {
        failures.push(new Error(`fid ${fid}, key ${bytesToHex(signer)}`, { cause: error }));
      }
    }
    if (failures.length > 0) {
      throw new AggregateError(failures, `${failures.length} of ${pending.length} revocations failed`);
    }
    return pending.length === BATCH;
  };

  const loop = startPollLoop({
    step,
    status,
    pollIntervalMs: options.pollIntervalMs ?? 30_000,
    backoff: options.backoff ?? { initialMs: 1000, maxMs: 60_000 },
    sleep: options.sleep,
    now: () => clock.now(),
    name: 'revocation retry',
    onFailure(error, retryInMs) {
      logger.warn(
        { err: error, failures: status.consecutiveFailures, retryInMs },
        'revocation retry: queued revocations failed, retrying',
      );
    },
    onRecovered: (failures) => logger.info({ failures }, 'revocation retry: recovered'),
  });
  return { stop: loop.stop, caughtUp: loop.caughtUp, status: () => ({ ...status }) };
}
