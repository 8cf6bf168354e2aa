import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HubEventType } from '../../protocol/gen/hub_event.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import { StoreType } from '../../protocol/gen/request_response.js';
import { forEachDialect } from '../../storage/testing.js';
import { totalUnits } from '../onchain/storage-units.js';
import { fixedClock } from '../onchain/testing.js';
import type { EngineOptions } from './engine.js';
import {
  NOW_MS,
  castAdd,
  castRemove,
  compactState,
  engineFixture,
  ensProof,
  hex,
  hexes,
  link,
  merged,
  refused,
  testEngine,
} from './testing.js';

/** Three messages per unit in every store, so a limit is reached with a handful of messages. */
const SMALL_LIMITS: EngineOptions['limits'] = (units) => totalUnits(units) * 3;

forEachDialect('storage limits and pruning', (dialect) => {
  let ensOwner: Uint8Array | undefined;
  const fixture = engineFixture(dialect, {
    limits: SMALL_LIMITS,
    ensVerifier: { resolve: async () => ensOwner },
  });
  const { mergeOne, mergeAll, account } = fixture;

  const prunedOf = (events: HubEvent[], fid: number) =>
    events
      .filter((event) => event.pruneMessageBody?.message?.data?.fid === fid)
      .map((event) => {
        assert.equal(event.type, HubEventType.PRUNE_MESSAGE);
        return hex(event.pruneMessageBody?.message);
      });

  describe('at the limit', () => {
    it('refuses a message older than the oldest kept, accepts newer ones, and prunes the oldest', async () => {
      const alice = await account(1);
      const casts = [400, 300, 200].map((ago) => castAdd(alice, `cast ${ago}`, ago));
      await mergeAll(casts);
      refused(
        await mergeOne(castAdd(alice, 'too old', 500)),
        'bad_request.prunable',
        'message would be pruned',
      );
      // Removes take space too: this one puts the store over its limit.
      const remove = castRemove(alice, castAdd(alice, 'never seen').message.hash, 100);
      merged(await mergeOne(remove));

      const events = await fixture.engine.prune();
      assert.deepEqual(prunedOf(events, alice.fid), [hex(casts[0]?.message)]);
      assert.deepEqual(
        hexes((await fixture.engine.castsByFid(alice.fid, { limit: 10 })).items),
        hexes([casts[1], casts[2], remove].map((m) => m?.message ?? { hash: new Uint8Array() })),
      );
      assert.deepEqual(prunedOf(await fixture.engine.prune(), alice.fid), []);
    });

    it('reports usage per store: limit, used and the oldest message', async () => {
      const bob = await account(2, { units: 2 });
      const casts = [300, 200].map((ago) => castAdd(bob, `cast ${ago}`, ago));
      await mergeAll(casts);
      const usage = await fixture.engine.storageUsage(bob.fid);
      assert.deepEqual(usage.balance.net, { legacy: 0, units2024: 2 });
      const castUsage = usage.stores.find((store) => store.store === StoreType.CASTS);
      assert.equal(castUsage?.limit, 6);
      assert.equal(castUsage?.used, 2);
      assert.equal(castUsage?.earliest?.timestamp, casts[0]?.data.timestamp);
      assert.equal(hex(castUsage?.earliest), hex(casts[0]?.message));
      const links = usage.stores.find((store) => store.store === StoreType.LINKS);
      assert.deepEqual(links, { store: StoreType.LINKS, limit: 6, used: 0, earliest: undefined });
    });

    it('never prunes compact states or username proofs, which also take no link space', async () => {
      const carol = await account(3);
      await mergeAll([300, 200, 100].map((ago) => link(carol, true, ago, ago)));
      await mergeAll([compactState(carol, [300, 200, 100], 50)]);
      ensOwner = carol.custody;
      await mergeAll(
        ['a', 'b', 'c', 'd'].map((label, i) => ensProof(carol, `${label}carol.eth`, carol.custody, 400 - i)),
      );
      assert.deepEqual(prunedOf(await fixture.engine.prune(), carol.fid), []);
      assert.equal((await fixture.engine.usernameProofsByFid(carol.fid, { limit: 10 })).items.length, 4);
      const usage = await fixture.engine.storageUsage(carol.fid);
      assert.equal(usage.stores.find((store) => store.store === StoreType.LINKS)?.used, 3);
    });

    it('prunes everything of a fid whose units expired (run last: it expires every fid here)', async () => {
      const dave = await account(4);
      const cast = castAdd(dave, 'before expiry');
      await mergeAll([cast]);
      const later = testEngine(fixture.database.db, {
        limits: SMALL_LIMITS,
        clock: fixedClock(NOW_MS + 2 * 365 * 86_400_000),
      });
      assert.deepEqual(prunedOf(await later.prune(), dave.fid), [hex(cast.message)]);
      refused(
        (await later.mergeMessages([castAdd(dave, 'after expiry')]))[0],
        'bad_request.no_storage',
        'no storage',
      );
    });
  });
});
