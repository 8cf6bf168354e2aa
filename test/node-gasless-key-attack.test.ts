/**
 * A stranger's KEY_ADDs must not hold the node's event loop. Each KEY_ADD carries two EIP-712 signatures
 * whose secp256k1 recovery takes milliseconds: bulk calls of 256 KEY_ADDs with well-formed but wrong
 * signatures, over gRPC with the hub-nodejs client (in a thread of its own, as a separate client would be),
 * while `/_health` is asked over a real socket and the event loop's delay is sampled. Messages for
 * unregistered fids, spent nonces and replays are refused before any recovery; the others are recovered on
 * the signature pool's workers, whose calls the test counts, and a forged signature is refused before the
 * merge.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { once } from 'node:events';
import {
  getFarcasterTime,
  KeyAddBody,
  makeKeyAdd,
  Message as CoreMessage,
  MessageType,
  NobleEd25519Signer,
} from '@farcaster/core';
import { createSignaturePool } from '../src/node/engine/index.js';
import type { SignaturePool, SignatureVerifier } from '../src/node/engine/index.js';
import { encodeSignedKeyRequestMetadata } from '../src/protocol/eip712/index.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { startModuleWorker } from '../src/shared/module-worker.js';
import { forEachDialect } from '../src/storage/testing.js';
import { accepted, keyAdd, openGaslessNode, publicKey, setUpAccount, unwrap } from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';
import type { BulkAnswer } from './support/bulk-submit-worker.js';
import { ok } from './support/grpc-results.js';
import { assertResponsive, listenOnLoopback, responsiveDuring } from './support/responsiveness.js';

const BULK = 256;
const INVALID = 'bad_request.validation_failure';

/** App metadata for `key`: signed by `app`'s custody when given, else a random signature of nobody. */
async function metadataFor(key: Uint8Array, app?: Account, requestFid = app?.fid ?? 77): Promise<Uint8Array> {
  const deadline = BigInt(getFarcasterTime()._unsafeUnwrap() + 3600);
  if (app !== undefined) {
    return unwrap(
      await app.wallet.getGaslessSignedKeyRequestMetadata({ requestFid: BigInt(requestFid), key, deadline }),
    );
  }
  const metadata = encodeSignedKeyRequestMetadata({
    requestFid: BigInt(requestFid),
    requestSigner: bytesToHex(randomBytes(20)),
    signature: bytesToHex(randomBytes(65)),
    deadline,
  });
  return hexToBytes(metadata) ?? new Uint8Array();
}

/** A KEY_ADD of `fid` signed by the key it adds, its custody signature 65 random bytes. */
async function forgedKeyAdd(
  node: GaslessNode,
  fid: number,
  key: NobleEd25519Signer,
  { nonce = 1, metadata }: { nonce?: number; metadata?: Uint8Array } = {},
): Promise<CoreMessage> {
  const added = await publicKey(key);
  const body = KeyAddBody.create({
    key: added,
    keyType: 1,
    custodySignature: randomBytes(65),
    deadline: getFarcasterTime()._unsafeUnwrap() + 3600,
    nonce,
    metadata: metadata ?? (await metadataFor(added)),
    metadataType: 1,
    scopes: [MessageType.CAST_ADD],
    ttl: 86_400,
  });
  return unwrap(await makeKeyAdd(body, { fid, network: node.network, timestamp: node.now() }, key));
}

const randomKey = () => new NobleEd25519Signer(randomBytes(32));

forEachDialect('node gasless keys against a stranger', (dialect) => {
  let node: GaslessNode;
  let base: string;
  let pool: SignaturePool;
  let alice: Account;
  let app: Account;
  /** Key messages whose EIP-712 signers the pool was asked to recover. */
  let recovered = 0;

  before(async () => {
    pool = createSignaturePool();
    const signatures: SignatureVerifier = {
      verifyAll: (checks) => pool.verifyAll(checks),
      recoverKeySigners: (messages) => {
        recovered += messages.length;
        return pool.recoverKeySigners(messages);
      },
    };
    node = await openGaslessNode(dialect, { engine: { signatures } });
    base = await listenOnLoopback(node.app);
    [alice, app] = [await setUpAccount(node.database.db, 1), await setUpAccount(node.database.db, 3)];
    // A first call starts the pool's workers and compiles the code it runs, once per process: warmed up
    // here, so that what is measured is the cost of an attack, which an attacker can repeat.
    const key = randomKey();
    const metadata = await metadataFor(await publicKey(key), app);
    const warmUp = [
      await forgedKeyAdd(node, 9999, randomKey()),
      await forgedKeyAdd(node, 1, key, { metadata }),
    ];
    ok(await node.client.submitBulkMessages({ messages: warmUp }));
    recovered = 0;
  });
  after(async () => {
    await node?.close();
    await pool?.close();
  });

  /**
   * Submits `messages` in one bulk call from a client thread while measuring the node; each message's
   * answer, 'merged' or its errCode and text.
   */
  const bulkAttack = async (messages: CoreMessage[]) => {
    const attacker = startModuleWorker(new URL('support/bulk-submit-worker.js', import.meta.url), {
      address: node.grpc.address,
      messages: messages.map((message) => CoreMessage.encode(message).finish()),
    });
    try {
      await once(attacker, 'message'); // 'sending'
      const answered = once(attacker, 'message').then(([answers]) => answers as BulkAnswer[] | string);
      const measured = await responsiveDuring(base, answered);
      assert.ok(Array.isArray(measured.result), String(measured.result));
      return { measured, answers: measured.result };
    } finally {
      await attacker.terminate();
    }
  };

  it(`refuses ${BULK} KEY_ADDs of unregistered fids without recovering a signature`, async () => {
    const fids = Array.from({ length: BULK }, (_, n) => 10_000 + n);
    const messages = await Promise.all(fids.map((fid) => forgedKeyAdd(node, fid, randomKey())));
    const before = recovered;
    const { measured, answers } = await bulkAttack(messages);
    assert.deepEqual(
      answers,
      fids.map((fid) => ['bad_request.unknown_fid', `unknown fid: ${fid}`]),
    );
    assert.equal(recovered - before, 0, 'no signature was recovered');
    assertResponsive(measured);
  });

  it(`recovers ${BULK} wrong custody signatures of a registered fid on the workers`, async () => {
    // One key, its app request signed by the app: only the custody signature, random, is wrong.
    const key = randomKey();
    const metadata = await metadataFor(await publicKey(key), app);
    const messages = await Promise.all(
      Array.from({ length: BULK }, () => forgedKeyAdd(node, alice.fid, key, { metadata })),
    );
    const before = recovered;
    const { measured, answers } = await bulkAttack(messages);
    assert.deepEqual(answers, Array(BULK).fill([INVALID, 'invalid signature']));
    assert.equal(recovered - before, BULK, 'every message was recovered by the pool');
    assertResponsive(measured);
  });

  it('refuses a replay and a spent nonce before any recovery, an unregistered app before the merge', async () => {
    const key = randomKey();
    const add = await keyAdd(node, alice, key, { app, nonce: 5 });
    await accepted(node, add);
    const before = recovered;
    const staleKey = randomKey();
    const stale = await forgedKeyAdd(node, alice.fid, staleKey, {
      nonce: 5,
      metadata: await metadataFor(await publicKey(staleKey), app),
    });
    const strangerKey = randomKey();
    const unregisteredApp = await forgedKeyAdd(node, alice.fid, strangerKey, {
      nonce: 6,
      metadata: await metadataFor(await publicKey(strangerKey), undefined, 999),
    });
    const { answers } = await bulkAttack([add, stale, unregisteredApp]);
    assert.deepEqual(answers, [
      ['bad_request.duplicate', 'message has already been merged'],
      ['bad_request.conflict', 'gasless-key nonce 5 is not greater than stored nonce 5'],
      [INVALID, 'SignedKeyRequest metadata is malformed or signature does not verify'],
    ]);
    assert.equal(recovered - before, 1, 'only the message with a fresh nonce was recovered');
  });
});
