import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HubEventType } from '../../protocol/gen/hub_event.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import { UserDataType } from '../../protocol/gen/message.js';
import { SignerEventType } from '../../protocol/gen/onchain_event.js';
import { bytesToHex } from '../../protocol/hex.js';
import { forEachDialect } from '../../storage/testing.js';
import type { NewHubEvent } from '../events/event-log.js';
import { eventsPage } from '../events/event-log.js';
import type { RevokeUsername } from '../fnames/index.js';
import type { SignerDeactivated } from '../ingest/index.js';
import { mergeOnChainEvents } from '../onchain/merge.js';
import { queuedRevocations, signerEvent } from '../onchain/testing.js';
import {
  castAdd,
  clock,
  engineFixture,
  ensProof,
  hex,
  hexes,
  reaction,
  refused,
  signerFor,
  storeFnameProof,
  userData,
} from './testing.js';
import { writeTransaction } from '../store/write-transaction.js';

forEachDialect('revocation', (dialect) => {
  const ensOwners = new Map<string, Uint8Array>();
  const fixture = engineFixture(dialect, {
    ensVerifier: { resolve: async (name) => ensOwners.get(name) },
  });
  const { mergeOne, mergeAll, account } = fixture;

  describe('signer reset', () => {
    it('deletes every message the reset key signed, in all stores, and what stood on them', async () => {
      const alice = await account(1);
      const second = signerFor(alice.fid, 1);
      const added = await mergeOnChainEvents(
        fixture.database.db,
        [signerEvent(alice.fid, second.publicKey, SignerEventType.ADD, { block: 15 })],
        clock,
      );
      assert.ok(added[0]?.ok);
      const withSecond = { ...alice, signer: second };
      ensOwners.set('alice.eth', alice.custody);
      const cast = castAdd(alice, 'signed by the first key', 500);
      const like = reaction(alice, true, { url: 'https://example.com' }, 400);
      const proof = ensProof(alice, 'alice.eth', alice.custody, 300);
      const username = userData(withSecond, UserDataType.USERNAME, 'alice.eth', 200);
      const kept = castAdd(withSecond, 'signed by the second key', 100);
      await mergeAll([cast, like, proof, username, kept]);

      const reset = await mergeOnChainEvents(
        fixture.database.db,
        [signerEvent(alice.fid, alice.signer.publicKey, SignerEventType.ADMIN_RESET, { block: 16 })],
        clock,
      );
      const merged = reset[0];
      assert.ok(merged?.ok);
      assert.equal(
        bytesToHex(merged.value.deactivatedSigner ?? new Uint8Array()),
        bytesToHex(alice.signer.publicKey),
      );
      const queued = () => queuedRevocations(fixture.database.db, alice.fid);
      assert.deepEqual(await queued(), [bytesToHex(alice.signer.publicKey)]);

      // The engine's revokeSigner is what the chain sink calls for a deactivated signer.
      const onSignerDeactivated: SignerDeactivated = fixture.engine.revokeSigner;
      await onSignerDeactivated(alice.fid, alice.signer.publicKey);
      const events = (await eventsPage(fixture.database.db, merged.value.hubEventId + 1)).events;
      assert.deepEqual(events.map(describeEvent), [
        ['REVOKE', hex(cast.message)],
        ['REVOKE', hex(like.message)],
        ['PROOF_DELETED', hex(proof.message)],
        ['REVOKE', hex(username.message)],
      ]);
      assert.deepEqual(hexes((await fixture.engine.castsByFid(alice.fid, { limit: 10 })).items), [
        hex(kept.message),
      ]);
      assert.deepEqual(await queued(), [], 'done: off the queue');
      assert.equal(await fixture.engine.usernameProofByName('alice.eth'), undefined);
      assert.deepEqual(await fixture.engine.revokeSigner(alice.fid, alice.signer.publicKey), []);
      refused(
        await mergeOne(castAdd(alice, 'too late')),
        'bad_request.unknown_signer',
        `invalid signer: signer ${bytesToHex(alice.signer.publicKey)} not found for fid ${alice.fid}`,
      );
    });

    it('keeps the messages of a key active again by the time it runs, and takes it off the queue', async () => {
      const dave = await account(4);
      const cast = castAdd(dave, 'outlives an admin reset');
      await mergeAll([cast]);
      const { publicKey } = dave.signer;
      for (const [eventType, block] of [
        [SignerEventType.ADMIN_RESET, 45],
        [SignerEventType.ADD, 46],
      ] as const) {
        const [merged] = await mergeOnChainEvents(
          fixture.database.db,
          [signerEvent(dave.fid, publicKey, eventType, { block })],
          clock,
        );
        assert.ok(merged?.ok);
      }
      assert.deepEqual(await queuedRevocations(fixture.database.db, dave.fid), [bytesToHex(publicKey)]);
      assert.deepEqual(await fixture.engine.revokeSigner(dave.fid, publicKey), []);
      assert.equal(hex(await fixture.engine.messageByHash(cast.message.hash)), hex(cast.message));
      assert.deepEqual(await queuedRevocations(fixture.database.db, dave.fid), []);
    });

    it('revokes nothing of a removed key: it signs no more, what it signed stays (decision 0008)', async () => {
      const erin = await account(5);
      const cast = castAdd(erin, 'outlives a removal');
      await mergeAll([cast]);
      const [removal] = await mergeOnChainEvents(
        fixture.database.db,
        [signerEvent(erin.fid, erin.signer.publicKey, SignerEventType.REMOVE, { block: 55 })],
        clock,
      );
      assert.ok(removal?.ok && removal.value.deactivatedSigner === undefined);
      assert.deepEqual(await queuedRevocations(fixture.database.db, erin.fid), []);
      assert.equal(hex(await fixture.engine.messageByHash(cast.message.hash)), hex(cast.message));
      refused(
        await mergeOne(castAdd(erin, 'too late')),
        'bad_request.unknown_signer',
        `invalid signer: signer ${bytesToHex(erin.signer.publicKey)} not found for fid ${erin.fid}`,
      );
    });

    it('revokes nothing for a key that is active', async () => {
      const bob = await account(2);
      const cast = castAdd(bob, 'still valid');
      await mergeAll([cast]);
      assert.deepEqual(await fixture.engine.revokeSigner(bob.fid, bob.signer.publicKey), []);
      assert.equal(hex(await fixture.engine.messageByHash(cast.message.hash)), hex(cast.message));
    });
  });

  describe('username revocation (fname sync)', () => {
    it("revokes the fid's USERNAME naming the name in the caller's transaction, leaving the append to it", async () => {
      const carol = await account(3);
      await storeFnameProof(fixture.database.db, 'carol', carol.fid);
      const username = userData(carol, UserDataType.USERNAME, 'carol');
      await mergeAll([username]);

      // The engine's revokeUsername is what the fname sync expects.
      const revokeUsername: RevokeUsername = fixture.engine.revokeUsername;
      const events = await writeTransaction(fixture.database.db, async (trx) => ({
        other: await revokeUsername(trx, carol.fid, 'someone'),
        carol: await revokeUsername(trx, carol.fid, 'carol'),
      }));
      assert.deepEqual(events.other, []);
      assert.deepEqual(events.carol.map(describeEvent), [['REVOKE', hex(username.message)]]);
      assert.equal(await fixture.engine.userData(carol.fid, UserDataType.USERNAME), undefined);
    });
  });
});

function describeEvent(event: HubEvent | NewHubEvent): [string, string] {
  switch (event.type) {
    case HubEventType.REVOKE_MESSAGE:
      return ['REVOKE', hex(event.revokeMessageBody?.message)];
    case HubEventType.MERGE_USERNAME_PROOF:
      assert.equal(event.mergeUsernameProofBody?.usernameProof, undefined);
      return ['PROOF_DELETED', hex(event.mergeUsernameProofBody?.deletedUsernameProofMessage)];
    default:
      return [`type ${event.type}`, ''];
  }
}
