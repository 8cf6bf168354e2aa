import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import { UserDataType } from '../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { forEachDialect } from '../../storage/testing.js';
import { eventsPage } from '../events/event-log.js';
import { totalUnits } from '../onchain/storage-units.js';
import type { StorageUnits } from '../onchain/storage-units.js';
import type { MergeOutcome } from './merge.js';
import { createSignaturePool } from './signature-pool.js';
import {
  castAdd,
  castRemove,
  compactState,
  engineFixture,
  ethAccount,
  link,
  reaction,
  receive,
  signerFor,
  storeFnameProof,
  testEngine,
  userData,
  verificationAdd,
  verificationRemove,
} from './testing.js';
import type { EngineFixture, TestAccount } from './testing.js';

const outcome = (result: MergeOutcome) => (result.ok ? 'merged' : result.error.errCode);

/** Batches share account state and the oldest message per store; these check the batch sees its own writes. */
forEachDialect('merge batches', (dialect) => {
  // Made here, as the fixture takes its options here; its workers start only on first use.
  const pool = createSignaturePool({ size: 2, minBatch: 1 });
  after(() => pool.close());
  // Two messages per store and unit.
  const fixture = engineFixture(dialect, { limits: (units) => totalUnits(units) * 2, signatures: pool });

  /** The outcomes of `make`'s messages merged in one batch, and merged one batch each for a second fid. */
  const batchAndOneByOne = async (
    fids: [number, number],
    make: (account: TestAccount) => ReceivedMessage[],
  ) => {
    const [together, alone] = await Promise.all(fids.map((fid) => fixture.account(fid)));
    if (together === undefined || alone === undefined) throw new Error('no accounts');
    const batch = (await fixture.engine.mergeMessages(make(together))).map(outcome);
    const oneByOne: string[] = [];
    for (const message of make(alone)) {
      oneByOne.push(...(await fixture.engine.mergeMessages([message])).map(outcome));
    }
    return { batch, oneByOne };
  };

  describe('storage limits within a batch', () => {
    it('refuses a message older than the ones an earlier message of the batch filled the store with', async () => {
      const { batch, oneByOne } = await batchAndOneByOne([1, 2], (account) =>
        [100, 200, 300, 50].map((ago) => castAdd(account, `cast ${ago}`, ago)),
      );
      assert.deepEqual(batch, ['merged', 'merged', 'bad_request.prunable', 'merged']);
      assert.deepEqual(batch, oneByOne);
    });

    it('compares with the next oldest once the batch deleted the oldest', async () => {
      const url = (n: number) => ({ url: `https://example.com/${n}` });
      const { batch, oneByOne } = await batchAndOneByOne([3, 4], (account) => [
        reaction(account, true, url(1), 300),
        reaction(account, true, url(2), 200),
        // Replaces the oldest like: the store holds the 200 and the 100.
        reaction(account, false, url(1), 100),
        reaction(account, true, url(3), 250),
        reaction(account, true, url(4), 150),
      ]);
      assert.deepEqual(batch, ['merged', 'merged', 'merged', 'bad_request.prunable', 'merged']);
      assert.deepEqual(batch, oneByOne);
    });
  });

  describe('signature verification failing mid-batch', () => {
    it('fails the whole batch and writes none of it, though its first messages were merging', async () => {
      const carol = await fixture.account(20);
      let jobs = 0;
      const failing = testEngine(fixture.database.db, {
        signatures: {
          verifyAll: async (checks) => {
            jobs += 1;
            if (jobs === 1) return checks.map(() => true);
            await new Promise((resolve) => setTimeout(resolve, 20));
            throw new Error('verification pool down');
          },
        },
      });
      const casts = Array.from({ length: 100 }, (_, n) => castAdd(carol, `cast ${n}`, 1000 - n));
      await assert.rejects(failing.mergeMessages(casts), /verification pool down/);
      assert.ok(jobs > 1, 'the batch was verified in several jobs');
      assert.deepEqual((await fixture.engine.castsByFid(carol.fid, { limit: 10 })).items, []);
    });
  });

  describe('account checks within a batch', () => {
    it('refuses only the messages of unknown fids, unknown signers, missing storage and bad signatures', async () => {
      const alice = await fixture.account(10);
      const broke = await fixture.account(11, { units: 0 });
      const stranger: TestAccount = { fid: 12, signer: signerFor(12), custody: new Uint8Array(20) };
      const intruder: TestAccount = { ...alice, signer: signerFor(10, 9) };
      const forged = castAdd(alice, 'forged', 20);
      const outcomes = await fixture.engine.mergeMessages([
        castAdd(alice, 'first', 40),
        castAdd(stranger, 'who'),
        castAdd(intruder, 'not my key'),
        castAdd(broke, 'no room'),
        receive({ ...forged.message, signature: new Uint8Array(64).fill(1) }),
        castAdd(alice, 'last', 10),
      ]);
      assert.deepEqual(outcomes.map(outcome), [
        'merged',
        'bad_request.unknown_fid',
        'bad_request.unknown_signer',
        'bad_request.no_storage',
        'bad_request.validation_failure',
        'merged',
      ]);
    });
  });
});

/**
 * The contract of batch-internal resolution: a batch leaves the same outcomes, stored rows and events as
 * merging its messages one batch each, whatever it holds back and writes at once.
 */
forEachDialect('a batch resolves as its messages one after another', (dialect) => {
  // Three messages per store and unit, so the batch fills a store.
  const options = { limits: (units: StorageUnits) => totalUnits(units) * 3 };
  const batched = engineFixture(dialect, options);
  const oneByOne = engineFixture(dialect, options);

  const url = (n: number) => ({ url: `https://example.com/${n}` });

  const messages = async (alice: TestAccount, bob: TestAccount): Promise<ReceivedMessage[]> => {
    const cast = castAdd(alice, 'mentions', 230, { mentions: [bob.fid, 5] });
    const removedFirst = castAdd(alice, 'removed before it arrives', 215);
    const liked = reaction(alice, true, url(2), 240);
    const eth = ethAccount(1);
    const bobsAddress = await verificationAdd(bob, eth, 300);
    return [
      // Two adds on one key, the newer second, then an older one.
      userData(alice, UserDataType.PFP, 'one', 300),
      userData(alice, UserDataType.PFP, 'two', 200),
      userData(alice, UserDataType.BIO, 'new', 100),
      userData(alice, UserDataType.BIO, 'old', 150),
      userData(alice, UserDataType.DISPLAY, 'alice', 250),
      // The store is full and this is older than its oldest: it would be pruned.
      userData(alice, UserDataType.URL, 'https://example.com', 400),
      // A USERNAME's check reads the fname proofs and the stored messages.
      userData(alice, UserDataType.USERNAME, 'alice', 90),
      // An add and its remove; a duplicate.
      reaction(alice, true, url(1), 300),
      reaction(alice, false, url(1), 250),
      liked,
      liked,
      // A cast with mentions and its remove; a remove before its cast.
      cast,
      castRemove(alice, cast.message.hash, 220),
      castRemove(alice, removedFirst.message.hash, 210),
      removedFirst,
      // A compact state drops the earlier link; older links of targets it does not list are refused.
      link(alice, true, 40, 300),
      compactState(alice, [41], 200),
      link(alice, true, 42, 250),
      link(alice, false, 41, 250),
      link(alice, true, 41, 260),
      // An address moves to alice and is removed; bob's add of it then stands again.
      bobsAddress,
      await verificationAdd(alice, eth, 200),
      verificationRemove(alice, eth.address, 100),
      bobsAddress,
    ];
  };

  /**
   * Outcomes, rows and events with event ids left out (they follow the batches); compared as objects, so
   * their bytes must be of the same kind too (a Buffer is not a Uint8Array).
   */
  const state = async (fixture: EngineFixture, outcomes: MergeOutcome[]) => {
    const { db } = fixture.database;
    const withoutId = (event: HubEvent) => ({ ...event, id: 0 });
    return {
      outcomes: outcomes.map((result) => (result.ok ? withoutId(result.event) : result.error)),
      messages: await db.selectFrom('messages').selectAll().orderBy('hash').execute(),
      mentions: await db
        .selectFrom('cast_mentions')
        .selectAll()
        .orderBy('hash')
        .orderBy('mentioned_fid')
        .execute(),
      events: (await eventsPage(db, 0, 1000)).events.map(withoutId),
    };
  };

  it('leaves the outcomes, rows and events of one batch per message', async () => {
    const accounts = async (fixture: EngineFixture) => {
      const [alice, bob] = [await fixture.account(30), await fixture.account(31)];
      await storeFnameProof(fixture.database.db, 'alice', alice.fid);
      return messages(alice, bob);
    };
    const input = await accounts(batched);
    const together = await batched.engine.mergeMessages(input);
    const alone: MergeOutcome[] = [];
    for (const message of await accounts(oneByOne))
      alone.push(...(await oneByOne.engine.mergeMessages([message])));

    assert.deepEqual(together.map(outcome), [
      'merged',
      'merged',
      'merged',
      'bad_request.conflict',
      'merged',
      'bad_request.prunable',
      'merged',
      'merged',
      'merged',
      'merged',
      'bad_request.duplicate',
      'merged',
      'merged',
      'merged',
      'bad_request.conflict',
      'merged',
      'merged',
      'bad_request.conflict',
      'bad_request.prunable',
      'merged',
      'merged',
      'merged',
      'merged',
      'merged',
    ]);
    assert.deepEqual(await state(batched, together), await state(oneByOne, alone));
  });
});
