// Sync between node processes, each on its own database with the same accounts (sync-node-process.ts):
//  1. catch-up: an empty node's diff sync of every message from a peer, as a ratio to the engine merging the
//     same messages in the same run (mergeSynced in the sync's batches, two in flight as bench/engine.ts
//     runs it; also one at a time), with the CPU per message of each process (target >= 0.7);
//  2. live propagation: submits over HTTP to A at a fixed rate after a warm-up, timed from A's 200 to the
//     message's event on C's Subscribe stream (and B's), nodes peered A-B-C (chain: C hears A only through
//     B) or all with all (target p99 < 1 s);
//  3. idle: the catch-up's two nodes in sync, CPU of each process as % of a core over a window, at the
//     default --sync-interval and a short one (target < 1%).
// Usage: npx tsx bench/sync.ts [--messages 20000] [--fids 300] [--postgres <url>] [--rate 100] [--seconds 20]
//   [--topologies chain,mesh] [--idle-seconds 60] [--intervals 60,2] [--one-way] [--profile <dir>]
//   [--dialects sqlite,postgres]
//   --postgres: the catch-up on PostgreSQL too (scratch schemas), or only with --dialects postgres; --messages 0 skips the catch-up and the
//   idle measure, --seconds 0 the propagation; --one-way: the source does not sync with the catching-up node
//   (--peer-deny), so it neither follows its stream nor syncs from it; --profile: each node process's
//   --cpu-prof in that directory, one file per thread.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { Client, credentials, Metadata } from '@grpc/grpc-js';
import { castAdd, castIdOf, link, reaction, setUpAccount, signerFor } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { address } from '../src/node/onchain/testing.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { HubEvent, HubEventType } from '../src/protocol/gen/hub_event.js';
import { MessageType } from '../src/protocol/gen/message.js';
import type { CastId } from '../src/protocol/gen/message.js';
import { MessagesResponse, SubscribeRequest } from '../src/protocol/gen/request_response.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { encodeMessage } from '../src/protocol/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import type { Dialect } from '../src/storage/index.js';
import { openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { freePort } from '../test/support/free-port.js';
import { waitFor } from '../test/support/wait.js';
import type { LogEntry } from './sync-node-process.js';
import { runFloor, startNode } from './sync-processes.js';
import type { NodeProcess } from './sync-processes.js';

const { values } = parseArgs({
  options: {
    messages: { type: 'string' },
    fids: { type: 'string' },
    postgres: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string' },
    topologies: { type: 'string' },
    'idle-seconds': { type: 'string' },
    intervals: { type: 'string' },
    profile: { type: 'string' },
    'one-way': { type: 'boolean' },
    dialects: { type: 'string' },
  },
});
const count = Number(values.messages ?? 20_000);
const fidCount = Number(values.fids ?? 300);
const rate = Number(values.rate ?? 100);
const liveSeconds = Number(values.seconds ?? 20);
const topologies = (values.topologies ?? 'chain,mesh').split(',') as Topology[];
const idleSeconds = Number(values['idle-seconds'] ?? 60);
const intervals = (values.intervals ?? '60,2').split(',').map(Number);
// The test harness makes the scratch databases and the node processes' options from the environment.
if (values.postgres !== undefined) process.env.AGORA_TEST_DATABASE_URL = values.postgres;
const dialects = (values.dialects ?? (values.postgres === undefined ? 'sqlite' : 'sqlite,postgres')).split(
  ',',
) as Dialect[];

type Topology = 'chain' | 'mesh';
/** Node's own options for every node process, at each of its starts. */
const profiled = values.profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${values.profile}`];

const accounts: TestAccount[] = Array.from({ length: fidCount }, (_, i) => {
  const fid = i + 1;
  return { fid, signer: signerFor(fid, fid >> 8), custody: address(fid) };
});

/**
 * What a peer holds, signed ahead, one second apart and oldest first, every one unique and valid: 60% likes
 * of earlier casts, 25% casts (multi-byte text, a mention, every third a reply), 15% follows.
 */
function makeInput(): ReceivedMessage[] {
  const random = seededRandom(20_261_129);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const messages: ReceivedMessage[] = [];
  const casts: CastId[] = [];
  const liked = new Set<string>();
  const follows = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const account = pick(accounts);
    const ago = count - i;
    const slot = i % 20;
    const target = casts.length > 0 ? pick(casts) : undefined;
    const like = target === undefined ? '' : `${account.fid}>${bytesToHex(target.hash)}`;
    if (slot < 12 && target !== undefined && !liked.has(like)) {
      liked.add(like);
      messages.push(reaction(account, true, { castId: target }, ago));
    } else if (slot < 17) {
      const mentioned = pick(accounts).fid;
      const cast = castAdd(account, `gm ${i} — こんにちは 🌍 @${mentioned}`, ago, {
        mentions: [mentioned],
        parentCastId: i % 3 === 0 ? target : undefined,
      });
      casts.push(castIdOf(cast));
      messages.push(cast);
    } else {
      // Each follow of a fid targets a new fid.
      const n = follows.get(account.fid) ?? 0;
      follows.set(account.fid, n + 1);
      messages.push(link(account, true, ((account.fid + 7 * (n + 1)) % fidCount) + 1, ago));
    }
  }
  return messages;
}

/** A fresh node database with every account registered (signer, one storage unit) by on-chain events. */
async function accountsDatabase(dialect: Dialect): Promise<TestDatabase<NodeTables>> {
  const database = await openTestDatabase<NodeTables>(dialect, 'node');
  for (const account of accounts) await setUpAccount(database.db, account.fid, { signer: account.signer });
  return database;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const peerAddress = (port: number) => `127.0.0.1:${port}`;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}

/** What a node's /_status says of its peers, by `host:port`. */
interface PeerComponent {
  inSync: boolean | null;
  running: boolean;
  /** `lastEventId` is absent until the stream merged a batch. */
  stream: { connected: boolean; lastEventId?: number } | null;
}

async function peersOf(node: NodeProcess): Promise<Map<string, PeerComponent>> {
  const { components } = await node.get<{ components: Record<string, PeerComponent> }>('/_status');
  return new Map(
    Object.entries(components)
      .filter(([name]) => name.startsWith('peer '))
      .map(([name, component]) => [name.slice('peer '.length), component]),
  );
}

/** The id of the newest event in the node's log, from its metrics. */
async function headEventId(node: NodeProcess): Promise<number> {
  const response = await fetch(`${node.url}/metrics`);
  const head = /^agora_node_event_log_head_id(?:{[^}]*})? (\S+)$/m.exec(await response.text());
  return Number(head?.[1]);
}

/**
 * Until each node syncs with exactly its expected peers (by gRPC address), no diff sync runs, and it
 * follows each one's event stream, having merged up to that peer's newest event if it merged any.
 */
async function linked(expected: Map<NodeProcess, NodeProcess[]>): Promise<void> {
  await waitFor(
    'every node following the event streams of exactly its expected peers, up to their heads',
    async () => {
      for (const [node, wanted] of expected) {
        const peers = await peersOf(node);
        const addresses = wanted.map((peer) => peer.grpc);
        if ([...peers.keys()].sort().join() !== addresses.sort().join()) return false;
        for (const peer of wanted) {
          const { running, stream } = peers.get(peer.grpc)!;
          if (running || stream?.connected !== true) return false;
          const merged = stream.lastEventId;
          if (merged !== undefined && merged !== (await headEventId(peer))) return false;
        }
      }
      return true;
    },
    120_000,
  );
}

/** The messages' container, as GetAllMessagesBySyncIds answers, for the floor's process to read. */
async function messagesFile(dir: string, input: readonly ReceivedMessage[]): Promise<string> {
  const file = join(dir, 'messages.bin');
  await writeFile(file, MessagesResponse.encode({ messages: input.map((r) => r.message) }).finish());
  return file;
}

/** Catch-up timeout: generous, as it only bounds a hang. */
const catchUpTimeoutMs = () => 120_000 + count * 10;

/** The catch-up's two nodes, then running at the default --sync-interval. */
interface CatchUp {
  source: NodeProcess;
  node: NodeProcess;
  /** The source's and the caught-up node's, to start them again. */
  databases: [TestDatabase<NodeTables>, TestDatabase<NodeTables>];
  flags: [string[], string[]];
}

const DEFAULT_SYNC_INTERVAL = 60;

/**
 * The floor, then a node on an empty database catching up from a node holding the floor's result; the two
 * are handed to `then` (for the idle measure), stopped, and their databases deleted.
 */
async function catchUp(
  dialect: Dialect,
  file: string,
  then: ((pair: CatchUp) => Promise<CatchUp>) | undefined,
): Promise<void> {
  const sourceDb = await accountsDatabase(dialect);
  const databases = [sourceDb];
  const stops: (() => Promise<void>)[] = [];
  try {
    const floor = await runFloor(sourceDb, dialect, { file, inFlight: 2 }, catchUpTimeoutMs());
    if (floor.merged !== count) throw new Error(`the floor merged ${floor.merged} of ${count}`);
    const serialDb = await accountsDatabase(dialect);
    const serial = await runFloor(serialDb, dialect, { file, inFlight: 1 }, catchUpTimeoutMs());
    await serialDb.cleanup();

    const targetDb = await accountsDatabase(dialect);
    databases.push(targetDb);
    const ports: [number, number] = [await freePort(), await freePort()];
    // A node learns a peer that calls it, then follows its stream and syncs from it too; on PostgreSQL only
    // the process holding the loops lock does, which a chain reader or --peer takes: --peer stands in.
    const catchingUp = peerAddress(ports[1]);
    const sourcePeers =
      values['one-way'] === true
        ? ['--peer-deny', catchingUp]
        : dialect === 'postgres'
          ? ['--peer', catchingUp]
          : [];
    const sourceFlags = ['--grpc-port', String(ports[0]), ...sourcePeers];
    const source = await startNode('source', sourceDb, dialect, sourceFlags, profiled);
    stops.push(() => source.stop());
    // Its trie's nodes computed once, as on a node that has served them before.
    const { rootHash } = await source.get<{ rootHash: string }>('/v1/info');
    const nodeFlags = ['--grpc-port', String(ports[1]), '--peer', peerAddress(ports[0])];
    const node = await startNode('catching-up', targetDb, dialect, nodeFlags, profiled);
    stops.push(() => node.stop());
    if (values.profile !== undefined)
      console.log(`profiles: source pid ${source.pid}, catching-up ${node.pid}`);
    const isSync = (msg: string) => (entry: LogEntry) => entry.msg === msg && entry.component === 'sync';
    const start = await node.log(isSync('diff sync: start'), 60_000);
    const sourceCpuStart = await source.cpuMs();
    const ends: LogEntry[] = [];
    let end: Awaited<ReturnType<NodeProcess['log']>>;
    do {
      end = await node.log(isSync('diff sync: end'), catchUpTimeoutMs());
      ends.push(end.entry);
    } while (end.entry.inSync !== true);
    const sourceCpu = (await source.cpuMs()) - sourceCpuStart;
    const sum = (field: string) => ends.reduce((total, entry) => total + Number(entry[field] ?? 0), 0);
    const caughtUp = await node.get<{ rootHash: string }>('/v1/info');
    if (caughtUp.rootHash !== rootHash) throw new Error('the caught-up node has another root');

    const ms = end.entry.time - start.entry.time;
    const perSecond = (n: number, elapsed: number) => n / (elapsed / 1000);
    const cpuPer = (cpuMs: number) => `${fmt((cpuMs * 1000) / count)} µs`;
    console.log(
      `${dialect} catch-up of ${fmt(count)} messages (load average ${load()}): ` +
        `floor (mergeSynced, batches of 256, 2 in flight) ${fmt(perSecond(floor.merged, floor.ms))} msg/s, ` +
        `${cpuPer(floor.cpuMs)} CPU per message; one call at a time ${fmt(perSecond(serial.merged, serial.ms))} msg/s, ${cpuPer(serial.cpuMs)}`,
    );
    console.log(
      `  diff sync ${fmt(perSecond(sum('fetched'), ms))} msg/s in ${(ms / 1000).toFixed(1)} s ` +
        `(${ends.length} sync${ends.length > 1 ? 's' : ''}: fetched ${sum('fetched')}, merged ${sum('merged')}), ` +
        `${cpuPer(end.cpuMs - start.cpuMs)} CPU per message (the source node's ${cpuPer(sourceCpu)}); ` +
        `ratio ${(floor.ms / ms).toFixed(2)} (target >= 0.7), ${(serial.ms / ms).toFixed(2)} to one at a time`,
    );
    if (then !== undefined) {
      const pair = await then({
        source,
        node,
        databases: [sourceDb, targetDb],
        flags: [sourceFlags, nodeFlags],
      });
      stops.push(
        () => pair.source.stop(),
        () => pair.node.stop(),
      );
    }
  } finally {
    for (const stop of stops.reverse()) await stop();
    for (const database of databases) await database.cleanup();
  }
}

/**
 * Two nodes in sync, idle, at each --sync-interval: each process's CPU over the window as % of a core. The
 * pair from the catch-up runs at the default; for another interval both restart on their databases.
 */
async function idle(pair: CatchUp): Promise<CatchUp> {
  let { source, node } = pair;
  const [sourceDb, nodeDb] = pair.databases;
  const [sourceFlags, nodeFlags] = pair.flags;
  // The floor: the caught-up node on its own (no --peer), what any idle node costs with no sync at all.
  await Promise.all([source.stop(), node.stop()]);
  const lone = await startNode('lone', nodeDb, 'sqlite', withoutPeers(nodeFlags), profiled);
  const loneShare = await idleShare([lone]);
  await lone.stop();
  console.log(
    `idle, no peer, ${idleSeconds} s (load average ${load()}): ${loneShare[0]!.toFixed(2)}% of a core`,
  );
  source = await startNode('source', sourceDb, 'sqlite', sourceFlags, profiled);
  node = await startNode('caught-up', nodeDb, 'sqlite', nodeFlags, profiled);
  let running = DEFAULT_SYNC_INTERVAL;
  for (const interval of intervals) {
    if (interval !== running) {
      running = interval;
      await Promise.all([source.stop(), node.stop()]);
      const every = ['--sync-interval', String(interval)];
      source = await startNode('source', sourceDb, 'sqlite', [...sourceFlags, ...every], profiled);
      node = await startNode('caught-up', nodeDb, 'sqlite', [...nodeFlags, ...every], profiled);
    }
    await linked(
      new Map([
        [source, values['one-way'] === true ? [] : [node]],
        [node, [source]],
      ]),
    );
    const shares = await idleShare([source, node]);
    const share = (i: number) =>
      `${shares[i]!.toFixed(2)}% (${(shares[i]! - loneShare[0]!).toFixed(2)}% over no peer)`;
    console.log(
      `idle, --sync-interval ${interval}, ${idleSeconds} s (load average ${load()}): ` +
        `source ${share(0)}, caught-up ${share(1)} of a core (target: sync < 1%)`,
    );
  }
  return { ...pair, source, node };
}

const IDLE_SETTLE_MS = 30_000;

/** Each process's CPU over `idleSeconds`, as % of a core, from IDLE_SETTLE_MS after the call. */
async function idleShare(nodes: readonly NodeProcess[]): Promise<number[]> {
  // A process just started still compiles and collects what its start left: not idle yet.
  await sleep(IDLE_SETTLE_MS);
  const before = await Promise.all(nodes.map((node) => node.cpuMs()));
  await sleep(idleSeconds * 1000);
  const after = await Promise.all(nodes.map((node) => node.cpuMs()));
  return after.map((ms, i) => (100 * (ms - before[i]!)) / (idleSeconds * 1000));
}

/** `flags` less every `--peer <address>`. */
function withoutPeers(flags: readonly string[]): string[] {
  return flags.filter((flag, i) => flag !== '--peer' && flags[i - 1] !== '--peer');
}

/** Follows `node`'s MERGE_MESSAGE events; resolves once the stream's headers came (nothing missed after). */
async function subscribe(node: NodeProcess, onMessage: (hash: string) => void) {
  const client = new Client(node.grpc, credentials.createInsecure());
  const call = client.makeServerStreamRequest(
    '/HubService/Subscribe',
    (request: SubscribeRequest) => Buffer.from(SubscribeRequest.encode(request).finish()),
    (bytes: Buffer) => HubEvent.decode(bytes),
    SubscribeRequest.fromPartial({ eventTypes: [HubEventType.MERGE_MESSAGE] }),
    new Metadata(),
  );
  call.on('data', (event: HubEvent) => {
    const hash = event.mergeMessageBody?.message?.hash;
    if (hash !== undefined) onMessage(bytesToHex(hash));
  });
  call.on('error', () => undefined);
  await new Promise((resolve) => call.once('metadata', resolve));
  return () => {
    call.cancel();
    client.close();
  };
}

const WARM_UP_SECONDS = 3;

/** Three nodes peered per `topology`, submits to A at `rate`, each timed from A's 200 to C's event. */
async function propagation(topology: Topology, run: number): Promise<void> {
  const total = Math.round(rate * liveSeconds);
  const warmUp = Math.round(rate * WARM_UP_SECONDS);
  const messages = Array.from({ length: warmUp + total }, (_, i) =>
    castAdd(accounts[i % accounts.length]!, `live ${topology} ${run}.${i}`, 1 + (i % 60)),
  );
  const databases: TestDatabase<NodeTables>[] = [];
  const ports: number[] = [];
  for (let i = 0; i < 3; i++) {
    databases.push(await accountsDatabase('sqlite'));
    ports.push(await freePort());
  }
  const [a, b, c] = ports.map(peerAddress) as [string, string, string];
  const flags: string[][] =
    topology === 'chain'
      ? [
          ['--peer-deny', c],
          ['--peer', a],
          ['--peer', b, '--peer-deny', a],
        ]
      : [[], ['--peer', a], ['--peer', b]];
  const nodes: NodeProcess[] = [];
  const unsubscribes: (() => void)[] = [];
  try {
    for (const [i, name] of ['A', 'B', 'C'].entries()) {
      const own = ['--grpc-port', String(ports[i]), '--submit-rate-limit', '0', ...flags[i]!];
      nodes.push(await startNode(name, databases[i]!, 'sqlite', own, profiled));
    }
    const [nodeA, nodeB, nodeC] = nodes as [NodeProcess, NodeProcess, NodeProcess];
    await linked(
      new Map(
        topology === 'chain'
          ? [
              [nodeA, [nodeB]],
              [nodeB, [nodeA, nodeC]],
              [nodeC, [nodeB]],
            ]
          : [
              [nodeA, [nodeB, nodeC]],
              [nodeB, [nodeA, nodeC]],
              [nodeC, [nodeA, nodeB]],
            ],
      ),
    );

    if (values.profile !== undefined) {
      console.log(`profiles: ${nodes.map((node) => `${node.name} pid ${node.pid}`).join(', ')}`);
    }
    // When each node's stream delivered each message: A's own, B's and C's.
    const arrivals = nodes.map(() => new Map<string, number>());
    for (const [i, node] of nodes.entries()) {
      unsubscribes.push(await subscribe(node, (hash) => arrivals[i]!.set(hash, performance.now())));
    }
    let refused = 0;
    /** Submits at `rate`, each answered 200 recorded with when; resolves once B and C serve them all. */
    const submitAtRate = async (batch: readonly ReceivedMessage[], answeredAt: Map<string, number>) => {
      const submit = async (received: ReceivedMessage) => {
        const response = await fetch(`${nodes[0]!.url}/v1/submitMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: encodeMessage(received.message),
        });
        await response.arrayBuffer();
        if (response.status === 200) answeredAt.set(bytesToHex(received.message.hash), performance.now());
        else refused++;
      };
      const start = performance.now();
      const submits: Promise<void>[] = [];
      for (const [i, received] of batch.entries()) {
        const wait = start + (i * 1000) / rate - performance.now();
        if (wait > 0) await sleep(wait);
        submits.push(submit(received));
      }
      await Promise.all(submits);
      const [, atB, atC] = arrivals as [unknown, Map<string, number>, Map<string, number>];
      await waitFor(
        () => `B and C serving the ${answeredAt.size} messages A took (${atB.size}, ${atC.size} so far)`,
        () => [...answeredAt.keys()].every((hash) => atB.has(hash) && atC.has(hash)),
        60_000,
      );
    };
    // Not timed: what a node does first (its signature workers start on first use) is not the steady state.
    await submitAtRate(messages.slice(0, warmUp), new Map());
    const answeredAt = new Map<string, number>();
    const cpuBefore = await Promise.all(nodes.map((node) => node.cpuMs()));
    await submitAtRate(messages.slice(warmUp), answeredAt);
    const cpu = (await Promise.all(nodes.map((node) => node.cpuMs()))).map((ms, i) => ms - cpuBefore[i]!);
    /** ms from A's 200 to the node's event, 0 when the event came first. */
    const latencies = (i: number) =>
      [...answeredAt].map(([hash, at]) => Math.max(0, arrivals[i]!.get(hash)! - at)).sort((x, y) => x - y);
    const toC = latencies(2);
    const toB = latencies(1);
    const at = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);
    const perMessage = (ms: number) => `${fmt((ms * 1000) / answeredAt.size)} µs`;
    console.log(
      `${topology === 'chain' ? 'chain A-B-C' : 'A, B, C all peered'}, ${rate} msg/s to A for ${liveSeconds} s ` +
        `(load average ${load()}): ${answeredAt.size} of ${total} taken (${refused} refused), all served by B and C; ` +
        `A's 200 -> C's event, ms: p50 ${at(toC, 0.5)}, p99 ${at(toC, 0.99)} (target < 1000), max ${at(toC, 1)}`,
    );
    console.log(
      `  -> B's event: p50 ${at(toB, 0.5)}, p99 ${at(toB, 0.99)}, max ${at(toB, 1)}; ` +
        `CPU per message: A ${perMessage(cpu[0]!)}, B ${perMessage(cpu[1]!)}, C ${perMessage(cpu[2]!)}`,
    );
  } finally {
    for (const unsubscribe of unsubscribes) unsubscribe();
    await Promise.all(nodes.map((node) => node.stop()));
    for (const database of databases) await database.cleanup();
  }
}

console.log(`sync bench, Node ${process.version}, load average ${load()} (1, 5, 15 min)`);
const signingStart = performance.now();
const input = makeInput();
const kinds = new Map<string, number>();
for (const { data } of input) kinds.set(MessageType[data.type], (kinds.get(MessageType[data.type]) ?? 0) + 1);
console.log(
  `input: ${fmt(count)} messages from ${fidCount} fids, signed in ${fmt(performance.now() - signingStart)} ms ` +
    `(not measured): ${[...kinds].map(([kind, n]) => `${kind} ${Math.round((100 * n) / count)}%`).join(', ')}`,
);
const dir = await mkdtemp(join(tmpdir(), 'agora-sync-bench-'));
try {
  const file = await messagesFile(dir, input);
  for (const dialect of count > 0 ? dialects : []) {
    // The idle pair is SQLite's.
    await catchUp(dialect, file, dialect !== 'sqlite' || idleSeconds === 0 ? undefined : idle);
  }
  for (const [run, topology] of topologies.entries()) {
    if (liveSeconds > 0) await propagation(topology, run);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
console.log(`load average at the end ${load()}`);
