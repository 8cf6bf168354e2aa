import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MessageType } from '../../../protocol/gen/message.js';
import { forEachDialect } from '../../../storage/testing.js';
import {
  byHash,
  compactState,
  engineFixture,
  hex,
  hexes,
  link,
  merged,
  refused,
  signed,
} from '../testing.js';
import { decodeStored } from '../message-rows.js';

forEachDialect('link store', (dialect) => {
  const fixture = engineFixture(dialect);
  const { mergeOne, account } = fixture;
  const targetsOf = async (fid: number) =>
    (await fixture.engine.linksByFid(fid, { limit: 100 })).items.map(
      (stored) => decodeStored(stored).data?.linkBody?.targetFid,
    );

  describe('last write wins per (type, target)', () => {
    it('a later remove replaces the add, and the add then conflicts', async () => {
      const alice = await account(1);
      const add = link(alice, true, 2, 200);
      const remove = link(alice, false, 2, 100);
      merged(await mergeOne(add));
      assert.deepEqual(merged(await mergeOne(remove)).deleted, [hex(add.message)]);
      refused(await mergeOne(add), 'bad_request.conflict', 'message conflicts with a more recent remove');
      assert.equal(await fixture.engine.linkById(alice.fid, 'follow', 2), undefined);
    });

    it('on equal timestamps and kinds the higher hash wins, in both orders of arrival', async () => {
      const alice = await account(2);
      const variant = (displayTimestamp: number) =>
        signed(alice, {
          type: MessageType.LINK_ADD,
          linkBody: { type: 'follow', targetFid: 9, displayTimestamp },
        });
      const [lower, higher] = byHash(variant(1), variant(2));
      merged(await mergeOne(lower));
      assert.deepEqual(merged(await mergeOne(higher)).deleted, [hex(lower.message)]);
      refused(await mergeOne(lower), 'bad_request.conflict', 'message conflicts with a more recent add');
    });
  });

  describe('compact state', () => {
    it('drops older removes and older adds of unlisted targets, listing none of them as deleted', async () => {
      const alice = await account(10);
      const kept = link(alice, true, 2, 500);
      const unlisted = link(alice, true, 3, 400);
      const olderRemove = link(alice, false, 4, 450);
      const newer = link(alice, true, 5, 50);
      const like = link(alice, true, 3, 400, 'like');
      for (const outcome of await fixture.engine.mergeMessages([kept, unlisted, olderRemove, newer, like]))
        merged(outcome);

      const state = compactState(alice, [2, 7], 300);
      assert.deepEqual(merged(await mergeOne(state)), { type: 1, message: hex(state.message), deleted: [] });
      assert.deepEqual(await targetsOf(alice.fid), [2, 3, 5]);
      assert.equal(await fixture.engine.linkById(alice.fid, 'follow', 3), undefined);
      assert.equal(hex(await fixture.engine.linkById(alice.fid, 'like', 3)), hex(like.message));
      assert.equal(await fixture.engine.messageByHash(olderRemove.message.hash), undefined);
      assert.equal(hex(await fixture.engine.linkCompactState(alice.fid, 'follow')), hex(state.message));

      refused(
        await mergeOne(link(alice, true, 6, 350)),
        'bad_request.conflict',
        'Target fid 6 not in the compact state target fids',
      );
      refused(
        await mergeOne(link(alice, false, 2, 350)),
        'bad_request.prunable',
        'Remove message earlier than the compact state message will be immediately pruned',
      );
      merged(await mergeOne(link(alice, true, 7, 350)));
      merged(await mergeOne(link(alice, true, 6, 10)));
      merged(await mergeOne(link(alice, false, 2, 10)));
      assert.deepEqual(await targetsOf(alice.fid), [3, 7, 5, 6]);
    });

    it('a newer compact state replaces the older one; older and equal ones are refused', async () => {
      const alice = await account(11);
      const older = compactState(alice, [1], 300);
      const newer = compactState(alice, [1, 2], 200);
      merged(await mergeOne(older));
      assert.deepEqual(merged(await mergeOne(newer)).deleted, []);
      refused(
        await mergeOne(older),
        'bad_request.conflict',
        'A newer Compact State message is already merged',
      );
      refused(await mergeOne(newer), 'bad_request.duplicate', 'message has already been merged');
      assert.deepEqual(hexes((await fixture.engine.linkCompactStateByFid(alice.fid, { limit: 10 })).items), [
        hex(newer.message),
      ]);
    });
  });

  describe('reads', () => {
    it('serves links by target fid, optionally by type, adds only', async () => {
      const [alice, bob, carol] = await Promise.all([20, 21, 22].map((fid) => account(fid)));
      if (alice === undefined || bob === undefined || carol === undefined) throw new Error('no accounts');
      const follows = [link(alice, true, carol.fid, 300), link(bob, true, carol.fid, 200)];
      const blocks = link(bob, true, carol.fid, 100, 'block');
      const unfollowed = link(carol, false, alice.fid, 100);
      for (const outcome of await fixture.engine.mergeMessages([...follows, blocks, unfollowed]))
        merged(outcome);
      const all = await fixture.engine.linksByTargetFid(carol.fid, { limit: 10 });
      assert.deepEqual(hexes(all.items), hexes([...follows, blocks].map((m) => m.message)));
      const followers = await fixture.engine.linksByTargetFid(carol.fid, { limit: 1 }, 'follow');
      assert.deepEqual(hexes(followers.items), [hex(follows[0]?.message)]);
      const rest = await fixture.engine.linksByTargetFid(
        carol.fid,
        { limit: 1, after: followers.next },
        'follow',
      );
      assert.deepEqual(hexes(rest.items), [hex(follows[1]?.message)]);
      assert.deepEqual((await fixture.engine.linksByTargetFid(alice.fid, { limit: 10 })).items, []);
      assert.deepEqual(hexes((await fixture.engine.linksByFid(bob.fid, { limit: 10 }, 'block')).items), [
        hex(blocks.message),
      ]);
    });
  });
});
