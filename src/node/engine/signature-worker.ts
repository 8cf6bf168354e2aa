/** A signature pool worker: verifies packed batches of Ed25519 checks (see signature-pool.ts). */
import { parentPort } from 'node:worker_threads';
import { createEd25519Verifier } from '../../protocol/ed25519.js';
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
