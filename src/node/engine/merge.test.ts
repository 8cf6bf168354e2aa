import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { ReceivedMessage } from '../../protocol/message.js';
import { forEachDialect } from '../../storage/testing.js';
import { totalUnits } from '../onchain/storage-units.js';
import type { MergeOutcome } from './merge.js';
import { createSignaturePool } from './signature-pool.js';
import { castAdd, engineFixture, receive, reaction, signerFor, testEngine } from './testing.js';
import type { TestAccount } from './testing.js';

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
