/**
 * A signature pool worker (see signature-pool.ts): verifies packed batches of Ed25519 checks, and recovers
 * the EIP-712 signers of key messages.
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
import { MessageData } from '../../protocol/gen/message.js';
import { currentThreadId } from '../../shared/threads.js';
import { unpackChecks } from './signature-batch.js';
import type { KeyAuthority, keyAuthority } from './signers/key-authority.js';

/** A job: packed Ed25519 checks, or the encoded MessageData of key messages whose signers to recover. */
export type Job = { kind: 'ed25519'; checks: ArrayBuffer } | { kind: 'key-signers'; messages: Uint8Array[] };

export type WorkerRequest = Job & { id: number };

export type WorkerReply =
  /** 1 for a valid signature, 0 otherwise, one per check. */
  | { id: number; verdicts: Uint8Array }
  /** One per message, in order. */
  | { id: number; authorities: (KeyAuthority | undefined)[] }
  | { id: number; error: string };

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
/** Loaded with the first key job: it brings viem, which a worker that only verifies Ed25519 never needs. */
let recovery: Promise<{ keyAuthority: typeof keyAuthority }> | undefined;

function verify(id: number, checks: ArrayBuffer): void {
  const unpacked = unpackChecks(checks);
  const verdicts = new Uint8Array(unpacked.length);
  unpacked.forEach(({ publicKey, message, signature }, i) => {
    verdicts[i] = verifier.verify(publicKey, message, signature) ? 1 : 0;
  });
  const reply: WorkerReply = { id, verdicts };
  parentPort?.postMessage(reply, [verdicts.buffer]);
}

async function recoverSigners(id: number, messages: Uint8Array[]): Promise<void> {
  let reply: WorkerReply;
  try {
    const { keyAuthority } = await (recovery ??= import('./signers/key-authority.js'));
    const authorities: (KeyAuthority | undefined)[] = [];
    for (const bytes of messages) authorities.push(await keyAuthority(MessageData.decode(bytes)));
    reply = { id, authorities };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
}

parentPort?.on('message', (request: WorkerRequest) => {
  if (request.kind === 'ed25519') verify(request.id, request.checks);
  else void recoverSigners(request.id, request.messages);
});
