/**
 * Storage lending. LEND_STORAGE messages built with @farcaster/core 0.20.0's makeLendStorage,
 * over HTTP to a node on SQLite and PostgreSQL: what may be lent, one lend per pair (newest wins, 0 units
 * revokes), and the net units every limit, prune and rate limit then uses, as /v1/storageLimitsByFid and
 * gRPC GetCurrentStorageLimitsByFid report them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FarcasterNetwork, makeLendStorage, StorageUnitType } from '@farcaster/core';
import type { Json } from '../src/node/http/testing.js';
import { forEachDialect } from '../src/storage/testing.js';
import { ok } from './support/grpc-results.js';
import {
  accepted,
  cast,
  hex,
  lend,
  openGaslessNode,
  refused,
  setUpAccount,
  unwrap,
} from './support/gasless.js';
import type { Account, GaslessNode } from './support/gasless.js';

const INSUFFICIENT = ['bad_request.validation_failure', 'insufficient storage'] as const;
/** Two casts per unit, so limits and pruning show with a handful of messages. */
const CASTS_PER_UNIT = 2;

forEachDialect('node storage lending', (dialect) => {
  let node: GaslessNode;
  let lender: Account;
  let borrower: Account;
  let other: Account;

  before(async () => {
    node = await openGaslessNode(dialect, {
      engine: { limits: (units) => (units.legacy + units.units2024) * CASTS_PER_UNIT },
    });
    lender = await setUpAccount(node.database.db, 10, { units: 5 });
    borrower = await setUpAccount(node.database.db, 11, { units: 1 });
    other = await setUpAccount(node.database.db, 12, { units: 1 });
  });
  after(() => node?.close());

  const limits = async (fid: number): Promise<Json> => {
    const { status, body } = await node.get(`/v1/storageLimitsByFid?fid=${fid}`);
    assert.equal(status, 200, JSON.stringify(body));
    return body;
  };
  const limitOf = (body: Json, name: string) =>
    body.limits.find((limit: Json) => limit.name === name) as Json;
  const castCount = async (account: Account) =>
    (await node.get(`/v1/castsByFid?fid=${account.fid}`)).body.messages.length as number;

  it('moves units from lender to borrower, as both transports report', async () => {
    await accepted(node, await lend(node, lender, borrower.fid, 3));
    const ofLender = await limits(lender.fid);
    assert.equal(ofLender.units, 2);
    assert.deepEqual(ofLender.unitDetails, [
      { unitType: 'UNIT_TYPE_LEGACY', unitSize: 0 },
      { unitType: 'UNIT_TYPE_2024', unitSize: 2 },
    ]);
    assert.equal(limitOf(ofLender, 'CASTS').limit, 2 * CASTS_PER_UNIT);
    // One lend per purchased unit: reported, never enforced.
    assert.deepEqual(
      { ...limitOf(ofLender, 'STORAGE_LENDS'), earliestTimestamp: 0, earliestHash: '' },
      {
        storeType: 'STORE_TYPE_STORAGE_LENDS',
        name: 'STORAGE_LENDS',
        limit: 5,
        used: 1,
        earliestTimestamp: 0,
        earliestHash: '',
      },
    );
    assert.equal((await limits(borrower.fid)).units, 4);

    const overGrpc = ok(await node.client.getCurrentStorageLimitsByFid({ fid: lender.fid }));
    assert.equal(overGrpc.units, 2);
    assert.deepEqual(
      overGrpc.unitDetails.map(
        ({ unitType, unitSize, purchasedUnitSize, lentUnitSize, borrowedUnitSize }) => [
          unitType,
          unitSize,
          purchasedUnitSize,
          lentUnitSize,
          borrowedUnitSize,
        ],
      ),
      [
        [StorageUnitType.UNIT_TYPE_LEGACY, 0, 0, 0, 0],
        [StorageUnitType.UNIT_TYPE_2024, 2, 5, 3, 0],
      ],
    );
    const ofBorrower = ok(await node.client.getCurrentStorageLimitsByFid({ fid: borrower.fid }));
    assert.deepEqual(
      ofBorrower.unitDetails.map((detail) => detail.borrowedUnitSize),
      [0, 3],
    );
    assert.deepEqual(
      overGrpc.limits.map((limit) => [limit.name, limit.limit, limit.used]),
      ofLender.limits.map((limit: Json) => [limit.name, limit.limit, limit.used]),
    );
  });

  it('lends only purchased units, keeping one; the lend it replaces still counts', async () => {
    await refused(node, await lend(node, lender, other.fid, 2), ...INSUFFICIENT);
    await accepted(node, await lend(node, lender, other.fid, 1));
    // 5 purchased, 4 lent (3 to the borrower included): replacing that lend with 2 would need 3 free.
    await refused(node, await lend(node, lender, borrower.fid, 2), ...INSUFFICIENT);
    // Borrowed units are not the borrower's to lend.
    await refused(node, await lend(node, borrower, other.fid, 1), ...INSUFFICIENT);
    // No 2025 units exist on this chain, and the lender holds no legacy ones.
    for (const unitType of [StorageUnitType.UNIT_TYPE_2025, StorageUnitType.UNIT_TYPE_LEGACY]) {
      await refused(node, await lend(node, lender, other.fid, 1, lender.signer, unitType), ...INSUFFICIENT);
    }
  });

  it('keeps one lend per pair: newest wins, older and repeated ones are refused, 0 units revokes', async () => {
    // A revoke dated before the pair's lend: the storage allows it, the lend outranks it.
    const earlier = unwrap(
      await makeLendStorage(
        { toFid: other.fid, numUnits: 0, unitType: StorageUnitType.UNIT_TYPE_2024 },
        { fid: lender.fid, network: node.network, timestamp: node.now() - 120 },
        lender.signer,
      ),
    );
    await refused(node, earlier, 'bad_request.conflict', 'message conflicts with a more recent add');
    const lends = ok(await node.client.getAllLendStorageMessagesByFid({ fid: lender.fid }));
    assert.equal(lends.messages.length, 2);
    const toOther = lends.messages.find((message) => message.data?.lendStorageBody?.toFid === other.fid);
    assert.ok(toOther !== undefined);
    // A lend sent again is checked for storage first, then found merged already (with units to spare).
    const rich = await setUpAccount(node.database.db, 13, { units: 10 });
    const once = await lend(node, rich, other.fid, 1);
    await accepted(node, once);
    await refused(node, once, 'bad_request.duplicate', 'message has already been merged');

    node.clock.advance(1);
    const revoke = await lend(node, lender, other.fid, 0);
    await accepted(node, revoke);
    const { body } = await node.get('/v1/events?from_event_id=0');
    const about = body.events.filter(
      (event: Json) =>
        event.mergeMessageBody?.message.hash === hex(revoke.hash) ||
        event.pruneMessageBody?.message.hash === hex(revoke.hash),
    );
    assert.deepEqual(
      about.map((event: Json) => event.type),
      ['HUB_EVENT_TYPE_MERGE_MESSAGE', 'HUB_EVENT_TYPE_PRUNE_MESSAGE'],
    );
    assert.deepEqual(
      about[0].mergeMessageBody.deletedMessages.map((message: Json) => message.hash),
      [hex(toOther.hash)],
    );
    assert.equal(
      ok(await node.client.getAllLendStorageMessagesByFid({ fid: lender.fid })).messages.length,
      1,
    );
    assert.equal(limitOf(await limits(lender.fid), 'STORAGE_LENDS').used, 1);
  });

  it('limits and prunes with the net units: the borrower while it borrows, the lender while it lends', async () => {
    // A second apart, so each is newer than those before it (an older one would be refused at the limit).
    const castEach = async (account: Account, count: number) => {
      for (let i = 0; i < count; i++) {
        node.clock.advance(1);
        await accepted(node, await cast(node, account, account.signer, `${account.fid}: ${i}`));
      }
    };
    await castEach(borrower, 4);
    await castEach(lender, 5);
    // The borrower holds 4 casts on 1 + 3 units; the lender 5 on 5 - 3, one over its limit of 4.
    const pruned = await node.engine.prune();
    assert.equal(pruned.length, 1);
    assert.equal(await castCount(lender), 4);
    assert.equal(await castCount(borrower), 4);

    node.clock.advance(1);
    await accepted(node, await lend(node, lender, borrower.fid, 0));
    assert.equal((await limits(borrower.fid)).units, 1);
    assert.equal((await node.engine.prune()).length, 2);
    assert.equal(await castCount(borrower), 1 * CASTS_PER_UNIT);
    assert.equal((await limits(lender.fid)).units, 5);
  });
});

forEachDialect('node storage lending: rate limit and mainnet', (dialect) => {
  describe('rate limit', () => {
    let node: GaslessNode;
    before(async () => {
      node = await openGaslessNode(dialect, { engine: { rateLimit: { messagesPerUnit: 2 } } });
    });
    after(() => node?.close());

    it('allows a borrower messages for its net units', async () => {
      const lender = await setUpAccount(node.database.db, 20, { units: 3 });
      const borrower = await setUpAccount(node.database.db, 21, { units: 1 });
      await accepted(node, await cast(node, borrower, borrower.signer, 'one'));
      await accepted(node, await cast(node, borrower, borrower.signer, 'two'));
      await refused(
        node,
        await cast(node, borrower, borrower.signer, 'three'),
        'unavailable',
        `rate limit exceeded for FID ${borrower.fid}`,
      );
      await accepted(node, await lend(node, lender, borrower.fid, 1));
      await accepted(node, await cast(node, borrower, borrower.signer, 'three'));
    });
  });

  describe('on mainnet', () => {
    let node: GaslessNode;
    before(async () => {
      node = await openGaslessNode(dialect, { network: FarcasterNetwork.MAINNET });
    });
    after(() => node?.close());

    it('a lender needs 1,000 purchased units of the type it lends', async () => {
      const small = await setUpAccount(node.database.db, 30, { units: 999 });
      const large = await setUpAccount(node.database.db, 31, { units: 1000 });
      await refused(node, await lend(node, small, large.fid, 1), ...INSUFFICIENT);
      await accepted(node, await lend(node, large, small.fid, 999));
      assert.equal(ok(await node.client.getCurrentStorageLimitsByFid({ fid: small.fid })).units, 1998);
    });
  });
});
