/**
 * `/v1/info` and gRPC GetInfo say `isSyncing: true` while the chain reader is behind (it
 * has not caught up once, or its chain stopped answering), and false once it has caught up: a real devnet,
 * the node as `agora node` builds it, read over HTTP and with hub-nodejs (0.11 reads Hubble's isSyncing).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { getInsecureHubRpcClient } from 'hub-nodejs-0.11';
import { startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { startNodeService, type NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

forEachDialect('isSyncing follows the chain reader', (dialect) => {
  let devnet: Devnet;
  let dataDir: string;
  const started: { node: NodeService; database: TestDatabase<NodeTables> }[] = [];
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-syncing-'));
    devnet = await startDevnet({ port: 0 });
  });
  after(async () => {
    for (const { node, database } of started) {
      await node.close();
      await database.cleanup();
    }
    await devnet.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A node on its own database reading `chainRpcUrl` as a devnet node, with gRPC on a port of its own. */
  async function startNode(chainRpcUrl: string): Promise<NodeService> {
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    const config = configOf(NodeOptions, {
      ...{ dataDir, host: '127.0.0.1', port: 0, grpcPort: await freePort(), logLevel: 'silent' },
      ...{ network: 'devnet', chainRpcUrl, chainConfirmations: 0 },
    });
    const node = await startNodeService(config, { database: await database.reopen() });
    started.push({ node, database });
    return node;
  }

  const httpSyncing = async (node: NodeService) =>
    ((await (await fetch(`${node.url}/v1/info`)).json()) as { isSyncing: boolean }).isSyncing;
  const grpcSyncing = async (node: NodeService) => {
    const client = getInsecureHubRpcClient(node.grpc!.address);
    try {
      const info = await client.getInfo({ dbStats: false });
      assert.ok(info.isOk(), JSON.stringify(info));
      return info.value.isSyncing;
    } finally {
      client.close();
    }
  };

  it('is true over HTTP and gRPC while the reader has never caught up (its chain does not answer)', async () => {
    const node = await startNode(`http://127.0.0.1:${await freePort()}`);
    assert.equal(await httpSyncing(node), true);
    assert.equal(await grpcSyncing(node), true);
  });

  it('is false over both once the reader caught up, and true again while its chain is down', async () => {
    const node = await startNode(devnet.rpcUrl);
    await waitFor('the reader to catch up', async () => ((await httpSyncing(node)) ? undefined : true));
    assert.equal(await grpcSyncing(node), false);
    await devnet.stop();
    // Three failures in a row (0.5 s, 1 s, 2 s of backoff) and the reader counts as behind.
    await waitFor('the node to say it syncs', async () => ((await httpSyncing(node)) ? true : undefined));
    assert.equal(await grpcSyncing(node), true);
  });
});
