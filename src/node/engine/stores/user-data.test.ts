import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { UserDataType } from '../../../protocol/gen/message.js';
import { forEachDialect } from '../../../storage/testing.js';
import {
  byHash,
  engineFixture,
  hex,
  hexes,
  merged,
  refused,
  storeFnameProof,
  testEngine,
  userData,
} from '../testing.js';

forEachDialect('user data store', (dialect) => {
  const fixture = engineFixture(dialect);
  const { mergeOne, account } = fixture;

  describe('last write wins per type', () => {
    it('a newer value replaces the older one, which then conflicts', async () => {
      const alice = await account(1);
      const older = userData(alice, UserDataType.BIO, 'old bio', 200);
      const newer = userData(alice, UserDataType.BIO, 'new bio', 100);
      merged(await mergeOne(older));
      assert.deepEqual(merged(await mergeOne(newer)).deleted, [hex(older.message)]);
      refused(await mergeOne(older), 'bad_request.conflict', 'message conflicts with a more recent add');
      assert.equal(hex(await fixture.engine.userData(alice.fid, UserDataType.BIO)), hex(newer.message));
    });

    it('on equal timestamps the higher hash wins, in both orders of arrival', async () => {
      const alice = await account(2);
      const [lower, higher] = byHash(
        userData(alice, UserDataType.DISPLAY, 'Alice', 100),
        userData(alice, UserDataType.DISPLAY, 'Alicia', 100),
      );
      merged(await mergeOne(higher));
      refused(await mergeOne(lower), 'bad_request.conflict', 'message conflicts with a more recent add');
      const bob = await account(3);
      const [bobLower, bobHigher] = byHash(
        userData(bob, UserDataType.DISPLAY, 'Bob', 100),
        userData(bob, UserDataType.DISPLAY, 'Robert', 100),
      );
      merged(await mergeOne(bobLower));
      assert.deepEqual(merged(await mergeOne(bobHigher)).deleted, [hex(bobLower.message)]);
    });

    it('serves a fid user data by type and all of it paged', async () => {
      const alice = await account(4);
      const values = [
        userData(alice, UserDataType.PFP, 'https://example.com/a.png', 300),
        userData(alice, UserDataType.URL, 'https://example.com', 200),
      ];
      for (const outcome of await fixture.engine.mergeMessages(values)) merged(outcome);
      assert.deepEqual(
        hexes((await fixture.engine.userDataByFid(alice.fid, { limit: 10 })).items),
        hexes(values.map((v) => v.message)),
      );
      assert.equal(await fixture.engine.userData(alice.fid, UserDataType.LOCATION), undefined);
    });
  });

  describe('USERNAME', () => {
    it('needs an fname proof held by the fid; an empty value clears it without one', async () => {
      const alice = await account(30);
      const bob = await account(31);
      refused(
        await mergeOne(userData(alice, UserDataType.USERNAME, 'alice', 300)),
        'bad_request.validation_failure',
        'name alice is not registered',
      );
      await storeFnameProof(fixture.database.db, 'alice', alice.fid);
      await storeFnameProof(fixture.database.db, 'bob', bob.fid);
      refused(
        await mergeOne(userData(alice, UserDataType.USERNAME, 'bob', 300)),
        'bad_request.validation_failure',
        `fid ${bob.fid} does not match message fid ${alice.fid}`,
      );
      merged(await mergeOne(userData(alice, UserDataType.USERNAME, 'alice', 300)));
      const cleared = userData(alice, UserDataType.USERNAME, '', 200);
      merged(await mergeOne(cleared));
      assert.equal(
        hex(await fixture.engine.userData(alice.fid, UserDataType.USERNAME)),
        hex(cleared.message),
      );
    });

    it('asks the injected fname proofs, inside the merge transaction', async () => {
      const carol = await account(32);
      const asked: string[] = [];
      const custom = testEngine(fixture.database.db, {
        fnames: {
          proofOf: async (_db, name) => {
            asked.push(name);
            return name === 'carol' ? { fid: carol.fid } : undefined;
          },
        },
      });
      merged((await custom.mergeMessages([userData(carol, UserDataType.USERNAME, 'carol')]))[0]);
      assert.deepEqual(asked, ['carol']);
    });

    it('refuses an ENS name without a stored ENS proof', async () => {
      const dave = await account(33);
      refused(
        await mergeOne(userData(dave, UserDataType.USERNAME, 'dave.eth')),
        'bad_request.validation_failure',
        'name dave.eth is not registered',
      );
    });
  });
});
