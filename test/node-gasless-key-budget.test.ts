/**
 * The per-fid KEY_ADD budget (`--key-adds-per-hour`): a fid cycling KEY_ADD and KEY_REMOVE is refused past
 * its budget with the merge limit's errCode, over HTTP with @farcaster/core's builders. Only KEY_ADDs that
 * merge count: a replay or a refused KEY_ADD never does, so a stranger cannot spend a fid's budget, and
 * removals are never refused by it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDialect } from '../src/storage/testing.js';
import {
  accepted,
  custodyRemove,
  ed25519Signer,
  keyAdd,
  openGaslessNode,
  refused,
  selfRevoke,
  setUpAccount,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

const BUDGET = 3;

forEachDialect('node gasless key budget', (dialect) => {
  let node: GaslessNode;
  let alice: Account;
  let bob: Account;

  before(async () => {
    // An hour behind, so the clock can move a window on (core refuses timestamps ahead of the real clock).
    node = await openGaslessNode(dialect, { behindSeconds: 3600, engine: { keyAddsPerHour: BUDGET } });
    [alice, bob] = [await setUpAccount(node.database.db, 1), await setUpAccount(node.database.db, 2)];
  });
  after(() => node?.close());

  it('refuses a fid cycling keys past its KEY_ADDs per hour; replays, refusals and removals never count', async () => {
    const [first, second, third] = [ed25519Signer(31), ed25519Signer(32), ed25519Signer(33)];
    const firstAdd = await keyAdd(node, alice, first, { nonce: 1 });
    await accepted(node, firstAdd); // 1 of 3
    await accepted(node, await custodyRemove(node, alice, first, 2));
    await accepted(node, await keyAdd(node, alice, first, { nonce: 3 })); // 2 of 3
    // A replay and KEY_ADDs that fail a check are refused for themselves, and spend nothing.
    for (let n = 0; n < BUDGET; n += 1) {
      await refused(node, firstAdd, 'bad_request.conflict', /is not greater than stored nonce 3/);
      await refused(
        node,
        await keyAdd(node, { ...alice, wallet: bob.wallet }, second, { app: alice, nonce: 10 + n }),
        'bad_request.validation_failure',
        'invalid signature',
      );
    }
    await accepted(node, await selfRevoke(node, alice, first, 1));
    await accepted(node, await keyAdd(node, alice, second, { nonce: 4 })); // 3 of 3
    const over = await keyAdd(node, alice, third, { nonce: 5 });
    await refused(node, over, 'unavailable', rateLimited(alice));
    // An update of a key is a KEY_ADD too; a removal still goes through.
    await refused(
      node,
      await keyAdd(node, alice, second, { nonce: 5, ttl: 60 }),
      'unavailable',
      rateLimited(alice),
    );
    await accepted(node, await custodyRemove(node, alice, second, 5));
    // The budget is the fid's own.
    await accepted(node, await keyAdd(node, bob, ed25519Signer(34), { nonce: 1 }));

    node.clock.advance(3600);
    await accepted(node, await keyAdd(node, alice, third, { nonce: 6 }));
    const listed = await node.get(`/v1/signersByFid?fid=${alice.fid}`);
    assert.equal(listed.body.gaslessSignerCount, 1);
  });
});

const rateLimited = (account: Account) =>
  `rate limit exceeded for FID ${account.fid}: too many KEY_ADD messages this hour`;
