import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
import type { Ed25519Verifier } from '../../protocol/ed25519.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { startModuleWorker } from '../../shared/module-worker.js';
import { packChecks } from './signature-batch.js';
import type { SignatureCheck } from './signature-batch.js';
import { keyAuthority } from './signers/key-authority.js';
import type { KeyAuthority } from './signers/key-authority.js';
import type { Job, WorkerReply, WorkerRequest, WorkerSettings } from './signature-worker.js';

export type { SignatureCheck } from './signature-batch.js';

/** Verifies Ed25519 signatures in bulk, and recovers the EIP-712 signers of key messages. */
export interface SignatureVerifier {
  /** One verdict per check, in order: false for a bad signature or key, never a rejection for one. */
  verifyAll(checks: readonly SignatureCheck[]): Promise<boolean[]>;
  /**
   * Who signed each key message's EIP-712 parts, in order (signers/key-authority.ts); a signature that
   * recovers to nobody is an undefined signer, never a rejection. Without it the engine recovers them on
   * its own thread.
   */
  recoverKeySigners?(messages: readonly ReceivedMessage[]): Promise<(KeyAuthority | undefined)[]>;
}

export interface SignaturePool extends SignatureVerifier {
  recoverKeySigners(messages: readonly ReceivedMessage[]): Promise<(KeyAuthority | undefined)[]>;
  /** Stops the workers; jobs still running reject. */
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

/** Key-message recovery on the calling thread, for engines without a pool. */
export function recoverKeySignersInline(
  messages: readonly ReceivedMessage[],
): Promise<(KeyAuthority | undefined)[]> {
  return Promise.all(messages.map(({ data }) => keyAuthority(data)));
}

/** Verification on the calling thread, for engines without a pool. */
export function inlineSignatureVerifier(
  verifier: Ed25519Verifier = createEd25519Verifier(),
): SignatureVerifier {
  return {
    verifyAll: async (checks) => checks.map((check) => verifyOne(verifier, check)),
    recoverKeySigners: recoverKeySignersInline,
  };
}

function verifyOne(verifier: Ed25519Verifier, { publicKey, message, signature }: SignatureCheck): boolean {
  return verifier.verify(publicKey, message, signature);
}

const WORKER_MODULE = new URL('./signature-worker.js', import.meta.url);

/**
 * Work per job at least, in Ed25519 checks: handing a job to another thread wakes it, which on a busy
 * machine costs the sender its core for a while, so a call is split over several workers only when each
 * gets this much.
 */
const MIN_JOB = 32;

/** What a key message's recoveries (a KEY_ADD has two) cost, in Ed25519 checks. */
const KEY_SIGNERS_WEIGHT = 48;

interface PoolWorker {
  readonly worker: Worker;
  readonly pending: Map<
    number,
    { weight: number; resolve(reply: WorkerReply): void; reject(error: unknown): void }
  >;
  /** Work posted and not answered yet, in Ed25519 checks. */
  queued: number;
}

/** `items` in at most `workers` chunks of at least `MIN_JOB` work each (one chunk when that is less). */
function chunks<T>(items: readonly T[], weight: number, workers: number): T[][] {
  const jobs = Math.max(1, Math.min(workers, Math.floor((items.length * weight) / MIN_JOB)));
  const size = Math.ceil(items.length / jobs);
  const parts: T[][] = [];
  for (let from = 0; from < items.length; from += size) parts.push(items.slice(from, from + size));
  return parts;
}

/**
 * Signature work on worker threads, so that the main thread serves requests and merges while every core
 * checks signatures: a batch's Ed25519 signatures (each costs more than its message's merge), and the secp256k1 recoveries of key
 * messages, which take milliseconds and would otherwise hold the event loop. Workers start on first use and
 * are unreferenced while idle, so an unclosed pool never keeps the process alive; a worker that dies fails
 * its jobs and is replaced on the next one.
 */
export function createSignaturePool(options: SignaturePoolOptions = {}): SignaturePool {
  const size = Math.max(1, options.size ?? availableParallelism());
  const minBatch = options.minBatch ?? 2;
  const settings: WorkerSettings = { niceIncrement: options.niceIncrement ?? 10 };
  const inline = createEd25519Verifier();
  const slots: (PoolWorker | undefined)[] = new Array<PoolWorker | undefined>(size).fill(undefined);
  let nextId = 0;
  let closed = false;
  /**
   * Recoveries go to every worker but the first: however many KEY_ADDs arrive, they leave a core to the
   * event loop and the database, and a worker free of them for the Ed25519 checks of every other message.
   */
  const firstKeyWorker = size > 1 ? 1 : 0;

  const start = (slot: number): PoolWorker => {
    const worker = startModuleWorker(WORKER_MODULE, settings);
    worker.unref();
    const entry: PoolWorker = { worker, pending: new Map(), queued: 0 };
    worker.on('message', (reply: WorkerReply) => {
      const job = entry.pending.get(reply.id);
      entry.pending.delete(reply.id);
      entry.queued -= job?.weight ?? 0;
      if (entry.pending.size === 0) worker.unref();
      job?.resolve(reply);
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

  /** The worker from `first` on with the least work queued (a slot not started yet has none). */
  const leastBusy = (first: number): number => {
    let best = first;
    for (let slot = first + 1; slot < size; slot += 1) {
      if ((slots[slot]?.queued ?? 0) < (slots[best]?.queued ?? 0)) best = slot;
    }
    return best;
  };

  const run = (job: Job, weight: number, transfer: ArrayBuffer[]): Promise<WorkerReply> => {
    const slot = leastBusy(job.kind === 'key-signers' ? firstKeyWorker : 0);
    const entry = slots[slot] ?? start(slot);
    entry.queued += weight;
    return new Promise<WorkerReply>((resolve, reject) => {
      const request: WorkerRequest = { ...job, id: nextId++ };
      entry.pending.set(request.id, { weight, resolve, reject });
      entry.worker.ref();
      entry.worker.postMessage(request, transfer);
    }).then((reply) => {
      if ('error' in reply) throw new Error(`signature worker: ${reply.error}`);
      return reply;
    });
  };

  const verify = async (checks: readonly SignatureCheck[]): Promise<boolean[]> => {
    const packed = packChecks(checks);
    const reply = await run({ kind: 'ed25519', checks: packed }, checks.length, [packed]);
    if (!('verdicts' in reply)) throw new Error('a signature worker answered checks without verdicts');
    return Array.from(reply.verdicts, (verdict) => verdict === 1);
  };

  const recover = async (messages: readonly ReceivedMessage[]): Promise<(KeyAuthority | undefined)[]> => {
    // Copies of the signed bytes alone, each in a buffer of its own: a decoded message's bytes view the
    // request body (a Buffer's slice is a view too), which posting would clone whole, and the views of one
    // body cannot all be transferred.
    const copies = messages.map(({ signedBytes }) => new Uint8Array(signedBytes));
    const job: Job = { kind: 'key-signers', messages: copies };
    const reply = await run(
      job,
      messages.length * KEY_SIGNERS_WEIGHT,
      copies.map(({ buffer }) => buffer as ArrayBuffer),
    );
    if (!('authorities' in reply)) throw new Error('a signature worker answered keys without signers');
    return reply.authorities;
  };

  return {
    async verifyAll(checks) {
      if (closed) throw new Error('the signature pool is closed');
      if (checks.length < minBatch) return checks.map((check) => verifyOne(inline, check));
      return (await Promise.all(chunks(checks, 1, size).map(verify))).flat();
    },

    /** Always on the workers, even one message: its recoveries cost far more than the post. */
    async recoverKeySigners(messages) {
      if (closed) throw new Error('the signature pool is closed');
      if (messages.length === 0) return [];
      const workers = size - firstKeyWorker;
      return (await Promise.all(chunks(messages, KEY_SIGNERS_WEIGHT, workers).map(recover))).flat();
    },

    async close() {
      closed = true;
      await Promise.all(slots.map((entry) => entry?.worker.terminate()));
    },
  };
}
