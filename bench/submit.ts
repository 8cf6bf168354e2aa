// submitMessage over HTTP: sustained throughput with 64 connections as a ratio to the floor of raw BLAKE3 +
// Ed25519 verification of the same messages, the node's CPU per message as a multiple of the floor's, and
// p99 latency at a quarter of that load as a ratio to a bare Fastify route's at the same rate. The node runs
// on the main thread, the load generator in a worker. With --indexer, the social API runs beside the node
// as in `agora dev`, its indexer following the node's events, and the CPU counts until it has caught up.
// Usage: npx tsx bench/submit.ts [--seconds 10] [--latency-seconds 5] [--fids 1000] [--messages 80000]
//   [--indexer] [--sqlite-synchronous full|normal]   (SQLite's sync at commit; full, as the node's default)
//   [--client raw|fetch]   (the load's client: raw sockets, or Node's fetch (undici) as apps post)
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Fastify from 'fastify';
import { NETWORK, NOW, clock, setUpAccount, signerFor } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import { COMMANDS, configOf } from '../src/shared/config/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { makeMessage } from '../src/protocol/builder.js';
import { MessageData, MessageType, ReactionType } from '../src/protocol/gen/message.js';
import { encodeMessage, messageHash } from '../src/protocol/message.js';
import { openTestDatabase } from '../src/storage/testing.js';
import type { Kysely } from 'kysely';
import { lastEventId } from '../src/node/events/index.js';
import { createSocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { encodePost, openRawConnection } from './raw-http-client.js';
import type { RawConnection } from './raw-http-client.js';
import { verificationFloor } from './verification-floor.js';
import { currentThreadId, threadStats } from '../src/shared/threads.js';
import type { ThreadStat } from '../src/shared/threads.js';

const CONCURRENCY = 64;

/** A load to run from the worker, starting at message `from` of the pre-built input. */
type Task = { url: string; from: number; seconds: number; client: Client } & (
  { kind: 'sustained' } | { kind: 'open'; rate: number }
);

/** How the load posts: raw keep-alive sockets (cheap), or Node's fetch (undici) as apps post. */
type Client = 'raw' | 'fetch';

interface TaskResult {
  ok: number;
  other: number;
  /** Requests that got no answer: the connection failed or was closed under them. */
  failed: number;
  /** The first few of those failures' reasons. */
  failures: string[];
  seconds: number;
  /** Milliseconds from each request's scheduled start to its response (open loop only). */
  latencies: number[];
  /** The load generator's own thread, to tell its CPU time from the node's. */
  threadId: number | undefined;
}

/**
 * CPU time by group of threads between two readings: the node's main thread, the signature workers (the
 * pool lowers their priority, so they are the threads nicer than the main one), the load generator, and the
 * rest. From Node.js 22 on, threads carry names and the rest splits further: the background checkpoints,
 * libuv's pool (the WAL syncs), V8's helpers (garbage collection, compiling); on Node.js 20 they stay one.
 */
function cpuByThread(
  before: Map<number, ThreadStat>,
  after: Map<number, ThreadStat>,
  loadGenerator: number | undefined,
): Map<string, number> {
  const mainNice = after.get(process.pid)?.nice ?? 0;
  const groups = new Map<string, number>(
    ['main thread', 'signature workers', 'load generator'].map((group) => [group, 0]),
  );
  const groupOf = (tid: number, { nice, name }: ThreadStat) => {
    if (tid === process.pid) return 'main thread';
    if (tid === loadGenerator) return 'load generator';
    if (nice > mainNice) return 'signature workers';
    // Linux keeps the first 15 characters of a thread's name.
    const named = Object.entries(THREAD_GROUPS).find(([full]) => full.slice(0, 15) === name);
    return named?.[1] ?? 'other threads';
  };
  for (const [tid, stat] of after) {
    const group = groupOf(tid, stat);
    groups.set(group, (groups.get(group) ?? 0) + stat.cpuMs - (before.get(tid)?.cpuMs ?? 0));
  }
  return groups;
}

/** Named threads (Node.js 22 on) by what they do. */
const THREAD_GROUPS: Record<string, string> = {
  'checkpoint-worker': 'checkpoints',
  'libuv-worker': 'libuv pool (WAL syncs)',
  V8Worker: 'V8 helpers (GC, compiler)',
};

// ---- The input and the floor (worker thread, before any load) ----

/** Each fid's signer, as registered on the node (the same keys on both threads). */
const signersOf = (fidCount: number) =>
  Array.from({ length: fidCount }, (_, i) => signerFor(i + 1, (i + 1) >> 8));

/**
 * 70% reactions (likes of distinct casts), 30% casts, round-robin over the fids, one second apart per fid
 * and all unique, so every one should merge.
 */
function buildInput(fidCount: number, count: number): Uint8Array[] {
  const signers = signersOf(fidCount);
  return Array.from({ length: count }, (_, i) => {
    const fid = 1 + (i % fidCount);
    const timestamp = NOW - Math.ceil((count - i) / fidCount);
    const body: Partial<MessageData> =
      i % 10 < 7
        ? {
            type: MessageType.REACTION_ADD,
            reactionBody: {
              type: ReactionType.LIKE,
              targetCastId: {
                fid: 1 + ((i * 7) % fidCount),
                hash: messageHash(new Uint8Array(Uint32Array.of(i).buffer)),
              },
            },
          }
        : {
            type: MessageType.CAST_ADD,
            castAddBody: {
              text: `gm ${i} — こんにちは 🌍`,
              mentions: [],
              mentionsPositions: [],
              embeds: [],
              embedsDeprecated: [],
              type: 0,
            },
          };
    const data = MessageData.fromPartial({ fid, timestamp, network: NETWORK, ...body });
    return encodeMessage(makeMessage(data, signers[fid - 1]!));
  });
}

// ---- Load generator (worker thread) ----

/** One of the load's connections: posts a body, answers the status; throws when no answer came. */
interface Poster {
  post(body: Uint8Array): Promise<number>;
  close(): void;
}

async function openPoster(url: URL, client: Client): Promise<Poster> {
  if (client === 'fetch') {
    // fetch's own pool keeps one keep-alive connection per request in flight: CONCURRENCY of them.
    return {
      async post(body) {
        const response = await fetch(url, {
          method: 'POST',
          body,
          headers: { 'content-type': 'application/octet-stream' },
        });
        await response.arrayBuffer();
        return response.status;
      },
      close: () => undefined,
    };
  }
  const connection: RawConnection = await openRawConnection(url);
  return {
    post: (body) => connection.send(encodePost(url, body, 'application/octet-stream')),
    close: () => connection.close(),
  };
}

/** An error and its cause's code (fetch reports a closed socket as "fetch failed", UND_ERR_SOCKET beneath). */
function describeFailure(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | undefined)?.cause;
  return cause === undefined ? String(error) : `${String(error)}: ${String(cause.code ?? cause.message)}`;
}

async function runTask(task: Task, wire: Uint8Array[]): Promise<TaskResult> {
  const url = new URL(task.url);
  const open = () => openPoster(url, task.client);
  const connections = await Promise.all(Array.from({ length: CONCURRENCY }, open));
  const result: TaskResult = {
    ...{ ok: 0, other: 0, failed: 0, failures: [], seconds: 0 },
    ...{ latencies: [], threadId: currentThreadId() },
  };
  /** Sends and counts the answer; a request that got none is counted and its connection replaced. */
  const post = async (connection: Poster, body: Uint8Array): Promise<Poster> => {
    try {
      const status = await connection.post(body);
      if (status === 200) result.ok++;
      else result.other++;
      return connection;
    } catch (error) {
      result.failed++;
      if (result.failures.length < 5) result.failures.push(describeFailure(error));
      connection.close();
      return open();
    }
  };
  let next = task.from;
  const start = performance.now();
  if (task.kind === 'sustained') {
    const deadline = start + task.seconds * 1000;
    const loop = async (first: Poster) => {
      let connection = first;
      while (performance.now() < deadline && next < wire.length)
        connection = await post(connection, wire[next++]!);
    };
    await Promise.all(connections.map(loop));
  } else {
    // Open loop: requests start on schedule whether or not earlier ones have answered; one waiting for a
    // free connection counts that wait in its latency.
    const free = [...connections];
    const waiting: ((connection: Poster) => void)[] = [];
    const acquire = () =>
      new Promise<Poster>((resolve) => {
        const connection = free.pop();
        if (connection === undefined) waiting.push(resolve);
        else resolve(connection);
      });
    const release = (connection: Poster) => {
      const taker = waiting.shift();
      if (taker === undefined) free.push(connection);
      else taker(connection);
    };
    const total = Math.floor(task.rate * task.seconds);
    const pending: Promise<void>[] = [];
    for (let k = 0; k < total && next < wire.length; k++) {
      const due = start + (k * 1000) / task.rate;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      const body = wire[next++]!;
      // Sent up to 1 ms early (no sleep that short): its latency counts from when it was sent.
      const from = Math.max(due, performance.now());
      pending.push(
        acquire().then(async (connection) => {
          release(await post(connection, body));
          result.latencies.push(performance.now() - from);
        }),
      );
    }
    await Promise.all(pending);
  }
  result.seconds = (performance.now() - start) / 1000;
  for (const connection of connections) connection.close();
  return result;
}

/** What the worker is started with: the input to build. */
interface InputSpec {
  fidCount: number;
  count: number;
}

/** The worker's first message: its input is built and the floor measured. */
interface Ready {
  floor: number;
  signedMs: number;
}

if (!isMainThread) {
  const { fidCount, count } = workerData as InputSpec;
  const started = performance.now();
  const wire = buildInput(fidCount, count);
  const signedMs = performance.now() - started;
  const ready: Ready = { floor: verificationFloor(wire.slice(0, 5000), 1), signedMs };
  parentPort?.postMessage(ready);
  parentPort?.on('message', (task: Task) => {
    void runTask(task, wire).then((result) => parentPort?.postMessage(result));
  });
} else {
  await main();
}

// ---- The node and the measurements (main thread) ----

/** The social API on a fresh database, its indexer following the node at `nodeUrl`, as `agora dev` runs it. */
async function startSocial(nodeUrl: string) {
  const database = await openTestDatabase<SocialTables>('sqlite', 'social', { backgroundCheckpoints: true });
  const social = await createSocialService({
    config: configOf(COMMANDS.social.options, { host: '127.0.0.1', port: 0, logLevel: 'silent', nodeUrl }),
    logger: false,
    database,
  });
  /** The next event id the indexer will read once it follows the node's log; -1 before. */
  const nextEventId = async (): Promise<number> => {
    const status = (await social.app.inject({ url: '/_status' })).json<{
      components: { indexer?: { phase?: string; cursor?: number | null } };
    }>();
    const indexer = status.components.indexer;
    return indexer?.phase === 'following' ? (indexer.cursor ?? -1) : -1;
  };
  return {
    /** Milliseconds until the indexer has applied the node's last event. */
    async caughtUpWith(nodeDb: Kysely<NodeTables>): Promise<number> {
      const started = performance.now();
      const last = (await lastEventId(nodeDb)) ?? -1;
      while ((await nextEventId()) <= last) await sleep(20);
      return performance.now() - started;
    },
    async close() {
      await social.close();
      await database.cleanup();
    },
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string' },
      'latency-seconds': { type: 'string' },
      fids: { type: 'string' },
      messages: { type: 'string' },
      indexer: { type: 'boolean' },
      'sqlite-synchronous': { type: 'string' },
      client: { type: 'string' },
    },
  });
  const seconds = Number(values.seconds ?? 10);
  const latencySeconds = Number(values['latency-seconds'] ?? 5);
  const fidCount = Number(values.fids ?? 1000);
  const count = Number(values.messages ?? 80_000);
  const synchronous = values['sqlite-synchronous'] === 'normal' ? 'normal' : 'full';
  const client: Client = values.client === 'fetch' ? 'fetch' : 'raw';
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

  // The load generator builds the input and measures the floor on its own thread (with this one idle), so
  // that none of it is in the node's heap. tsx's loader does not carry over to workers: the worker
  // registers it, then loads this file.
  const boot = `import('tsx/esm/api').then((tsx) => (tsx.register(), import(${JSON.stringify(import.meta.url)})))`;
  const input: InputSpec = { fidCount, count };
  const worker = new Worker(boot, { eval: true, workerData: input });
  const ready = new Promise<Ready>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const { floor, signedMs } = await ready;
  console.log(
    `input: ${fmt(count)} messages (70% reactions, 30% casts) from ${fmt(fidCount)} fids, ` +
      `signed in ${fmt(signedMs)} ms (not measured); Node ${process.version}`,
  );

  const phase = performance.now();
  const signers = signersOf(fidCount);
  // With the node service's own storage options (openServiceDatabase).
  const database = await openTestDatabase<NodeTables>('sqlite', 'node', {
    backgroundCheckpoints: true,
    sqliteSynchronous: synchronous,
  });
  for (let fid = 1; fid <= fidCount; fid++)
    await setUpAccount(database.db, fid, { signer: signers[fid - 1] });
  const node = await startNodeService(
    configOf(COMMANDS.node.options, {
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      chainConfirmations: 0,
      submitRateLimit: 0,
      grpcPort: 0,
    }),
    { database, clock },
  );
  const social = values.indexer === true ? await startSocial(node.url) : undefined;
  // Its first pass over the registered fids (a backfill) is not what is measured.
  await social?.caughtUpWith(database.db);
  const bare = Fastify();
  bare.addContentTypeParser('application/octet-stream', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  bare.post('/v1/submitMessage', () => ({}));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  console.log(
    `${fmt(fidCount)} fids registered, node started in ${fmt(performance.now() - phase)} ms; SQLite synchronous=${synchronous}`,
  );

  const run = (task: Task) =>
    new Promise<TaskResult>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(task);
    });
  const percentile = ({ latencies }: TaskResult, p: number) => {
    const sorted = latencies.sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? NaN;
  };
  const p99 = (result: TaskResult) => percentile(result, 0.99);
  const spread = (result: TaskResult) =>
    [0.5, 0.9, 0.99, 1]
      .map((p) => `${p === 1 ? 'max' : `p${p * 100}`} ${percentile(result, p).toFixed(1)}`)
      .join(', ');

  try {
    const submitUrl = `${node.url}/v1/submitMessage`;
    // CPU time is what the node, its signature workers and the load generator share on this machine.
    const cpuBefore = process.cpuUsage();
    const loopBefore = performance.eventLoopUtilization();
    const threadsBefore = threadStats();
    const sustained = await run({ kind: 'sustained', url: submitUrl, from: 0, seconds, client });
    const caughtUpMs = social === undefined ? 0 : await social.caughtUpWith(database.db);
    const cpu = process.cpuUsage(cpuBefore);
    const loop = performance.eventLoopUtilization(loopBefore);
    const byThread = cpuByThread(threadsBefore, threadStats(), sustained.threadId);
    const used = sustained.ok + sustained.other + sustained.failed;
    const throughput = sustained.ok / sustained.seconds;
    const ran = used === count ? ` (input exhausted after ${sustained.seconds.toFixed(1)} s)` : '';
    const rate = throughput / 4;
    const nodeLoad = await run({
      kind: 'open',
      url: submitUrl,
      from: used,
      seconds: latencySeconds,
      rate,
      client,
    });
    // The bare route gets a 1 s warm-up, as the sustained run was the node's.
    const bareTask: Task = {
      kind: 'open',
      url: `${bareUrl}/v1/submitMessage`,
      from: 0,
      seconds: 1,
      rate,
      client,
    };
    await run(bareTask);
    const bareLoad = await run({ ...bareTask, seconds: latencySeconds });

    console.log(`floor  BLAKE3 + Ed25519 verify, one core:  ${fmt(floor)} msg/s`);
    console.log(
      `agora  submitMessage, ${CONCURRENCY} ${client} connections, ${seconds}s${ran}: ${fmt(throughput)} msg/s ` +
        `(${fmt(sustained.ok)} 200s, ${fmt(sustained.other)} others, ${fmt(sustained.failed)} without an answer)`,
    );
    console.log(`ratio: ${(throughput / floor).toFixed(2)} (target >= 0.5)`);
    const cpuPerMessage = (cpu.user + cpu.system) / (sustained.ok + sustained.other);
    console.log(
      `cpu: ${fmt(cpuPerMessage)} µs per message, all threads (node, signature workers, load generator); ` +
        `the floor's ${fmt(1e6 / floor)} µs on one core`,
    );
    if (threadsBefore.size > 0) {
      const perMessage = [...byThread].map(([group, ms]) => `${group} ${fmt((1000 * ms) / used)}`);
      console.log(`     by thread, µs per message: ${perMessage.join(', ')}`);
      console.log(`     the node's event loop was busy ${(100 * loop.utilization).toFixed(0)}% of the time`);
      const nodeMs = [...byThread].reduce(
        (sum, [group, ms]) => sum + (group === 'load generator' ? 0 : ms),
        0,
      );
      const nodeMicros = (1000 * nodeMs) / used;
      const what =
        social === undefined ? 'the node' : `node and social indexer (caught up ${fmt(caughtUpMs)} ms after)`;
      const target = social === undefined ? 3.5 : 5;
      console.log(
        `cpu of ${what}: ${fmt(nodeMicros)} µs per message, ${((nodeMicros * floor) / 1e6).toFixed(2)}× the floor's ` +
          `(target <= ${target})`,
      );
    }
    console.log(
      `p99 at ${fmt(rate)} req/s for ${latencySeconds}s: submitMessage ${p99(nodeLoad).toFixed(1)} ms ` +
        `(${fmt(nodeLoad.ok)} 200s, ${fmt(nodeLoad.other)} others), bare Fastify ${p99(bareLoad).toFixed(1)} ms`,
    );
    console.log(`     ms: submitMessage ${spread(nodeLoad)}; bare Fastify ${spread(bareLoad)}`);
    console.log(`latency ratio: ${(p99(nodeLoad) / p99(bareLoad)).toFixed(2)} (target <= 5)`);
    // A legitimate client must never lose a request: any unanswered one fails the run.
    const failures = [sustained, nodeLoad, bareLoad].flatMap((result) => result.failures);
    const failed = sustained.failed + nodeLoad.failed + bareLoad.failed;
    console.log(
      `requests without an answer: ${fmt(failed)} (target 0)${failed > 0 ? `: ${failures.join('; ')}` : ''}`,
    );
    if (failed > 0) process.exitCode = 1;
  } finally {
    await worker.terminate();
    await social?.close();
    await bare.close();
    await node.close();
    await database.cleanup();
  }
}
