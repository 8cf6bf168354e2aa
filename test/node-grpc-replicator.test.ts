import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { validations } from '@farcaster/hub-nodejs';
import { mergeOnChainEvents } from '../src/node/onchain/merge.js';
import { totalUnits } from '../src/node/onchain/storage-units.js';
import { signerEvent } from '../src/node/onchain/testing.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import {
  castAdd,
  castRemove,
  compactState,
  ethAccount,
  link,
  reaction,
  setUpAccount,
  clock,
  storeFnameProof,
  userData,
  verificationAdd,
} from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { UserDataType } from '../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { startReplicator } from './support/replicator.js';
import type { Replica } from './support/replicator.js';
import { waitFor } from './support/wait.js';

/**
 * A replicator built only on hub-nodejs (test/support/replicator.ts) copies the node's full state into its
 * own database, then follows it through merges, removes, prunes and revocations.
 */

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

forEachDialect('a hub-nodejs replicator', (dialect) => {
  let node: NodeGrpcHarness;
  let replica: Replica;
  const accounts: TestAccount[] = [];

  const submit = async (...messages: ReceivedMessage[]) => {
    for (const received of messages) {
      const outcome = await node.api.submit(received);
      assert.ok(outcome.ok, JSON.stringify(outcome));
    }
  };

  /** The node's own state, read from its tables (what the replica must equal). */
  const nodeState = async () => {
    const { db } = node.database;
    const messages = await db.selectFrom('messages').select('hash').execute();
    const events = await db.selectFrom('onchain_events').select(['type', 'tx_hash', 'log_index']).execute();
    const proofs = (await Promise.all(accounts.map(({ fid }) => node.api.usernameProofs(fid)))).flat();
    return {
      messages: messages.map((row) => hexOf(row.hash)).sort(),
      onChainEvents: events.map((row) => `${row.type}:${hexOf(row.tx_hash)}:${row.log_index}`).sort(),
      usernameProofs: proofs
        .map((proof) => `${Buffer.from(proof.name).toString('utf8')}:${proof.fid}`)
        .sort(),
    };
  };
  const replicaState = () => ({
    messages: replica.liveMessages(),
    onChainEvents: replica.onChainEvents(),
    usernameProofs: replica.usernameProofs(),
  });

  /** Waits until the replica has applied the node's newest event, then compares. */
  const assertInSync = async () => {
    const { newest } = await node.database.db
      .selectFrom('hub_events')
      .select((eb) => eb.fn.max('id').as('newest'))
      .executeTakeFirstOrThrow();
    await waitFor(`the replica at event ${newest}`, () => replica.lastEventId >= Number(newest ?? -1));
    assert.deepEqual(replicaState(), await nodeState());
  };

  before(async () => {
    // Three messages per store and unit, so a handful of casts reaches the limit and prunes.
    node = await openNodeGrpc(dialect, { engine: { limits: (units) => totalUnits(units) * 3 } });
    const { db } = node.database;
    for (const fid of [1, 2, 3, 4, 5]) accounts.push(await setUpAccount(db, fid));
    const [alice, bob, carol] = accounts as [TestAccount, TestAccount, TestAccount];
    const first = castAdd(alice, 'first', 900);
    await submit(
      first,
      castAdd(bob, 'bob says hi', 890),
      reaction(bob, true, { castId: { fid: 1, hash: first.message.hash } }, 880),
      link(alice, true, 2, 870),
      link(bob, true, 1, 860),
      compactState(carol, [1, 2], 850),
      userData(alice, UserDataType.DISPLAY, 'Alice', 840),
      await verificationAdd(bob, ethAccount(2), 830),
      castRemove(alice, first.message.hash, 820),
    );
    await storeFnameProof(db, 'alice', 1);
    replica = await startReplicator(node.grpc.address);
  });
  after(async () => {
    replica.close();
    await node.close();
  });

  it('rebuilds the node’s messages, on-chain events and username proofs', async () => {
    await assertInSync();
    assert.ok(replica.liveMessages().length >= 8);
  });

  it('receives messages that pass @farcaster/core validateMessage, as Shuttle checks them', async () => {
    assert.ok(replica.received.length > 0);
    for (const message of replica.received) {
      const validated = await validations.validateMessage(message);
      assert.ok(validated.isOk(), validated.isErr() ? validated.error.message : '');
    }
  });

  it('stays in sync through new merges, removes, prunes and a revoked signer', async () => {
    const [alice, bob, , dave] = accounts as [TestAccount, TestAccount, TestAccount, TestAccount];
    const later = castAdd(bob, 'later', 700);
    await submit(later, castAdd(alice, 'again', 690), castRemove(bob, later.message.hash, 680));
    // Four casts for dave, then the pruning job: the oldest goes at the limit of three.
    await submit(...[600, 590, 580, 570].map((ago) => castAdd(dave, `dave ${ago}`, ago)));
    assert.equal((await node.engine.prune()).length, 1);
    // Alice's key is reset on chain; the chain reader then revokes what it signed (decision 0005).
    const reset = signerEvent(alice.fid, alice.signer.publicKey, SignerEventType.ADMIN_RESET, {
      block: 1000,
    });
    for (const result of await mergeOnChainEvents(node.database.db, [reset], clock)) assert.ok(result.ok);
    assert.ok((await node.engine.revokeSigner(alice.fid, alice.signer.publicKey)).length > 0);
    // The node did prune and revoke: dave keeps three casts, alice none of her messages.
    assert.equal((await node.get('/v1/castsByFid?fid=4')).body.messages.length, 3);
    assert.equal((await node.get('/v1/castsByFid?fid=1')).body.messages.length, 0);
    assert.equal((await node.get('/v1/userDataByFid?fid=1')).body.messages.length, 0);
    await assertInSync();
  });
});
