import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { castAdd, clock, hex, mergedEvent, setUpAccount, testEngine } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { eventsPage } from '../src/node/events/index.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { followPeerEvents } from '../src/node/sync/peer-events.js';
import type { PeerEvents } from '../src/node/sync/peer-events.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { eventIdTimestampMs } from '../src/protocol/time.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import { realSleep } from '../src/shared/retry.js';
import type { Sleep } from '../src/shared/retry.js';
import type { Database } from '../src/storage/index.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { freePort } from './support/free-port.js';
import { processOptions, startNodeProcess } from './support/node-process.js';
import { TWO_NODES_PROCESS } from './support/two-nodes-process.js';
import { waitFor } from './support/wait.js';

/**
 * A node following its peer's event stream: what the peer merges reaches it as it happens, in batches
 * under a burst; a resume takes what came after its id, across the peer's restart; a resume point the
 * peer no longer holds is reported as a gap.
 */

/** The follower's clock: the peer's events are made at the test clock's time. */
const MERGED_AT_MS = clock.now() + 250;

/** What a follower did: the size of each merge, the ids persisted, the gaps reported, the backoff asked. */
interface Following {
  events: PeerEvents;
  batches: number[];
  ids: number[];
  gaps: number;
  retries: number[];
}

forEachDialect('a node following its peer’s events', (dialect) => {
  let dataDir: string;
  let grpcPort: number;
  const databases: TestDatabase<NodeTables>[] = [];
  const nodes: NodeService[] = [];
  const followers: PeerEvents[] = [];
  let a: NodeService;
  /** A's database, through the handle its current service uses. */
  let aDb: Kysely<NodeTables>;
  let b: NodeService;
  let accounts: TestAccount[];

  const startA = async (database: Database<NodeTables>) => {
    const config = configOf(NodeOptions, {
      dataDir,
      host: '127.0.0.1',
      port: 0,
      grpcPort,
      logLevel: 'silent',
    });
    a = await startNodeService(config, { database, clock });
    aDb = database.db;
    nodes.push(a);
  };

  /** Follows A into B's engine; backoff waits are recorded and cut short, so a reconnect comes soon. */
  const follow = (fromEventId: number | undefined, address = a.grpc!.address): Following => {
    const following: Omit<Following, 'events'> = { batches: [], ids: [], gaps: 0, retries: [] };
    const sleep: Sleep = (ms, signal) => {
      following.retries.push(ms);
      return realSleep(Math.min(ms, 20), signal);
    };
    const events = followPeerEvents({
      address,
      tls: false,
      fromEventId,
      merge: async (messages) => {
        following.batches.push(messages.length);
        await b.api.engine.mergeSynced(messages);
      },
      onEventId: (id) => void following.ids.push(id),
      onGap: () => void (following.gaps += 1),
      onFault: (reason) => assert.fail(`an honest peer is no fault: ${reason}`),
      logger: undefined,
      sleep,
      now: () => MERGED_AT_MS,
    });
    followers.push(events);
    return Object.assign(following, { events });
  };
  const connected = (following: Following) =>
    waitFor('the follower connected', () => following.events.status().connected);

  const mergeOnA = async (messages: ReceivedMessage[]) => {
    const outcomes = await a.api.engine.mergeMessages(messages);
    return outcomes.map((outcome) => mergedEvent(outcome).id);
  };
  const castsOnB = async (fid: number) =>
    new Set((await b.api.engine.castsByFid(fid, { limit: 10_000 })).items.map((cast) => hex(cast)));
  const onB = (messages: ReceivedMessage[]) =>
    waitFor(
      `B holds ${messages.length} messages`,
      async () => {
        const held = await castsOnB(messages[0]!.data.fid);
        return messages.every((message) => held.has(hex(message.message)));
      },
      60_000,
    );

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-peer-events-'));
    grpcPort = await freePort();
    for (let i = 0; i < 2; i++) databases.push(await openTestDatabase<NodeTables>(dialect, 'node'));
    accounts = [];
    for (const fid of [1, 2]) {
      // Each node's own chain view: the same on-chain events.
      accounts.push(await setUpAccount(databases[0]!.db, fid, { units: 2 }));
      await setUpAccount(databases[1]!.db, fid, { units: 2 });
    }
    await startA(databases[0]!);
    const config = configOf(NodeOptions, {
      dataDir,
      host: '127.0.0.1',
      port: 0,
      grpcPort: 0,
      logLevel: 'silent',
    });
    b = await startNodeService(config, { database: databases[1]!, clock });
    nodes.push(b);
  });
  after(async () => {
    await Promise.all(followers.map((events) => events.stop()));
    await Promise.all(nodes.map((node) => node.close()));
    await Promise.all(databases.map((database) => database.cleanup()));
    await rm(dataDir, { recursive: true, force: true });
  });

  it('takes what the peer merges from its head on, and tells how far it got', async () => {
    const following = follow(undefined);
    await connected(following);
    const casts = [castAdd(accounts[0]!, 'live 1'), castAdd(accounts[0]!, 'live 2')];
    const ids = await mergeOnA(casts);
    await onB(casts);
    await waitFor('the last id persisted', () => following.ids.at(-1) === ids.at(-1));
    const status = following.events.status();
    assert.equal(status.lastEventId, ids.at(-1));
    assert.equal(status.lagMs, MERGED_AT_MS - eventIdTimestampMs(ids.at(-1)!));
    assert.equal(status.consecutiveFailures, 0);
    assert.equal(following.gaps, 0);
    await following.events.stop();
    assert.equal(following.events.status().connected, false);
  });

  it('resumes after an event id, taking only what came after it', async () => {
    const [skipped, taken] = [castAdd(accounts[1]!, 'before the resume'), castAdd(accounts[1]!, 'after it')];
    const [skippedId] = await mergeOnA([skipped]);
    await mergeOnA([taken]);
    const following = follow(skippedId);
    await onB([taken]);
    assert.ok(!(await castsOnB(accounts[1]!.fid)).has(hex(skipped.message)));
    assert.deepEqual(following.batches, [1]);
    assert.equal(following.gaps, 0);
    await following.events.stop();
  });

  it('merges a burst in few batches', async () => {
    // A peer in a process of its own, as peers are: one in this process would send an event per turn of the
    // event loop, turns the merges here take too, so no burst could build up.
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    databases.push(database);
    for (const fid of [1, 2]) await setUpAccount(database.db, fid, { units: 2 });
    const options = JSON.stringify(await processOptions(database, dialect));
    const peer = await startNodeProcess(TWO_NODES_PROCESS, [options, 'writer'], 'peer');
    try {
      const following = follow(undefined, peer.grpcAddress);
      await connected(following);
      const burst = accounts.map((account) =>
        Array.from({ length: 500 }, (_, i) => castAdd(account, `burst ${i}`, 1000 + i)),
      );
      // Merged through the test's own handle on the peer's database: the peer streams its log, whoever wrote.
      for (const outcome of await testEngine(database.db).mergeMessages(burst.flat())) mergedEvent(outcome);
      for (const casts of burst) await onB(casts);
      assert.equal(
        following.batches.reduce((sum, size) => sum + size, 0),
        1000,
      );
      assert.ok(
        following.batches.length <= 20,
        `${following.batches.length} batches: ${following.batches.join(' ')}`,
      );
      assert.ok(following.batches.every((size) => size <= 256));
      await following.events.stop();
    } finally {
      await peer.kill();
    }
  });

  it('reconnects with backoff across the peer’s restart and resumes where it was', async () => {
    const following = follow(undefined);
    await connected(following);
    const before = castAdd(accounts[0]!, 'before the restart');
    await mergeOnA([before]);
    await onB([before]);
    await a.close();
    await waitFor(
      'failures while the peer is down',
      () => following.events.status().consecutiveFailures >= 3,
    );
    assert.equal(following.events.status().connected, false);
    assert.deepEqual(following.retries.slice(0, 3), [1000, 2000, 4000]);
    await startA(await databases[0]!.reopen());
    await connected(following);
    const afterRestart = castAdd(accounts[0]!, 'after the restart');
    await mergeOnA([afterRestart]);
    await onB([afterRestart]);
    // B serves a merge before the merge's WAL sync returns; the follower counts the batch after it.
    await waitFor('the batch counted', () => following.events.status().consecutiveFailures === 0);
    // The resume asked for the last event merged again: it came first (no gap) and was not merged twice.
    assert.equal(following.gaps, 0);
    assert.deepEqual(following.batches, [1, 1]);
    assert.equal(following.events.status().consecutiveFailures, 0);
    assert.match(following.events.status().lastError ?? '', /./);
    await following.events.stop();
  });

  it('reports a gap when the peer no longer holds the resume point, then follows its head', async () => {
    const [oldest] = (await eventsPage(aDb, 0, 1)).events;
    assert.ok(oldest !== undefined);
    // An id before the oldest event the peer keeps, as when its retention passed it: the peer answers with
    // that oldest event, not the one asked for.
    const following = follow(oldest.id - 1);
    await waitFor('the gap reported', () => following.gaps === 1);
    assert.ok(following.events.status().connected);
    assert.deepEqual(following.batches, []);
    const live = castAdd(accounts[1]!, 'from the head');
    await mergeOnA([live]);
    await onB([live]);
    assert.deepEqual(following.batches, [1]);
    assert.equal(following.gaps, 1);
    await following.events.stop();
  });
});
