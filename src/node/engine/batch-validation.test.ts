import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { bytesToBase58 } from '../../protocol/base58.js';
import { ed25519PublicKeyFromSeed, signEd25519 } from '../../protocol/ed25519.js';
import type { HubResult } from '../../protocol/errors.js';
import { MessageType, Protocol, ReactionType } from '../../protocol/gen/message.js';
import type { Message, VerificationAddAddressBody } from '../../protocol/gen/message.js';
import { validateMessage } from '../../protocol/validation/index.js';
import { NETWORK, makeData, receive, signMessage, testContext } from '../../protocol/validation/testing.js';
import { validateBatch } from './batch-validation.js';
import { createSignaturePool, inlineSignatureVerifier } from './signature-pool.js';

const SOLANA_SEED = new Uint8Array(32).fill(5);
const solanaKey = ed25519PublicKeyFromSeed(SOLANA_SEED);
const blockHash = new Uint8Array(32).fill(9);

function solanaVerification(claimSignature?: Uint8Array, tamper?: (message: Message) => void) {
  const text = `fid: 1 address: ${bytesToBase58(solanaKey)} network: ${NETWORK} blockHash: ${bytesToBase58(blockHash)} protocol: 1`;
  const body: VerificationAddAddressBody = {
    address: solanaKey,
    blockHash,
    claimSignature: claimSignature ?? signEd25519(SOLANA_SEED, new TextEncoder().encode(text)),
    verificationType: 0,
    chainId: 0,
    protocol: Protocol.SOLANA,
  };
  return signMessage(
    makeData({ type: MessageType.VERIFICATION_ADD_ETH_ADDRESS, verificationAddAddressBody: body }),
    tamper,
  );
}

const like = (n: number, tamper?: (message: Message) => void) =>
  signMessage(
    makeData({
      type: MessageType.REACTION_ADD,
      reactionBody: { type: ReactionType.LIKE, targetUrl: `https://example.com/${n}` },
    }),
    tamper,
  );

const badSignature = (message: Message) => {
  message.signature = new Uint8Array(64).fill(1);
};

/** Valid and invalid in every way the signature deferral could get wrong. */
const batch = [
  like(1),
  like(2, badSignature),
  like(3, (message) => {
    message.hash = new Uint8Array(20);
  }),
  like(4, (message) => {
    message.signer = new Uint8Array(31);
  }),
  solanaVerification(),
  solanaVerification(new Uint8Array(64)),
  solanaVerification(undefined, badSignature),
  solanaVerification(new Uint8Array(64), badSignature),
  like(5),
].map(receive);

/** The outcome, with an invalid hash's details cut off. */
const summary = (result: HubResult<unknown>) =>
  result.ok ? 'ok' : `${result.error.errCode}: ${result.error.message.split('. Expected')[0]}`;

describe('batch validation', () => {
  const pool = createSignaturePool({ size: 2, minBatch: 1 });
  after(() => pool.close());

  it('gives each message the outcome validateMessage gives it alone, in order', async () => {
    const alone = await Promise.all(batch.map((received) => validateMessage(received, testContext())));
    assert.deepEqual(alone.map(summary), [
      'ok',
      'bad_request.validation_failure: invalid signature',
      'bad_request.validation_failure: invalid hash',
      'bad_request.validation_failure: invalid signature',
      'ok',
      'bad_request.validation_failure: invalid claimSignature',
      'bad_request.validation_failure: invalid signature',
      'bad_request.validation_failure: invalid claimSignature',
      'ok',
    ]);
    for (const signatures of [inlineSignatureVerifier(), pool]) {
      const { candidates, outcomes } = await validateBatch(batch, testContext(), signatures);
      assert.deepEqual(
        await Promise.all(outcomes),
        alone.map((result, index) => (result.ok ? { ok: true, value: batch[index] } : result)),
      );
      // Every message but those with a bad body, hash or claim is a candidate until its signature is checked.
      assert.deepEqual(
        candidates,
        [0, 1, 3, 4, 6, 8].map((index) => batch[index]),
      );
    }
  });
});
