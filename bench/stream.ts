// The node's event stream and gRPC reads, measured from a load generator on its own thread:
//  1. events delivered to 50 concurrent Subscribe streams while messages are submitted, as a ratio of the
//     events merged in the same run (target: all delivered), and the lag from each submit to the event
//     reaching each subscriber (target: p99 under 250 ms), with the node's CPU per delivered event;
//  2. GetCastsByFid (25 casts) over gRPC against the same read over HTTP at the same concurrency: req/s
//     ratio and the node's main-thread CPU per request on each transport (target: gRPC <= 1.2x HTTP).
// Usage: npx tsx bench/stream.ts [--subscribers 50] [--rate 500] [--seconds 10] [--read-seconds 5]
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import * as grpc from '@grpc/grpc-js';
import { getInsecureHubRpcClient, HubEventType } from '@farcaster/hub-nodejs';
import type { HubRpcClient } from '@farcaster/hub-nodejs';
import { NETWORK, NOW, clock, setUpAccount, signerFor } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import { COMMANDS, configOf } from '../src/shared/config/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { makeMessage } from '../src/protocol/builder.js';
import { MessageData, MessageType } from '../src/protocol/gen/message.js';
import { FidRequest } from '../src/protocol/gen/request_response.js';
import { encodeMessage } from '../src/protocol/message.js';
import { currentThreadId, threadStats } from '../src/shared/threads.js';
import { openTestDatabase } from '../src/storage/testing.js';
import { freePort } from '../test/support/free-port.js';
import { encodeGet, encodePost, openRawConnection } from './raw-http-client.js';

const FIDS = 100;
/** In-flight reads in part 2, on either transport. */
const READ_CONCURRENCY = 32;
/** gRPC reads share this many channels (HTTP/2 connections), as a client library would. */
const READ_CHANNELS = 4;
const PAGE = 25;

type Task =
  | {
      kind: 'stream';
      /** Makes this run's casts differ from another run's. */
      run: number;
      httpUrl: string;
      grpcAddress: string;
      subscribers: number;
      rate: number;
      seconds: number;
    }
  | {
      kind: 'reads';
      transport: 'grpc' | 'http';
      httpUrl: string;
      grpcAddress: string;
      fid: number;
      seconds: number;
    };

interface StreamResult {
  submitted: number;
  merged: number;
  /** Events of this run received, summed over the subscribers. */
  delivered: number;
  /** ms from each submit being sent to its event reaching a subscriber, one entry per delivery. */
  lags: number[];
  threadId: number | undefined;
}

interface ReadsResult {
  ok: number;
  failed: number;
  seconds: number;
  threadId: number | undefined;
}

const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Casts one second apart per fid, all unique. */
function buildCasts(run: number, count: number): { wire: Uint8Array[]; hashes: string[] } {
  const wire: Uint8Array[] = [];
  const hashes: string[] = [];
  for (let i = 0; i < count; i++) {
    const fid = 1 + (i % FIDS);
    const data = MessageData.fromPartial({
      fid,
      timestamp: NOW - Math.ceil((count - i) / FIDS),
      network: NETWORK,
      type: MessageType.CAST_ADD,
      castAddBody: {
        text: `stream ${run}.${i}`,
        mentions: [],
        mentionsPositions: [],
        embeds: [],
        embedsDeprecated: [],
      },
    });
    const message = makeMessage(data, signerFor(fid));
    wire.push(encodeMessage(message));
    hashes.push(hexOf(message.hash));
  }
  return { wire, hashes };
}

// ---- Load generator (worker thread) ----

async function runStream(task: Extract<Task, { kind: 'stream' }>): Promise<StreamResult> {
  const { wire, hashes } = buildCasts(task.run, Math.ceil(task.rate * task.seconds));
  const sentAt = new Map<string, number>();
  const lags: number[] = [];
  let delivered = 0;
  const clients: HubRpcClient[] = [];
  const streams = [];
  for (let s = 0; s < task.subscribers; s++) {
    const client = getInsecureHubRpcClient(task.grpcAddress);
    clients.push(client);
    // Live only; the node sends the response headers once the stream's start is fixed, so a subscriber
    // that has them misses nothing submitted after.
    const subscribed = await client.subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE] });
    if (subscribed.isErr()) throw subscribed.error;
    const stream = subscribed.value;
    const started = new Promise((resolve) => stream.once('metadata', resolve));
    stream.on('data', (event: { mergeMessageBody?: { message?: { hash: Uint8Array } } }) => {
      const hash = event.mergeMessageBody?.message?.hash;
      const sent = hash === undefined ? undefined : sentAt.get(hexOf(hash));
      if (sent === undefined) return;
      delivered++;
      lags.push(performance.now() - sent);
    });
    stream.on('error', () => undefined);
    streams.push(stream);
    await started;
  }

  // Submits on schedule (open loop) over 8 keep-alive connections.
  const url = new URL(`${task.httpUrl}/v1/submitMessage`);
  const connections = await Promise.all(Array.from({ length: 8 }, () => openRawConnection(url)));
  let merged = 0;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < wire.length; i++) {
    const due = start + (i * 1000) / task.rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const connection = connections[i % connections.length]!;
    const previous = pending[i - connections.length] ?? Promise.resolve();
    pending.push(
      previous.then(async () => {
        sentAt.set(hashes[i]!, performance.now());
        if ((await connection.send(encodePost(url, wire[i]!, 'application/octet-stream'))) === 200) merged++;
      }),
    );
  }
  await Promise.all(pending);
  // Let the last events reach everyone (or give up after 10 s).
  const deadline = performance.now() + 10_000;
  while (delivered < merged * task.subscribers && performance.now() < deadline) await sleep(20);
  for (const stream of streams) stream.cancel();
  for (const client of clients) client.$.close();
  for (const connection of connections) connection.close();
  return { submitted: wire.length, merged, delivered, lags, threadId: currentThreadId() };
}

async function runReads(task: Extract<Task, { kind: 'reads' }>): Promise<ReadsResult> {
  const result: ReadsResult = { ok: 0, failed: 0, seconds: 0, threadId: currentThreadId() };
  const count = (ok: boolean) => (ok ? result.ok++ : result.failed++);
  const start = performance.now();
  const deadline = start + task.seconds * 1000;
  if (task.transport === 'grpc') {
    // grpc-js's own client with the answer left as bytes, as the HTTP side reads only status and length:
    // the comparison is of the node, not of the clients' decoding (hub-nodejs decodes every message).
    const clients = Array.from(
      { length: READ_CHANNELS },
      () => new grpc.Client(task.grpcAddress, grpc.credentials.createInsecure()),
    );
    const request = FidRequest.encode({ fid: task.fid, pageSize: PAGE }).finish();
    const read = (client: grpc.Client) =>
      new Promise<boolean>((resolve) =>
        client.makeUnaryRequest(
          '/HubService/GetCastsByFid',
          (bytes: Uint8Array) => Buffer.from(bytes),
          (bytes: Buffer) => bytes,
          request,
          (error, bytes) => resolve(error === null && bytes !== undefined && bytes.length > 0),
        ),
      );
    const loop = async (client: grpc.Client) => {
      while (performance.now() < deadline) count(await read(client));
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, (_, i) => loop(clients[i % READ_CHANNELS]!)));
    for (const client of clients) client.close();
  } else {
    const url = new URL(`${task.httpUrl}/v1/castsByFid?fid=${task.fid}&pageSize=${PAGE}`);
    const request = encodeGet(url);
    const connections = await Promise.all(
      Array.from({ length: READ_CONCURRENCY }, () => openRawConnection(url)),
    );
    await Promise.all(
      connections.map(async (connection) => {
        while (performance.now() < deadline) count((await connection.send(request)) === 200);
      }),
    );
    for (const connection of connections) connection.close();
  }
  result.seconds = (performance.now() - start) / 1000;
  return result;
}

if (!isMainThread) {
  parentPort?.on('message', (task: Task) => {
    const run = task.kind === 'stream' ? runStream(task) : runReads(task);
    void run.then((result) => parentPort?.postMessage(result));
  });
  parentPort?.postMessage('ready');
} else {
  await main();
}

// ---- The node and the measurements (main thread) ----

type Threads = ReturnType<typeof threadStats>;

/** ms of CPU a thread (default: the node's main thread) used between two readings (0 where /proc has no per-thread view). */
function threadMs(before: Threads, after: Threads, thread: number | undefined = process.pid): number {
  if (thread === undefined) return 0;
  return (after.get(thread)?.cpuMs ?? 0) - (before.get(thread)?.cpuMs ?? 0);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subscribers: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      'read-seconds': { type: 'string' },
    },
  });
  const subscribers = Number(values.subscribers ?? 50);
  const rate = Number(values.rate ?? 500);
  const seconds = Number(values.seconds ?? 10);
  const readSeconds = Number(values['read-seconds'] ?? 5);
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

  const database = await openTestDatabase<NodeTables>('sqlite', 'node', { backgroundCheckpoints: true });
  for (let fid = 1; fid <= FIDS; fid++) await setUpAccount(database.db, fid, { signer: signerFor(fid) });
  const node = await startNodeService(
    configOf(COMMANDS.node.options, {
      host: '127.0.0.1',
      port: 0,
      logLevel: 'silent',
      chainConfirmations: 0,
      submitRateLimit: 0,
      grpcPort: await freePort(),
      subscribePerIpLimit: 0,
    }),
    { database, clock },
  );
  const grpcAddress = node.grpc?.address ?? '';

  const boot = `import('tsx/esm/api').then((tsx) => (tsx.register(), import(${JSON.stringify(import.meta.url)})))`;
  const worker = new Worker(boot, { eval: true });
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const run = <R>(task: Task) =>
    new Promise<R>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.postMessage(task);
    });
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? NaN;
  };

  try {
    // The same submits with no subscriber, then with them: the difference is what the streams cost.
    const streamRun = async (count: number, runNumber: number) => {
      const before = threadStats();
      const result = await run<StreamResult>({
        kind: 'stream',
        run: runNumber,
        httpUrl: node.url,
        grpcAddress,
        subscribers: count,
        rate,
        seconds,
      });
      return { result, perMergeUs: (1000 * threadMs(before, threadStats())) / result.merged };
    };
    const alone = await streamRun(0, 0);
    const { result: stream, perMergeUs } = await streamRun(subscribers, 1);
    const expected = stream.merged * subscribers;
    console.log(
      `stream: ${fmt(stream.submitted)} casts submitted at ${fmt(rate)}/s for ${seconds}s, ${fmt(stream.merged)} ` +
        `merged; ${subscribers} subscribers received ${fmt(stream.delivered)} of ${fmt(expected)} events; ` +
        `Node ${process.version}`,
    );
    console.log(`delivered ratio: ${(stream.delivered / expected).toFixed(4)} (target 1)`);
    console.log(
      `lag submit -> subscriber, ms: p50 ${percentile(stream.lags, 0.5).toFixed(1)}, ` +
        `p99 ${percentile(stream.lags, 0.99).toFixed(1)} (target < 250), max ${percentile(stream.lags, 1).toFixed(1)}`,
    );
    if (perMergeUs > 0) {
      const streamUs = perMergeUs - alone.perMergeUs;
      console.log(
        `node main thread per merged message: ${fmt(alone.perMergeUs)} µs with no subscriber, ` +
          `${fmt(perMergeUs)} µs with ${subscribers}: ${(streamUs / subscribers).toFixed(1)} µs per delivered event`,
      );
    }

    const fid = 1;
    type Reads = { perSecond: number; cpuUs: number; clientUs: number; failed: number };
    const reads: Record<'grpc' | 'http', Reads> = {
      grpc: { perSecond: 0, cpuUs: 0, clientUs: 0, failed: 0 },
      http: { perSecond: 0, cpuUs: 0, clientUs: 0, failed: 0 },
    };
    for (const transport of ['http', 'grpc', 'http', 'grpc'] as const) {
      const readsBefore = threadStats();
      const result = await run<ReadsResult>({
        kind: 'reads',
        transport,
        httpUrl: node.url,
        grpcAddress,
        fid,
        seconds: readSeconds,
      });
      // The second round of each is the one reported: the first warms the code paths up.
      const readsAfter = threadStats();
      const perRead = (ms: number) => (1000 * ms) / Math.max(1, result.ok);
      reads[transport] = {
        perSecond: result.ok / result.seconds,
        cpuUs: perRead(threadMs(readsBefore, readsAfter)),
        clientUs: perRead(threadMs(readsBefore, readsAfter, result.threadId)),
        failed: result.failed,
      };
    }
    for (const transport of ['http', 'grpc'] as const) {
      const { perSecond, cpuUs, clientUs, failed } = reads[transport];
      console.log(
        `GetCastsByFid (${PAGE} casts) over ${transport}, ${READ_CONCURRENCY} in flight: ${fmt(perSecond)} req/s; ` +
          `µs per request: node main thread ${fmt(cpuUs)}, load generator ${fmt(clientUs)}` +
          `${failed > 0 ? `, ${failed} failed` : ''}`,
      );
    }
    console.log(
      `gRPC/HTTP: node CPU per request ${(reads.grpc.cpuUs / reads.http.cpuUs).toFixed(2)} (target <= 1.2), ` +
        `req/s ${(reads.grpc.perSecond / reads.http.perSecond).toFixed(2)}`,
    );
  } finally {
    await worker.terminate();
    await node.close();
    await database.cleanup();
  }
}
