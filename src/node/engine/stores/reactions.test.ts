import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ReactionType } from '../../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../../protocol/message.js';
import { forEachDialect } from '../../../storage/testing.js';
import { castAdd, castIdOf, engineFixture, hex, hexes, merged, reaction, refused } from '../testing.js';
import type { TestAccount } from '../testing.js';

forEachDialect('reaction store', (dialect) => {
  const fixture = engineFixture(dialect);
  const { mergeOne, account } = fixture;
  const url = { url: 'https://example.com/page' };

  /** Merges `first` then `second`: the second must replace the first, and the first must then conflict. */
  async function secondWins(first: ReceivedMessage, second: ReceivedMessage, conflict: 'add' | 'remove') {
    merged(await mergeOne(first));
    assert.deepEqual(merged(await mergeOne(second)).deleted, [hex(first.message)]);
    refused(
      await mergeOne(first),
      'bad_request.conflict',
      `message conflicts with a more recent ${conflict}`,
    );
  }

  describe('last write wins', () => {
    let alice: TestAccount;
    before(async () => {
      alice = await account(1);
    });

    it('a later remove replaces an earlier add; the add arriving after it conflicts', async () => {
      await secondWins(reaction(alice, true, url, 200), reaction(alice, false, url, 100), 'remove');
    });

    it('a later add replaces an earlier remove; the remove arriving after it conflicts', async () => {
      const target = { url: 'https://example.com/2' };
      await secondWins(reaction(alice, false, target, 200), reaction(alice, true, target, 100), 'add');
    });

    it('the later message wins whichever arrives first', async () => {
      const target = { url: 'https://example.com/3' };
      const later = reaction(alice, true, target, 100);
      const earlier = reaction(alice, false, target, 200);
      merged(await mergeOne(later));
      refused(await mergeOne(earlier), 'bad_request.conflict', 'message conflicts with a more recent add');
    });

    it('on equal timestamps a remove beats an add, in both orders of arrival', async () => {
      const first = { url: 'https://example.com/4' };
      await secondWins(reaction(alice, true, first, 100), reaction(alice, false, first, 100), 'remove');
      const second = { url: 'https://example.com/5' };
      merged(await mergeOne(reaction(alice, false, second, 100)));
      refused(
        await mergeOne(reaction(alice, true, second, 100)),
        'bad_request.conflict',
        'message conflicts with a more recent remove',
      );
    });

    it('reactions of another type or target do not compete', async () => {
      const target = { url: 'https://example.com/6' };
      merged(await mergeOne(reaction(alice, true, target, 100)));
      assert.deepEqual(
        merged(await mergeOne(reaction(alice, true, target, 100, ReactionType.RECAST))).deleted,
        [],
      );
      assert.deepEqual(
        merged(await mergeOne(reaction(alice, true, { url: 'https://example.com/7' }, 100))).deleted,
        [],
      );
    });
  });

  describe('reads', () => {
    it('serves reactions by id, by fid and by target, adds only, optionally by type', async () => {
      const bob = await account(10);
      const carol = await account(11);
      const cast = castAdd(bob, 'react to me');
      const castId = castIdOf(cast);
      const like = reaction(carol, true, { castId }, 300);
      const recast = reaction(carol, true, { castId }, 200, ReactionType.RECAST);
      const bobLike = reaction(bob, true, { castId }, 100);
      const removed = reaction(carol, false, url, 50);
      for (const outcome of await fixture.engine.mergeMessages([cast, like, recast, bobLike, removed]))
        merged(outcome);

      assert.equal(
        hex(await fixture.engine.reactionById(carol.fid, ReactionType.LIKE, { castId })),
        hex(like.message),
      );
      assert.equal(await fixture.engine.reactionById(carol.fid, ReactionType.LIKE, url), undefined);
      const byTarget = await fixture.engine.reactionsByTarget({ castId }, { limit: 10 });
      assert.deepEqual(hexes(byTarget.items), hexes([like.message, recast.message, bobLike.message]));
      const likes = await fixture.engine.reactionsByTarget({ castId }, { limit: 10 }, ReactionType.LIKE);
      assert.deepEqual(hexes(likes.items), hexes([like.message, bobLike.message]));
      assert.deepEqual((await fixture.engine.reactionsByTarget(url, { limit: 10 })).items, []);
      const carols = await fixture.engine.reactionsByFid(carol.fid, { limit: 10 }, ReactionType.RECAST);
      assert.deepEqual(hexes(carols.items), [hex(recast.message)]);
      assert.equal((await fixture.engine.reactionsByFid(carol.fid, { limit: 10 })).items.length, 2);
    });
  });
});
