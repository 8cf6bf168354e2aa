import type { Ed25519Verifier } from '../../protocol/ed25519.js';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { invalid } from '../../protocol/validation/checks.js';
import { validateMessage } from '../../protocol/validation/index.js';
import type { ValidationContext } from '../../protocol/validation/index.js';
import type { SignatureCheck, SignatureVerifier } from './signature-pool.js';

const BAD_SIGNATURE = invalid('invalid signature');

/**
 * Signatures per verification job, starting small and doubling: the merge can start on the first verdicts
 * soon, while later, larger jobs keep the workers busy at little cost per job.
 */
const FIRST_CHUNK = 8;
const LARGEST_CHUNK = 128;

/** Messages validated in one turn of the event loop (a few milliseconds of work at most). */
const VALIDATED_PER_TURN = 32;

export interface BatchValidation {
  /** The messages that passed every check but their signature, whose verdict may still be pending. */
  readonly candidates: readonly ReceivedMessage[];
  /** One per message, in order: the message itself when valid, else why not; settles with its verdict. */
  readonly outcomes: readonly Promise<HubResult<ReceivedMessage>>[];
}

/**
 * `validateMessage` of each message, with the messages' own Ed25519 signatures verified in chunks by
 * `signatures` (a worker pool) instead of one by one on this thread. That signature is the last thing
 * `validateMessage` checks, so a message whose other checks passed gets its verdict afterwards and the
 * outcome is the one `validateMessage` alone would give. The outcomes settle chunk by chunk, so a caller
 * can start on the first messages while the rest are still being verified.
 */
export async function validateBatch(
  messages: readonly ReceivedMessage[],
  context: ValidationContext,
  signatures: SignatureVerifier,
): Promise<BatchValidation> {
  const checked: Checked[] = [];
  for (let from = 0; from < messages.length; from += VALIDATED_PER_TURN) {
    // Each slice is one turn of the event loop, so a bulk of costly messages never holds it for long.
    if (from > 0) await new Promise(setImmediate);
    const slice = messages.slice(from, from + VALIDATED_PER_TURN);
    checked.push(...(await Promise.all(slice.map((received) => checkDeferred(received, context)))));
  }
  const passed = checked.filter((entry) => entry.result.ok);
  const verdicts = new Map<Checked, { verified: Promise<boolean[]>; k: number }>();
  for (const chunk of growingChunks(passed)) {
    const verified = signatures.verifyAll(chunk.map((entry) => signatureCheck(entry.deferred.check)));
    chunk.forEach((entry, k) => verdicts.set(entry, { verified, k }));
  }
  // One promise per message: a bulk call makes hundreds at once.
  const outcomes = checked.map((entry): Promise<HubResult<ReceivedMessage>> => {
    const pending = verdicts.get(entry);
    if (!entry.result.ok || pending === undefined) return Promise.resolve(failureOf(entry.result));
    return pending.verified.then((verified) =>
      verified[pending.k] === true ? ok(entry.received) : fail(BAD_SIGNATURE.errCode, BAD_SIGNATURE.message),
    );
  });
  return { candidates: passed.map((entry) => entry.received), outcomes: handledLater(outcomes) };
}

function failureOf(result: HubResult<unknown>): HubResult<never> {
  if (result.ok) throw new Error('a message passed validation without a signature verdict');
  return result;
}

interface Checked {
  readonly received: ReceivedMessage;
  readonly deferred: { check?: SignatureCheck };
  readonly result: HubResult<unknown>;
}

/** `validateMessage`, the message's own signature recorded to be verified later. */
async function checkDeferred(received: ReceivedMessage, context: ValidationContext): Promise<Checked> {
  const deferred: { check?: SignatureCheck } = {};
  const verifier = deferOwnSignature(received, context.verifier, (check) => (deferred.check = check));
  return { received, deferred, result: await validateMessage(received, { ...context, verifier }) };
}

function* growingChunks<T>(items: readonly T[]): Generator<T[]> {
  for (let from = 0, size = FIRST_CHUNK; from < items.length; size = Math.min(2 * size, LARGEST_CHUNK)) {
    yield items.slice(from, from + size);
    from += size;
  }
}

function signatureCheck(check: SignatureCheck | undefined): SignatureCheck {
  if (check === undefined) throw new Error('a message passed validation without a signature check');
  return check;
}

/**
 * Promises that are awaited one after another later: a failed verification job must reject them then,
 * not crash the process now as an unhandled rejection.
 */
export function handledLater<T>(promises: Promise<T>[]): Promise<T>[] {
  for (const promise of promises) promise.catch(() => undefined);
  return promises;
}

/**
 * Records the check of the message's own signature (hash by signer) and answers that it holds; any other
 * check (a Solana address claim's signature) runs at once with `verifier`.
 */
function deferOwnSignature(
  received: ReceivedMessage,
  verifier: Ed25519Verifier,
  record: (check: SignatureCheck) => void,
): Ed25519Verifier {
  const { signer, hash, signature } = received.message;
  return {
    verify(publicKey, message, candidate) {
      if (publicKey !== signer || message !== hash || candidate !== signature) {
        return verifier.verify(publicKey, message, candidate);
      }
      record({ publicKey, message, signature });
      return true;
    },
  };
}
