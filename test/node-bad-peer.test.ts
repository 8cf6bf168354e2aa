import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, it } from 'node:test';
import { getInsecureHubRpcClient } from 'hub-nodejs-0.11';
import { castAdd, clock, hex, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { SCORE } from '../src/node/sync/peer-link.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import type { NodeConfig } from '../src/shared/config/index.js';
import type { Database } from '../src/storage/index.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { startFakePeer } from './support/fake-peer.js';
import type { FakePeer, FakePeerFault } from './support/fake-peer.js';
import { localNodeConfig } from './support/local-node.js';
import { ok } from './support/grpc-results.js';
import { waitFor } from './support/wait.js';

/**
 * A node syncing from a bad peer, a test double speaking the sync API (support/fake-peer.ts) that serves
 * each fault in turn: nothing it should not merge is merged, its score falls and it is paused, for good
 * across a restart (or refused, when it runs another network or sync version), and an honest peer beside
 * it still ends equal.
 */

const FIDS = [1, 2];
/** A call the peer never answers ends at the node's fixed deadline (peer-client.ts), 15 s. */
const DEADLINE_WAIT_MS = 40_000;

/** A peer as `/_status` shows it (loop-status.ts peerStatus). */
interface PeerComponent {
  score: number;
  refused: string | null;
  inSync: boolean | null;
  running: boolean;
  paused: { until: string; reason: string } | null;
  lastError: { message: string } | null;
}

/** The faults that pause the peer, with what the pause reason says. */
const PAUSING: { fault: FakePeerFault; reason: RegExp }[] = [
  { fault: 'forged', reason: /messages that fail their own checks/ },
  { fault: 'outside-prefix', reason: /not under the prefix/ },
  { fault: 'not-asked', reason: /not asked for/ },
  { fault: 'duplicate-id', reason: /listed [0-9a-f]+ twice/ },
  { fault: 'cannot-back-up', reason: /do not rebuild it/ },
  { fault: 'oversized', reason: /answer over the size taken/ },
  { fault: 'bad-events', reason: /event stream: sent an event that does not decode/ },
];

/** The faults that make the node refuse the peer, with what the refusal says. */
const REFUSED: { fault: FakePeerFault; reason: RegExp }[] = [
  { fault: 'other-network', reason: /runs network 2, this node 1/ },
  { fault: 'other-version', reason: /sync version "agora-sync\/2\.0"/ },
];

forEachDialect('a node syncing from a bad peer', (dialect) => {
  let dataDir: string;
  /** What a test started, stopped after it in this order. */
  let started: (() => Promise<void>)[] = [];
  let accounts: TestAccount[];
  let honest: ReceivedMessage[];
  let bait: ReceivedMessage;

  /** How to start each node a test runs again, as a restart on its database would. */
  const restarts = new Map<NodeService, () => Promise<NodeService>>();
  /** Runs the node of `config` on `handle` (of `database`) until the test ends. */
  const run = async (
    config: NodeConfig,
    database: TestDatabase<NodeTables>,
    handle: Database<NodeTables> = database,
  ): Promise<NodeService> => {
    const node = await startNodeService(config, { database: handle, clock });
    // Stopped before its database is removed.
    started.unshift(() => node.close());
    restarts.set(node, async () => {
      await node.close();
      return run(config, database, await database.reopen());
    });
    return node;
  };
  /** A node on a fresh database with the accounts' on-chain events, syncing from `peers` every second. */
  const startNode = async (peers: string[]): Promise<NodeService> => {
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    started.push(() => database.cleanup());
    for (const fid of FIDS) await setUpAccount(database.db, fid);
    const config = await localNodeConfig(dataDir, peers.length > 0 ? { peer: peers, syncInterval: 1 } : {});
    return run(config, database);
  };
  const startFake = async (fault?: FakePeerFault) => {
    const fake = await startFakePeer({ messages: honest, bait, fault });
    started.push(async () => fake.close());
    return fake;
  };

  const peerOn = async (node: NodeService, fake: FakePeer): Promise<PeerComponent> => {
    const status = (await (await fetch(`${node.url}/_status`)).json()) as {
      components: Record<string, PeerComponent>;
    };
    const peer = status.components[`peer ${fake.address}`];
    assert.ok(peer, `no status of peer ${fake.address}`);
    return peer;
  };
  const syncStatusOn = async (node: NodeService, fake: FakePeer) => {
    const client = getInsecureHubRpcClient(node.grpc!.address);
    try {
      const [peer] = ok(await client.getSyncStatus({ peerId: fake.address })).syncStatus;
      assert.ok(peer);
      return peer;
    } finally {
      client.close();
    }
  };
  /** The hashes of the casts the node holds, of every account. */
  const castsOn = async (node: NodeService): Promise<Set<string>> => {
    const pages = await Promise.all(FIDS.map((fid) => node.api.engine.castsByFid(fid, { limit: 1000 })));
    return new Set(pages.flatMap((page) => page.items.map((cast) => hex(cast))));
  };
  /** The node holds no cast but honest ones, and never the bait. */
  const holdsOnlyHonest = async (node: NodeService) => {
    const held = await castsOn(node);
    const honestHashes = new Set(honest.map((message) => hex(message.message)));
    assert.ok(!held.has(hex(bait.message)), 'the bait was merged');
    for (const cast of held) assert.ok(honestHashes.has(cast), `${cast} is not an honest cast`);
    return held;
  };
  const rootOf = async (node: NodeService) =>
    ((await (await fetch(`${node.url}/v1/info`)).json()) as { rootHash: string }).rootHash;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-bad-peer-'));
    // The accounts' keys and messages depend only on the fid and the test clock, not on the database.
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    try {
      accounts = [];
      for (const fid of FIDS) accounts.push(await setUpAccount(database.db, fid));
    } finally {
      await database.cleanup();
    }
    honest = accounts.flatMap((account) =>
      Array.from({ length: 3 }, (_, i) => castAdd(account, `honest ${i}`, 200 + i * 37)),
    );
    // In a second of its own, so that no listing of another second holds it honestly.
    bait = castAdd(accounts[0]!, 'bait', 100);
  });
  afterEach(async () => {
    for (const stop of started) await stop();
    started = [];
    restarts.clear();
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it('takes every message of the double while it is honest', async () => {
    const fake = await startFake();
    const node = await startNode([fake.address]);
    // Never in sync: the node's trie holds its own chain's events too, which the double does not.
    await waitFor('the honest messages taken', async () => (await castsOn(node)).size === honest.length);
    const peer = await waitFor('a good sync counted', async () => {
      const seen = await peerOn(node, fake);
      return seen.score > 0 && seen;
    });
    assert.equal(peer.paused, null);
    await holdsOnlyHonest(node);
  });

  for (const { fault, reason } of PAUSING) {
    it(`pauses a peer that is ${fault}, merging nothing it should not`, async () => {
      const fake = await startFake(fault);
      const node = await startNode([fake.address]);
      const peer = await waitFor(`the ${fault} peer paused`, async () => {
        const seen = await peerOn(node, fake);
        return seen.paused !== null && seen;
      });
      assert.match(peer.paused!.reason, reason);
      // A good sync may come before a fault found in the stream.
      assert.ok(peer.score <= SCORE.fault + SCORE.goodSync, `score ${peer.score}`);
      const held = await holdsOnlyHonest(node);
      // The forged message came in the honest ones' answer: those were merged, it alone was refused.
      if (fault === 'forged') assert.equal(held.size, honest.length);
      const synced = await syncStatusOn(node, fake);
      assert.equal(synced.inSync, 'blocked');
      assert.equal(synced.score, peer.score);
      // Honest from now on, it stays paused across the node's restart: the pause is kept with the peer.
      fake.fault = undefined;
      await waitFor('the sync in flight ended', async () => !(await peerOn(node, fake)).running);
      const restarted = await restarts.get(node)!();
      const kept = (await peerOn(restarted, fake)).paused;
      assert.equal(kept?.reason, peer.paused!.reason, `after a restart, paused: ${JSON.stringify(kept)}`);
    });
  }

  for (const { fault, reason } of REFUSED) {
    it(`refuses a peer of ${fault} and never syncs with it`, async () => {
      const fake = await startFake(fault);
      const node = await startNode([fake.address]);
      // Asked again a sync interval later, and refused again.
      const peer = await waitFor(`the ${fault} peer refused twice`, async () => {
        const seen = await peerOn(node, fake);
        return fake.calls.GetCurrentPeers >= 2 && seen.refused !== null && seen;
      });
      assert.match(peer.refused!, reason);
      assert.equal(peer.paused, null);
      assert.equal(peer.inSync, null);
      const { GetCurrentPeers: _, ...syncCalls } = fake.calls;
      assert.deepEqual(Object.values(syncCalls), [0, 0, 0, 0], JSON.stringify(fake.calls));
      assert.equal((await holdsOnlyHonest(node)).size, 0);
    });
  }

  it(
    'costs a peer that never answers a fault’s score, without pausing it',
    // The wait is the node's fixed call deadline, which no database changes: once is enough.
    { skip: dialect !== 'sqlite' && 'the call deadline does not depend on the database; run on SQLite' },
    async () => {
      const fake = await startFake('silent');
      const node = await startNode([fake.address]);
      const peer = await waitFor(
        'the silent peer timed out',
        async () => {
          const seen = await peerOn(node, fake);
          // The score and the error are saved one after the other.
          return seen.score <= SCORE.fault && seen.lastError !== null && seen;
        },
        DEADLINE_WAIT_MS,
      );
      assert.equal(peer.score, SCORE.fault);
      assert.equal(peer.paused, null);
      assert.match(peer.lastError?.message ?? '', /deadline/i);
      assert.equal((await holdsOnlyHonest(node)).size, 0);
      const synced = await syncStatusOn(node, fake);
      assert.notEqual(synced.inSync, 'blocked');
      assert.equal(synced.score, SCORE.fault);
    },
  );

  it('an honest pair ends equal while the bad peer beside it is paused', async () => {
    const fake = await startFake('forged');
    const good = await startNode([]);
    const more = accounts.map((account) => castAdd(account, 'only on the honest node', 300));
    for (const outcome of await good.api.engine.mergeMessages([...honest, ...more])) assert.ok(outcome.ok);
    const node = await startNode([fake.address, good.grpc!.address]);
    const expected = await rootOf(good);
    await waitFor('the bad peer paused', async () => (await peerOn(node, fake)).paused !== null);
    await waitFor('the honest pair equal', async () => (await rootOf(node)) === expected);
    for (const member of [node, good]) {
      const held = await castsOn(member);
      assert.equal(held.size, honest.length + more.length);
      assert.ok(!held.has(hex(bait.message)), 'the bait was merged');
    }
  });
});
