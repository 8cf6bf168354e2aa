import { fail, ok, type HubResult } from '../errors.js';
import { MessageType, type Message } from '../gen/message.js';
import type { ReceivedMessage } from '../message.js';
import type { Problem } from './checks.js';
import { checkEnvelope } from './envelope.js';
import { checkKeyAddSigner } from './keys.js';
import { checkMessageData, type DataContext } from './message-data.js';
import { verifyVerificationClaim, type ClaimContext } from './verification.js';

export interface ValidationContext extends DataContext, ClaimContext {}

/**
 * Every structural rule of a received message (reference node-api.md §4), in the reference's order: the
 * data and its body, a VerificationAdd's claim signature, then size, hash and signature, and last that a
 * KEY_ADD is signed by its key. Whether the fid and signer are registered, custody signatures, storage and
 * CRDT conflicts are the node's checks, not these.
 *
 * Never throws, so the node can validate in bulk; an unexpected exception becomes an `unknown` error.
 * Asynchronous only because a contract-wallet claim goes through the injected on-chain checker.
 */
export async function validateMessage(
  received: ReceivedMessage,
  context: ValidationContext,
): Promise<HubResult<Message>> {
  try {
    const problem =
      checkMessageData(received.data, context) ??
      (await claimProblem(received, context)) ??
      checkEnvelope(received, context.verifier) ??
      checkKeyAddSigner(received.message, received.data);
    return problem === undefined ? ok(received.message) : fail(problem.errCode, problem.message);
  } catch (error) {
    return fail(
      'unknown',
      `message validation failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

async function claimProblem({ data }: ReceivedMessage, context: ClaimContext): Promise<Problem> {
  const body = data.verificationAddAddressBody;
  if (data.type !== MessageType.VERIFICATION_ADD_ETH_ADDRESS || body === undefined) return undefined;
  return verifyVerificationClaim(body, data, context);
}
