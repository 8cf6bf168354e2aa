import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { getInsecureHubRpcClient } from 'hub-nodejs-0.11';
import { castAdd, clock, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { startFakePeer } from './support/fake-peer.js';
import { localNodeConfig } from './support/local-node.js';
import { ok } from './support/grpc-results.js';
import { waitFor } from './support/wait.js';

/**
 * A node given a peer (`--peer`) diff-syncs from it every `--sync-interval`: what the peer takes reaches it
 * with no call from outside, and `/_status` shows the peer in sync with what the last sync did.
 */

forEachDialect('a node syncing from its peer', (dialect) => {
  let dataDir: string;
  const databases: TestDatabase<NodeTables>[] = [];
  const nodes: NodeService[] = [];
  let accounts: TestAccount[];

  const start = async (database: TestDatabase<NodeTables>, options: Record<string, unknown> = {}) => {
    const config = await localNodeConfig(dataDir, options);
    const node = await startNodeService(config, { database, clock });
    nodes.push(node);
    return node;
  };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-peers-'));
    for (let i = 0; i < 2; i++) databases.push(await openTestDatabase<NodeTables>(dialect, 'node'));
    accounts = [];
    for (const fid of [1, 2]) {
      // Each node's own chain view: the same on-chain events.
      accounts.push(await setUpAccount(databases[0]!.db, fid));
      await setUpAccount(databases[1]!.db, fid);
    }
  });
  after(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await Promise.all(databases.map((database) => database.cleanup()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes what its peer holds, and says it is in sync', async () => {
    const a = await start(databases[0]!);
    const b = await start(databases[1]!, { peer: [a.grpc!.address], syncInterval: 1 });
    const casts = accounts.flatMap((account) =>
      Array.from({ length: 60 }, (_, i) => castAdd(account, `cast ${i}`, 5000 - i * 61)),
    );
    for (const outcome of await a.api.engine.mergeMessages(casts)) assert.ok(outcome.ok);
    const rootOf = async (node: NodeService) =>
      ((await (await fetch(`${node.url}/v1/info`)).json()) as { rootHash: string }).rootHash;
    const expected = await rootOf(a);
    await waitFor('B holds what A holds', async () => (await rootOf(b)) === expected);
    type Status = { components: Record<string, { inSync: boolean | null; lastSync: unknown }> };
    const peerOnB = async () =>
      ((await (await fetch(`${b.url}/_status`)).json()) as Status).components[`peer ${a.grpc!.address}`];
    await waitFor("B's status: in sync with A", async () => (await peerOnB())?.inSync === true);
    assert.ok((await peerOnB())?.lastSync !== null);
    const casted = await b.api.engine.castsByFid(accounts[0]!.fid, { limit: 1000 });
    assert.equal(casted.items.length, 60);
    const client = getInsecureHubRpcClient(b.grpc!.address);
    try {
      const { syncStatus } = ok(await client.getSyncStatus({}));
      assert.equal(syncStatus.length, 1);
      const [peer] = syncStatus;
      assert.equal(peer?.peerId, a.grpc!.address);
      assert.equal(peer?.inSync, 'true');
      assert.equal(peer?.ourMessages, peer?.theirMessages);
      assert.equal(peer?.ourMessages, await b.api.sync.trie.items());
      assert.deepEqual(ok(await client.getSyncStatus({ peerId: 'elsewhere:1' })).syncStatus, []);
    } finally {
      client.close();
    }
  });

  it('does not walk a peer far behind it, but when told to (ForceSync)', async () => {
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    databases.push(database);
    const account = await setUpAccount(database.db, 1);
    // One message of its own, against the account's on-chain events and forty casts here: well under 95%.
    const own = castAdd(account, 'only the peer holds this', 1000);
    const peer = await startFakePeer({ messages: [own], bait: castAdd(account, 'bait', 999) });
    try {
      const node = await start(database, { peer: [peer.address], syncInterval: 1 });
      const held = Array.from({ length: 40 }, (_, i) => castAdd(account, `held ${i}`, 4000 - i * 61));
      for (const outcome of await node.api.engine.mergeMessages(held)) assert.ok(outcome.ok);
      await waitFor('three syncs compared roots', async () => peer.calls.GetSyncMetadataByPrefix >= 3);
      assert.equal(peer.calls.GetAllSyncIdsByPrefix, 0, 'the peer was walked');
      node.api.peers().syncNow(peer.address);
      await waitFor(
        'the forced sync took its message',
        async () => (await node.api.engine.castsByFid(1, { limit: 1000 })).items.length === held.length + 1,
      );
    } finally {
      peer.close();
    }
  });
});
