import assert from 'node:assert/strict';
import { it } from 'node:test';
import { HubEventType } from '../../../protocol/gen/hub_event.js';
import type { HubEvent } from '../../../protocol/gen/hub_event.js';
import { UserDataType } from '../../../protocol/gen/message.js';
import { bytesToHex } from '../../../protocol/hex.js';
import { forEachDialect } from '../../../storage/testing.js';
import { eventsPage } from '../../events/event-log.js';
import type { EnsVerifier } from '../ens.js';
import {
  engineFixture,
  ensProof,
  ethAccount,
  hex,
  hexes,
  merged,
  mergedEvent,
  refused,
  testEngine,
  userData,
  verificationAdd,
} from '../testing.js';

/** An ENS resolver over a map the test controls; names it lacks resolve to nothing. */
function fakeEns(owners: Map<string, Uint8Array>): EnsVerifier {
  return {
    resolve: async (name) => {
      if (name === 'down.eth') throw new Error('rpc timeout');
      return owners.get(name);
    },
  };
}

forEachDialect('username proof store (ENS)', (dialect) => {
  const owners = new Map<string, Uint8Array>();
  const fixture = engineFixture(dialect, { ensVerifier: fakeEns(owners) });
  const { mergeOne, account } = fixture;

  it('is refused when the node has no ENS resolver', async () => {
    const alice = await account(1);
    const plain = testEngine(fixture.database.db);
    refused(
      (await plain.mergeMessages([ensProof(alice, 'alice.eth', alice.custody)]))[0],
      'bad_request.validation_failure',
      'cannot verify ens name alice.eth: this node has no ENS resolver configured',
    );
  });

  it('merges a proof the name resolves to, owned by the custody address, as MERGE_USERNAME_PROOF', async () => {
    const alice = await account(2);
    owners.set('alice.eth', alice.custody);
    const proof = ensProof(alice, 'alice.eth', alice.custody);
    const event = mergedEvent(await mergeOne(proof));
    assert.equal(event.type, HubEventType.MERGE_USERNAME_PROOF);
    const body = event.mergeUsernameProofBody;
    assert.equal(hex(body?.usernameProofMessage), hex(proof.message));
    assert.deepEqual(body?.usernameProof?.name, proof.data.usernameProofBody?.name);
    assert.equal(body?.deletedUsernameProof, undefined);
    assert.equal(hex(await fixture.engine.usernameProofByName('alice.eth')), hex(proof.message));
    assert.deepEqual(hexes((await fixture.engine.usernameProofsByFid(alice.fid, { limit: 5 })).items), [
      hex(proof.message),
    ]);
    refused(await mergeOne(proof), 'bad_request.duplicate', 'message has already been merged');
  });

  it('refuses proofs whose name resolves elsewhere, to nothing, or cannot be resolved', async () => {
    const bob = await account(3);
    const elsewhere = ethAccount(3).address;
    owners.set('bob.eth', elsewhere);
    refused(
      await mergeOne(ensProof(bob, 'bob.eth', bob.custody)),
      'bad_request.validation_failure',
      `resolved address ${bytesToHex(elsewhere)} does not match proof`,
    );
    refused(
      await mergeOne(ensProof(bob, 'nobody.eth', bob.custody)),
      'bad_request.validation_failure',
      'no valid address for nobody.eth',
    );
    refused(
      await mergeOne(ensProof(bob, 'down.eth', bob.custody)),
      'unavailable.network_failure',
      'failed to resolve ens name down.eth: rpc timeout',
    );
  });

  it("accepts an owner that is one of the fid's verified addresses, and no other", async () => {
    const carol = await account(4);
    const wallet = ethAccount(4);
    owners.set('carol.eth', wallet.address);
    refused(
      await mergeOne(ensProof(carol, 'carol.eth', wallet.address)),
      'bad_request.validation_failure',
      `ens name does not belong to fid: ${carol.fid}`,
    );
    merged(await mergeOne(await verificationAdd(carol, wallet, 500)));
    mergedEvent(await mergeOne(ensProof(carol, 'carol.eth', wallet.address)));
  });

  it('backs a USERNAME naming the ENS name, for its holder only', async () => {
    const dave = await account(5);
    const erin = await account(6);
    owners.set('dave.eth', dave.custody);
    mergedEvent(await mergeOne(ensProof(dave, 'dave.eth', dave.custody, 400)));
    refused(
      await mergeOne(userData(erin, UserDataType.USERNAME, 'dave.eth')),
      'bad_request.validation_failure',
      `fid ${dave.fid} does not match message fid ${erin.fid}`,
    );
    merged(await mergeOne(userData(dave, UserDataType.USERNAME, 'dave.eth')));
  });

  it("a newer proof by another fid takes the name and revokes the old holder's USERNAME", async () => {
    const frank = await account(7);
    const grace = await account(8);
    owners.set('frank.eth', frank.custody);
    const franks = ensProof(frank, 'frank.eth', frank.custody, 500);
    const username = userData(frank, UserDataType.USERNAME, 'frank.eth', 400);
    await fixture.mergeAll([franks, username]);

    owners.set('frank.eth', grace.custody);
    const graces = ensProof(grace, 'frank.eth', grace.custody, 300);
    const event = mergedEvent(await mergeOne(graces));
    assert.equal(hex(event.mergeUsernameProofBody?.deletedUsernameProofMessage), hex(franks.message));
    assert.equal(event.mergeUsernameProofBody?.deletedUsernameProof?.fid, frank.fid);
    const following = await eventsPage(fixture.database.db, event.id + 1);
    assert.deepEqual(following.events.map(revokedHash), [hex(username.message)]);
    assert.equal(await fixture.engine.userData(frank.fid, UserDataType.USERNAME), undefined);
    // The ownership check comes before the CRDT rules: the name no longer resolves to frank.
    refused(
      await mergeOne(franks),
      'bad_request.validation_failure',
      `resolved address ${bytesToHex(grace.custody)} does not match proof`,
    );
  });
});

function revokedHash(event: HubEvent): string {
  assert.equal(event.type, HubEventType.REVOKE_MESSAGE);
  return hex(event.revokeMessageBody?.message);
}
