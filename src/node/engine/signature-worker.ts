/** A signature pool worker: verifies packed batches of Ed25519 checks (see signature-pool.ts). */
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
import { currentThreadId } from '../../shared/threads.js';
import { unpackChecks } from './signature-batch.js';

export interface VerifyRequest {
  id: number;
  checks: ArrayBuffer;
}

export interface VerifyReply {
  id: number;
  /** 1 for a valid signature, 0 otherwise, one per check. */
  verdicts: Uint8Array;
}

export interface WorkerSettings {
  /** Added to this thread's nice value (0: leave it). */
  niceIncrement: number;
}

/**
 * Lowers this thread's scheduling priority. On Linux the nice value belongs to a thread and
 * `/proc/thread-self` names this one ("<pid>/task/<tid>"); elsewhere, or where refused, it stays as it is.
 */
function lowerPriority(increment: number): void {
  const tid = currentThreadId();
  if (increment <= 0 || tid === undefined) return;
  try {
    setPriority(tid, Math.min(19, getPriority(tid) + increment));
  } catch {
    // Not permitted: verify at the process's priority.
  }
}

lowerPriority((workerData as WorkerSettings | undefined)?.niceIncrement ?? 0);
const verifier = createEd25519Verifier();

parentPort?.on('message', ({ id, checks }: VerifyRequest) => {
  const unpacked = unpackChecks(checks);
  const verdicts = new Uint8Array(unpacked.length);
  unpacked.forEach(({ publicKey, message, signature }, i) => {
    verdicts[i] = verifier.verify(publicKey, message, signature) ? 1 : 0;
  });
  const reply: VerifyReply = { id, verdicts };
  parentPort?.postMessage(reply, [verdicts.buffer]);
});
