import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { castAdd, castRemove, clock, reaction, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { PeerFault } from '../src/node/sync/diff-walk.js';
import { connectSyncPeer } from '../src/node/sync/peer-client.js';
import type { SyncPeer } from '../src/node/sync/peer-client.js';
import { syncFromPeer } from '../src/node/sync/sync-from-peer.js';
import { createSyncedMerge } from '../src/node/sync/synced-merge.js';
import type { SyncedMerge } from '../src/node/sync/synced-merge.js';
import { encodeMessage } from '../src/protocol/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * Diff sync between two nodes over their gRPC sync calls: each pulls what the other holds and it does not,
 * merges it through its own checks, and both end with one root hash and the same reads, conflicts
 * resolved as if every message had reached one node.
 */

forEachDialect('diff sync between two nodes', (dialect) => {
  let a: NodeGrpcHarness;
  let b: NodeGrpcHarness;
  let peerOfA: SyncPeer;
  let peerOfB: SyncPeer;
  let accounts: TestAccount[];
  let mergeOfA: SyncedMerge;
  let mergeOfB: SyncedMerge;

  before(async () => {
    [a, b] = await Promise.all([openNodeGrpc(dialect), openNodeGrpc(dialect)]);
    [mergeOfA, mergeOfB] = [a, b].map((node) =>
      createSyncedMerge({ db: node.database.db, engine: node.engine, clock }),
    ) as [SyncedMerge, SyncedMerge];
    accounts = [];
    for (const fid of [1, 2, 3]) {
      // Each node's own chain view: the same on-chain events.
      accounts.push(await setUpAccount(a.database.db, fid));
      await setUpAccount(b.database.db, fid);
    }
    peerOfA = connectSyncPeer(a.grpc.address);
    peerOfB = connectSyncPeer(b.grpc.address);
  });
  after(async () => {
    peerOfA?.close();
    peerOfB?.close();
    await Promise.all([a?.close(), b?.close()]);
  });

  const merged = async (node: NodeGrpcHarness, messages: ReceivedMessage[]) => {
    for (const outcome of await node.engine.mergeMessages(messages)) assert.ok(outcome.ok);
  };
  const rootOf = (node: NodeGrpcHarness) => node.api.sync.trie.rootHash();
  const castsOf = async (node: NodeGrpcHarness, fid: number) =>
    (await node.get(`/v1/castsByFid?fid=${fid}&pageSize=1000`)).body;

  it('two nodes written apart, with conflicts, end equal after a sync each way', async () => {
    const onA = accounts.flatMap((account, index) =>
      Array.from({ length: 150 }, (_, i) => castAdd(account, `a ${index} ${i}`, 20_000 - i * 97 - index)),
    );
    const onB = accounts.flatMap((account, index) =>
      Array.from({ length: 60 }, (_, i) => castAdd(account, `b ${index} ${i}`, 15_000 - i * 53 - index)),
    );
    // B removes casts it never saw; a like on A, its removal (later) on B.
    const removals = onA.slice(0, 20).map((cast) => castRemove(accounts[0]!, cast.message.hash, 50));
    const target = { url: 'https://example.com/a' };
    await merged(a, [...onA, reaction(accounts[1]!, true, target, 300)]);
    await merged(b, [
      ...onB,
      ...removals.filter((_, i) => i % 3 !== 0),
      reaction(accounts[1]!, false, target, 200),
    ]);
    assert.notEqual(await rootOf(a), await rootOf(b));

    const fromA = await syncFromPeer(b.api.sync, mergeOfB.merge, peerOfA);
    const fromB = await syncFromPeer(a.api.sync, mergeOfA.merge, peerOfB);
    // B lacks A's 450 casts and its like; the 13 casts B removed and the like B undid lose to what B holds.
    assert.deepEqual(fromA, {
      fetched: 451,
      notFetched: 0,
      merged: 437,
      duplicates: 0,
      deferred: 0,
      invalid: 0,
      refused: { 'bad_request.conflict': 14 },
    });
    // A lacks B's 180 casts, 13 removes and the undoing of the like: each beats what A holds.
    assert.deepEqual(fromB, {
      fetched: 194,
      notFetched: 0,
      merged: 194,
      duplicates: 0,
      deferred: 0,
      invalid: 0,
      refused: {},
    });
    assert.equal(await rootOf(a), await rootOf(b), 'one root hash');
    for (const { fid } of accounts) assert.deepEqual(await castsOf(a, fid), await castsOf(b, fid));
    // Casts removed on B are gone from A too; nothing is left to fetch either way.
    const types = ((await castsOf(a, accounts[0]!.fid)).messages as { data: { type: string } }[]).map(
      (message) => message.data.type,
    );
    assert.equal(types.filter((type) => type === 'MESSAGE_TYPE_CAST_ADD').length, 150 + 60 - 13);
    assert.equal(types.filter((type) => type === 'MESSAGE_TYPE_CAST_REMOVE').length, 13);
    assert.equal((await syncFromPeer(b.api.sync, mergeOfB.merge, peerOfA)).fetched, 0);
    assert.equal((await syncFromPeer(a.api.sync, mergeOfA.merge, peerOfB)).fetched, 0);
  });

  it('a message of a fid the chain view lacks is deferred, and merged once the chain has it', async () => {
    const newcomer = await setUpAccount(a.database.db, 4);
    await merged(a, [castAdd(newcomer, 'before B saw fid 4', 60)]);
    const fromA = await syncFromPeer(b.api.sync, mergeOfB.merge, peerOfA);
    // fid 4's three on-chain events are B's chain reader's to read, not A's to send.
    assert.deepEqual(fromA, {
      fetched: 1,
      notFetched: 3,
      merged: 0,
      duplicates: 0,
      deferred: 1,
      refused: {},
      invalid: 0,
    });
    assert.notEqual(await rootOf(a), await rootOf(b));
    // Fetched again while it waits: it stays deferred once.
    assert.equal((await syncFromPeer(b.api.sync, mergeOfB.merge, peerOfA)).deferred, 1);
    assert.equal(await mergeOfB.deferredCount(), 1);

    await setUpAccount(b.database.db, 4);
    const retried = await mergeOfB.retryDeferred();
    assert.deepEqual(retried, { merged: 1, duplicates: 0, deferred: 0, refused: {}, invalid: 0, expired: 0 });
    assert.equal(await mergeOfB.deferredCount(), 0);
    assert.equal(await rootOf(a), await rootOf(b));
  });

  it('a message the peer was not asked for is refused, and nothing of that answer merged', async () => {
    await merged(a, [castAdd(accounts[2]!, 'only on A', 40)]);
    const before = await rootOf(b);
    const extra = castAdd(accounts[2]!, 'never asked for', 30);
    const lying: SyncPeer = {
      ...peerOfA,
      messages: async (ids) => [...(await peerOfA.messages(ids)), extraBytes(extra)],
    };
    await assert.rejects(syncFromPeer(b.api.sync, mergeOfB.merge, lying), PeerFault);
    assert.equal(await rootOf(b), before);
  });
});

const extraBytes = (received: ReceivedMessage): Uint8Array => encodeMessage(received.message);
