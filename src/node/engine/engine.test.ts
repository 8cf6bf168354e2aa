import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { makeMessage } from '../../protocol/builder.js';
import { FarcasterNetwork, MessageType } from '../../protocol/gen/message.js';
import { bytesToHex } from '../../protocol/hex.js';
import { incorrectNetwork } from '../../protocol/networks.js';
import { forEachDialect } from '../../storage/testing.js';
import { eventsPage } from '../events/event-log.js';
import {
  NOW,
  castAdd,
  engineFixture,
  hex,
  merged,
  mergedEvent,
  reaction,
  receive,
  refused,
  signed,
  signerFor,
  testEngine,
} from './testing.js';
import type { TestAccount } from './testing.js';

forEachDialect('message engine', (dialect) => {
  const fixture = engineFixture(dialect);
  const { mergeOne, account } = fixture;
  let alice: TestAccount;
  before(async () => {
    alice = await account(1);
  });

  const allEvents = async () => (await eventsPage(fixture.database.db, 0, 1000)).events;

  describe('checks before a merge, in the reference order', () => {
    it('refuses a structurally invalid message', async () => {
      const wrongNetwork = receive(
        makeMessage(
          {
            type: MessageType.CAST_ADD,
            fid: 1,
            timestamp: NOW,
            network: FarcasterNetwork.TESTNET,
            castAddBody: castAdd(alice, 'x').data.castAddBody,
          },
          alice.signer,
        ),
      );
      refused(await mergeOne(wrongNetwork), 'bad_request.validation_failure', incorrectNetwork(2, 1));
    });

    it('refuses an unknown fid, then a signer that is not an active key of the fid', async () => {
      const stranger = { fid: 999, signer: signerFor(999), custody: new Uint8Array(20) };
      refused(await mergeOne(castAdd(stranger, 'hi')), 'bad_request.unknown_fid', 'unknown fid: 999');
      const impostor = { ...alice, signer: signerFor(alice.fid, 9) };
      refused(
        await mergeOne(castAdd(impostor, 'hi')),
        'bad_request.unknown_signer',
        `invalid signer: signer ${bytesToHex(impostor.signer.publicKey)} not found for fid ${alice.fid}`,
      );
    });

    it('refuses a fid without storage units', async () => {
      const broke = await account(2, { units: 0 });
      refused(await mergeOne(castAdd(broke, 'hi')), 'bad_request.no_storage', 'no storage');
    });

    it('limits each fid to units × messagesPerUnit messages per window', async () => {
      const limited = testEngine(fixture.database.db, { rateLimit: { messagesPerUnit: 2 } });
      const bob = await account(3);
      const outcomes = await limited.mergeMessages([1, 2, 3].map((n) => castAdd(bob, `cast ${n}`)));
      assert.deepEqual(
        outcomes.map((outcome) => outcome.ok),
        [true, true, false],
      );
      refused(outcomes[2], 'unavailable', `rate limit exceeded for FID ${bob.fid}`);
      merged((await limited.mergeMessages([castAdd(alice, 'another fid')]))[0]);
    });

    it('never stores a FrameAction, which validate() accepts', async () => {
      const frameAction = signed(alice, {
        type: MessageType.FRAME_ACTION,
        frameActionBody: {
          url: new TextEncoder().encode('https://example.com/frame'),
          buttonIndex: 1,
          castId: undefined,
          inputText: new Uint8Array(),
          state: new Uint8Array(),
          transactionId: new Uint8Array(),
          address: new Uint8Array(),
        },
      });
      refused(await mergeOne(frameAction), 'bad_request.validation_failure', 'invalid message type');
      const validated = await fixture.engine.validate(frameAction);
      assert.ok(validated.ok);
      assert.equal(hex(validated.value), hex(frameAction.message));
    });

    it('validate() runs the account checks but stores nothing', async () => {
      const cast = castAdd(alice, 'only validated');
      assert.ok((await fixture.engine.validate(cast)).ok);
      assert.equal(await fixture.engine.messageByHash(cast.message.hash), undefined);
      refused(
        await fixture.engine.validate(castAdd({ ...alice, fid: 998 }, 'x')),
        'bad_request.unknown_fid',
        'unknown fid: 998',
      );
    });
  });

  describe('batch merge', () => {
    it('merges the good messages of a batch around a bad one, with their events in order', async () => {
      const bob = await account(10);
      const before = (await allEvents()).length;
      const good = [castAdd(bob, 'one', 300), castAdd(bob, 'two', 200)];
      const bad = castAdd({ ...bob, signer: signerFor(bob.fid, 5) }, 'forged');
      const outcomes = await fixture.engine.mergeMessages(
        [good[0], bad, good[1]].filter((m) => m !== undefined),
      );
      const [first, failed, second] = outcomes;
      refused(
        failed,
        'bad_request.unknown_signer',
        `invalid signer: signer ${bytesToHex(signerFor(bob.fid, 5).publicKey)} not found for fid ${bob.fid}`,
      );
      const ids = [mergedEvent(first).id, mergedEvent(second).id];
      assert.equal(ids[1], (ids[0] ?? 0) + 1);
      const logged = (await allEvents()).slice(before);
      assert.deepEqual(
        logged.map((event) => [event.id, hex(event.mergeMessageBody?.message)]),
        [
          [ids[0], hex(good[0]?.message)],
          [ids[1], hex(good[1]?.message)],
        ],
      );
      assert.equal(await fixture.engine.messageByHash(bad.message.hash), undefined);
    });

    it('resolves two messages on one key as if merged one after the other', async () => {
      const carol = await account(11);
      const url = { url: 'https://example.com/batch' };
      const add = reaction(carol, true, url, 200);
      const remove = reaction(carol, false, url, 100);
      const [added, removed, again] = await fixture.engine.mergeMessages([add, remove, add]);
      assert.deepEqual(merged(added).deleted, []);
      assert.deepEqual(merged(removed).deleted, [hex(add.message)]);
      refused(again, 'bad_request.conflict', 'message conflicts with a more recent remove');

      const other = { url: 'https://example.com/batch-2' };
      const later = reaction(carol, true, other, 100);
      const earlier = reaction(carol, false, other, 200);
      const [kept, lost, duplicate] = await fixture.engine.mergeMessages([later, earlier, later]);
      merged(kept);
      refused(lost, 'bad_request.conflict', 'message conflicts with a more recent add');
      refused(duplicate, 'bad_request.duplicate', 'message has already been merged');
    });

    it('writes no events for a batch of refused messages', async () => {
      const before = (await allEvents()).length;
      const outcomes = await fixture.engine.mergeMessages([castAdd({ ...alice, fid: 997 }, 'x')]);
      refused(outcomes[0], 'bad_request.unknown_fid', 'unknown fid: 997');
      assert.equal((await allEvents()).length, before);
      assert.deepEqual(await fixture.engine.mergeMessages([]), []);
    });
  });
});
