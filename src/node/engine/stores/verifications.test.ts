import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { forEachDialect } from '../../../storage/testing.js';
import {
  engineFixture,
  ethAccount,
  hex,
  hexes,
  merged,
  refused,
  verificationAdd,
  verificationRemove,
} from '../testing.js';

forEachDialect('verification store', (dialect) => {
  const fixture = engineFixture(dialect);
  const { mergeOne, account } = fixture;

  describe('per (fid, address)', () => {
    it('a later remove deletes the add; the add then conflicts; verificationsByFid lists adds only', async () => {
      const alice = await account(1);
      const [first, second] = [ethAccount(1), ethAccount(2)];
      const add = await verificationAdd(alice, first, 300);
      const kept = await verificationAdd(alice, second, 250);
      const remove = verificationRemove(alice, first.address, 200);
      for (const outcome of await fixture.engine.mergeMessages([add, kept])) merged(outcome);
      assert.deepEqual(merged(await mergeOne(remove)).deleted, [hex(add.message)]);
      refused(await mergeOne(add), 'bad_request.conflict', 'message conflicts with a more recent remove');
      assert.equal(await fixture.engine.verification(alice.fid, first.address), undefined);
      assert.equal(hex(await fixture.engine.verification(alice.fid, second.address)), hex(kept.message));
      assert.deepEqual(hexes((await fixture.engine.verificationsByFid(alice.fid, { limit: 10 })).items), [
        hex(kept.message),
      ]);
    });
  });

  describe('an address is verified by one fid at a time', () => {
    it("a newer add deletes another fid's add of the address, listing it as deleted", async () => {
      const alice = await account(10);
      const bob = await account(11);
      const wallet = ethAccount(10);
      const alices = await verificationAdd(alice, wallet, 300);
      const bobs = await verificationAdd(bob, wallet, 200);
      merged(await mergeOne(alices));
      assert.deepEqual(merged(await mergeOne(bobs)).deleted, [hex(alices.message)]);
      assert.equal(await fixture.engine.verification(alice.fid, wallet.address), undefined);
      assert.equal(hex(await fixture.engine.verification(bob.fid, wallet.address)), hex(bobs.message));
      refused(await mergeOne(alices), 'bad_request.conflict', 'message conflicts with a more recent add');
    });

    it('an older add for an address another fid holds conflicts and changes nothing', async () => {
      const carol = await account(12);
      const dave = await account(13);
      const wallet = ethAccount(11);
      const carols = await verificationAdd(carol, wallet, 100);
      merged(await mergeOne(carols));
      refused(
        await mergeOne(await verificationAdd(dave, wallet, 200)),
        'bad_request.conflict',
        'message conflicts with a more recent add',
      );
      assert.equal(hex(await fixture.engine.verification(carol.fid, wallet.address)), hex(carols.message));
    });

    it("a remove only concerns the remover's own verification", async () => {
      const erin = await account(14);
      const frank = await account(15);
      const wallet = ethAccount(12);
      const erins = await verificationAdd(erin, wallet, 300);
      merged(await mergeOne(erins));
      assert.deepEqual(merged(await mergeOne(verificationRemove(frank, wallet.address, 100))).deleted, []);
      assert.equal(hex(await fixture.engine.verification(erin.fid, wallet.address)), hex(erins.message));
    });
  });
});
