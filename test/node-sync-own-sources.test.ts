/**
 * What a peer holds of the chain is read from this node's own chain, never taken from the peer: a node
 * whose chain reader started after an account was created lacks its on-chain events, finds their ids in a
 * peer's trie, reads those blocks again from its own chain RPC, and ends with the peer's root; the
 * account's cast, deferred until then, merges too.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { devnetPublicClient, startDevnet } from '../src/chain/devnet/index.js';
import type { Devnet } from '../src/chain/devnet/index.js';
import { createAccount } from '../src/chain/fixtures.js';
import { CHAIN_CHECKPOINT_KEY } from '../src/node/ingest/index.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService } from '../src/node/index.js';
import { fidRegistration } from '../src/node/onchain/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { FarcasterNetwork, Message, MessageType } from '../src/protocol/gen/message.js';
import { hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { writeMeta } from '../src/storage/service-meta.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { localNodeConfig } from './support/local-node.js';
import { waitFor } from './support/wait.js';

let devnet: Devnet;
before(async () => {
  devnet = await startDevnet({ port: 0 });
});
after(async () => {
  await devnet?.stop();
});

forEachDialect('a node reading what a peer holds of the chain from its own chain', (dialect) => {
  let dataDir: string;
  const databases: TestDatabase<NodeTables>[] = [];
  const nodes: NodeService[] = [];

  const start = async (database: TestDatabase<NodeTables>, options: Record<string, unknown> = {}) => {
    const config = await localNodeConfig(dataDir, {
      network: 'devnet',
      chainRpcUrl: devnet.rpcUrl,
      chainConfirmations: 0,
      ...options,
    });
    const node = await startNodeService(config, { database });
    nodes.push(node);
    return node;
  };
  const rootOf = async (node: NodeService) =>
    ((await (await fetch(`${node.url}/v1/info`)).json()) as { rootHash: string }).rootHash;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-own-sources-'));
    for (let i = 0; i < 2; i++) databases.push(await openTestDatabase<NodeTables>(dialect, 'node'));
  });
  after(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await Promise.all(databases.map((database) => database.cleanup()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('re-reads the blocks of the events it lacks, and merges the message it deferred for them', async () => {
    const account = await createAccount(devnet);
    const fid = Number(account.fid);
    const a = await start(databases[0]!);
    await waitFor(
      'A reads the account',
      async () => (await fidRegistration(databases[0]!.db, fid)) !== undefined,
    );
    const signer = createEd25519Signer(hexToBytes(account.signer.privateKey)!);
    const cast = makeMessage(
      {
        fid,
        timestamp: toFarcasterTime(Date.now())!,
        network: FarcasterNetwork.DEVNET,
        type: MessageType.CAST_ADD,
        castAddBody: {
          embedsDeprecated: [],
          mentions: [],
          mentionsPositions: [],
          text: 'hi',
          embeds: [],
          type: 0,
        },
      },
      signer,
    );
    const submitted = await fetch(`${a.url}/v1/submitMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Message.encode(cast).finish(),
    });
    assert.equal(submitted.status, 200, await submitted.text());

    // B's chain reader starts past the account's blocks: only a re-read brings their events.
    const head = Number(await devnetPublicClient(devnet).getBlockNumber());
    await writeMeta(
      databases[1]!.db,
      CHAIN_CHECKPOINT_KEY,
      JSON.stringify({ nextBlock: head + 1, blocks: [] }),
    );
    const b = await start(databases[1]!, { peer: [a.grpc!.address], syncInterval: 1 });
    const expected = await rootOf(a);
    await waitFor('B holds what A holds', async () => (await rootOf(b)) === expected);
    assert.ok(await fidRegistration(databases[1]!.db, fid), "B read the account's events itself");
    const casts = (await (await fetch(`${b.url}/v1/castsByFid?fid=${fid}`)).json()) as {
      messages: unknown[];
    };
    assert.equal(casts.messages.length, 1, 'the cast deferred for the account merged');
  });
});
