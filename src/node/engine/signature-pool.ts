import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
import type { Ed25519Verifier } from '../../protocol/ed25519.js';
import { startModuleWorker } from '../../shared/module-worker.js';
import { packChecks } from './signature-batch.js';
import type { SignatureCheck } from './signature-batch.js';
import type { VerifyReply, VerifyRequest, WorkerSettings } from './signature-worker.js';

export type { SignatureCheck } from './signature-batch.js';

/** Verifies Ed25519 signatures in bulk. */
export interface SignatureVerifier {
  /** One verdict per check, in order: false for a bad signature or key, never a rejection for one. */
  verifyAll(checks: readonly SignatureCheck[]): Promise<boolean[]>;
}

export interface SignaturePool extends SignatureVerifier {
  /** Stops the workers; checks still running reject. */
  close(): Promise<void>;
}

export interface SignaturePoolOptions {
  /** Worker threads (default: the cores available). */
  size?: number | undefined;
  /** Batches smaller than this verify on the calling thread (default 2: one check is not worth a post). */
  minBatch?: number | undefined;
  /**
   * Added to the workers' nice value (default 10; Linux only): the main thread merges what the workers
   * verify and serves every request, so on a busy machine it goes first and verification takes the rest.
   */
  niceIncrement?: number | undefined;
}

/** Verification on the calling thread, for engines without a pool. */
export function inlineSignatureVerifier(
  verifier: Ed25519Verifier = createEd25519Verifier(),
): SignatureVerifier {
  return {
    verifyAll: async (checks) => checks.map((check) => verifyOne(verifier, check)),
  };
}

function verifyOne(verifier: Ed25519Verifier, { publicKey, message, signature }: SignatureCheck): boolean {
  return verifier.verify(publicKey, message, signature);
}

const WORKER_MODULE = new URL('./signature-worker.js', import.meta.url);

/**
 * Checks per job at least: handing a job to another thread wakes it, which on a busy machine costs the
 * sender its core for a while, so a call is split over several workers only when each gets this many.
 */
const MIN_JOB = 32;

interface PoolWorker {
  readonly worker: Worker;
  readonly pending: Map<
    number,
    { size: number; resolve(verdicts: Uint8Array): void; reject(error: unknown): void }
  >;
  /** Checks posted and not answered yet. */
  queued: number;
}

/**
 * Ed25519 verification on worker threads, so a batch's signatures (about 145 µs each) are checked on every
 * core while the main thread serves requests and merges. Workers start on first use and are unreferenced
 * while idle, so an unclosed pool never keeps the process alive; a worker that dies fails its checks and is
 * replaced on the next batch.
 */
export function createSignaturePool(options: SignaturePoolOptions = {}): SignaturePool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const minBatch = options.minBatch ?? 2;
  const settings: WorkerSettings = { niceIncrement: options.niceIncrement ?? 10 };
  const inline = createEd25519Verifier();
  const slots: (PoolWorker | undefined)[] = new Array<PoolWorker | undefined>(size).fill(undefined);
  let nextId = 0;
  let closed = false;

  const start = (slot: number): PoolWorker => {
    const worker = startModuleWorker(WORKER_MODULE, settings);
    worker.unref();
    const entry: PoolWorker = { worker, pending: new Map(), queued: 0 };
    worker.on('message', ({ id, verdicts }: VerifyReply) => {
      const job = entry.pending.get(id);
      entry.pending.delete(id);
      entry.queued -= job?.size ?? 0;
      if (entry.pending.size === 0) worker.unref();
      job?.resolve(verdicts);
    });
    const fail = (error: unknown) => {
      if (slots[slot] === entry) slots[slot] = undefined;
      for (const job of entry.pending.values()) job.reject(error);
      entry.pending.clear();
      entry.queued = 0;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`signature worker exited with code ${code}`)));
    slots[slot] = entry;
    return entry;
  };

  /** The worker with the fewest checks queued (a slot not started yet has none). */
  const leastBusy = (): number => {
    let best = 0;
    slots.forEach((entry, slot) => {
      if ((entry?.queued ?? 0) < (slots[best]?.queued ?? 0)) best = slot;
    });
    return best;
  };

  const run = (checks: readonly SignatureCheck[]): Promise<Uint8Array> => {
    const slot = leastBusy();
    const entry = slots[slot] ?? start(slot);
    entry.queued += checks.length;
    return new Promise((resolve, reject) => {
      const id = nextId++;
      entry.pending.set(id, { size: checks.length, resolve, reject });
      entry.worker.ref();
      const request: VerifyRequest = { id, checks: packChecks(checks) };
      entry.worker.postMessage(request, [request.checks]);
    });
  };

  return {
    async verifyAll(checks) {
      if (closed) throw new Error('the signature pool is closed');
      if (checks.length < minBatch) return checks.map((check) => verifyOne(inline, check));
      const jobs = Math.max(1, Math.min(size, Math.floor(checks.length / MIN_JOB)));
      const chunk = Math.ceil(checks.length / jobs);
      const parts: Promise<Uint8Array>[] = [];
      for (let from = 0; from < checks.length; from += chunk)
        parts.push(run(checks.slice(from, from + chunk)));
      return (await Promise.all(parts)).flatMap((verdicts) =>
        Array.from(verdicts, (verdict) => verdict === 1),
      );
    },

    async close() {
      closed = true;
      await Promise.all(slots.map((entry) => entry?.worker.terminate()));
    },
  };
}
