import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MessageData } from '../../../protocol/gen/message.js';
import { messageHash } from '../../../protocol/message.js';
import { forEachDialect } from '../../../storage/testing.js';
import {
  castAdd,
  castIdOf,
  castRemove,
  engineFixture,
  hex,
  hexes,
  json,
  merged,
  receive,
  refused,
} from '../testing.js';
import { decodeStored } from '../message-rows.js';

forEachDialect('cast store', (dialect) => {
  const fixture = engineFixture(dialect);
  const { mergeOne, account } = fixture;

  describe('adds and removes', () => {
    it('stores an add and serves it with data and dataBytes; the same add again is a duplicate', async () => {
      const alice = await account(1);
      const add = castAdd(alice, 'hello');
      assert.deepEqual(merged(await mergeOne(add)), {
        type: 1,
        message: hex(add.message),
        deleted: [],
      });
      assert.deepEqual(json(await fixture.engine.castById(castIdOf(add))), json(add.message));
      refused(await mergeOne(add), 'bad_request.duplicate', 'message has already been merged');
    });

    it('keeps dataBytes built from the signed bytes when the client sent only data', async () => {
      const alice = await account(2);
      const { dataBytes, ...withoutBytes } = castAdd(alice, 'legacy client').message;
      assert.ok(dataBytes !== undefined);
      const add = receive({ ...withoutBytes, dataBytes: undefined });
      assert.equal(merged(await mergeOne(add)).message, hex(add.message));
      const read = await fixture.engine.castById(castIdOf(add));
      const stored = read && decodeStored(read);
      assert.ok(stored?.dataBytes !== undefined && stored.data !== undefined);
      assert.deepEqual(stored.hash, messageHash(stored.dataBytes));
      assert.deepEqual(
        MessageData.toJSON(MessageData.decode(stored.dataBytes)),
        MessageData.toJSON(add.data),
      );
    });

    it('a remove wins over its add whatever the timestamps, and the add is listed as deleted', async () => {
      const alice = await account(3);
      const add = castAdd(alice, 'to be removed', 50);
      const remove = castRemove(alice, add.message.hash, 500);
      await mergeOne(add);
      assert.deepEqual(merged(await mergeOne(remove)), {
        type: 1,
        message: hex(remove.message),
        deleted: [hex(add.message)],
      });
      assert.equal(await fixture.engine.castById(castIdOf(add)), undefined);
      // castsByFid serves removes as well as adds, like the reference.
      assert.deepEqual(hexes((await fixture.engine.castsByFid(alice.fid, { limit: 10 })).items), [
        hex(remove.message),
      ]);
      refused(await mergeOne(add), 'bad_request.conflict', 'message conflicts with a more recent remove');
    });

    it('keeps a remove of an unknown cast as a tombstone that the later add conflicts with', async () => {
      const alice = await account(4);
      const add = castAdd(alice, 'arrives late', 10);
      const remove = castRemove(alice, add.message.hash, 20);
      assert.deepEqual(merged(await mergeOne(remove)).deleted, []);
      refused(await mergeOne(add), 'bad_request.conflict', 'message conflicts with a more recent remove');
      assert.deepEqual(hexes((await fixture.engine.castsByFid(alice.fid, { limit: 10 })).items), [
        hex(remove.message),
      ]);
    });

    it('between two removes of one cast the later one wins, in either order of arrival', async () => {
      const alice = await account(5);
      const target = castAdd(alice, 'x').message.hash;
      const older = castRemove(alice, target, 300);
      const newer = castRemove(alice, target, 200);
      await mergeOne(older);
      assert.deepEqual(merged(await mergeOne(newer)).deleted, [hex(older.message)]);
      refused(await mergeOne(older), 'bad_request.conflict', 'message conflicts with a more recent remove');
    });
  });

  describe('reads', () => {
    it('serves casts by parent cast, parent url and mention, paged by age', async () => {
      const alice = await account(10);
      const bob = await account(11);
      const parent = castAdd(alice, 'parent', 900);
      const replies = [300, 200, 100].map((ago) =>
        castAdd(bob, `reply ${ago}`, ago, {
          parentCastId: castIdOf(parent),
          mentions: [alice.fid, alice.fid],
        }),
      );
      const url = 'https://example.com/channel';
      const inChannel = castAdd(alice, 'in channel', 150, { parentUrl: url });
      for (const outcome of await fixture.engine.mergeMessages([parent, ...replies, inChannel]))
        merged(outcome);

      const first = await fixture.engine.castsByParent({ castId: castIdOf(parent) }, { limit: 2 });
      assert.deepEqual(hexes(first.items), hexes(replies.slice(0, 2).map((r) => r.message)));
      const second = await fixture.engine.castsByParent(
        { castId: castIdOf(parent) },
        { limit: 2, after: first.next },
      );
      assert.deepEqual(hexes(second.items), [hex(replies[2]?.message)]);
      assert.equal(second.next, undefined);
      const newest = await fixture.engine.castsByParent(
        { castId: castIdOf(parent) },
        { limit: 1, reverse: true },
      );
      assert.deepEqual(hexes(newest.items), [hex(replies[2]?.message)]);

      assert.deepEqual(hexes((await fixture.engine.castsByParent({ url }, { limit: 10 })).items), [
        hex(inChannel.message),
      ]);
      const mentions = await fixture.engine.castsByMention(alice.fid, { limit: 10, reverse: true });
      assert.deepEqual(hexes(mentions.items), hexes([...replies].reverse().map((r) => r.message)));
    });

    it('drops a removed cast from the parent and mention reads', async () => {
      const alice = await account(12);
      const reply = castAdd(alice, 'reply', 100, {
        parentUrl: 'https://example.com/gone',
        mentions: [7],
      });
      await mergeOne(reply);
      merged(await mergeOne(castRemove(alice, reply.message.hash, 50)));
      assert.deepEqual(
        (await fixture.engine.castsByParent({ url: 'https://example.com/gone' }, { limit: 5 })).items,
        [],
      );
      assert.deepEqual((await fixture.engine.castsByMention(7, { limit: 5 })).items, []);
    });
  });
});
