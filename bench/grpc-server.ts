// What a unary gRPC call costs the server in Agora's own server (src/node/grpc/rpc-server.ts) and in
// grpc-js, against the least Node's own HTTP/2 server can do for the same call (read the request, answer
// headers, one length-prefixed message and the grpc-status trailer): the floor any gRPC server on Node
// pays. Each answers 2,000 ready bytes (a page of casts, as a kept answer is) to a grpc-js client in a
// worker with 32 calls in flight; the server's main-thread CPU per call is what is compared, each measured
// after a warm-up, in one run.
// Usage: npx tsx bench/grpc-server.ts [--seconds 5] [--rounds 2]
import http2 from 'node:http2';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import * as grpc from '@grpc/grpc-js';
import { createRpcServer } from '../src/node/grpc/rpc-server.js';
import { framed } from '../src/node/grpc/wire.js';
import { threadStats } from '../src/shared/threads.js';

const METHOD = '/bench.Server/Get';
const IN_FLIGHT = 32;
const ANSWER = Buffer.alloc(2000, 7);
const identity = (bytes: Buffer) => bytes;

interface Load {
  port: number;
  seconds: number;
}

/** The client: `IN_FLIGHT` loops of calls on one channel for `seconds`; answers the calls made. */
async function load({ port, seconds }: Load): Promise<number> {
  const client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const call = () =>
    new Promise<void>((resolve, reject) =>
      client.makeUnaryRequest(METHOD, identity, identity, Buffer.alloc(8), (error) =>
        error === null ? resolve() : reject(error),
      ),
    );
  let calls = 0;
  const deadline = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < deadline) {
      await call();
      calls += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
  client.close();
  return calls;
}

async function grpcJsServer(): Promise<{ port: number; close(): void }> {
  const server = new grpc.Server();
  const definition = {
    Get: {
      path: METHOD,
      requestStream: false,
      responseStream: false,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    },
  };
  server.addService(definition, {
    Get: (_call: unknown, callback: grpc.sendUnaryData<Buffer>) => callback(null, ANSWER),
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    ),
  );
  return { port, close: () => server.forceShutdown() };
}

/** Agora's server with the node's settings, behind a plain TCP listener (the gate costs nothing per call). */
async function agoraServer(): Promise<{ port: number; close(): void }> {
  const rpc = createRpcServer({
    routes: new Map([
      [METHOD, { kind: 'unary', maxRequestBytes: 4096, handle: () => Promise.resolve(ANSWER) }],
    ]),
    statusOf: () => ({ code: 13, details: 'Internal error', metadata: {} }),
    maxStreams: 100,
    idleTimeoutMs: 120_000,
    keepalive: { intervalMs: 10_000, timeoutMs: 5_000 },
  });
  const server = createServer((socket) => rpc.accept(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.close();
      void rpc.close(0);
    },
  };
}

/** The least a server can do per unary call over Node's HTTP/2: no routing, metadata, deadline or codec. */
async function http2Floor(): Promise<{ port: number; close(): void }> {
  const answer = framed(ANSWER);
  const server = http2.createServer();
  server.on('stream', (stream) => {
    stream.resume();
    stream.on('end', () => {
      stream.respond({ ':status': 200, 'content-type': 'application/grpc' }, { waitForTrailers: true });
      stream.once('wantTrailers', () => stream.sendTrailers({ 'grpc-status': '0' }));
      stream.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** µs of this thread's CPU per call while the worker loads the server on `port`. */
async function measure(worker: Worker, port: number, seconds: number): Promise<number> {
  const run = (job: Load) =>
    new Promise<number>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', (calls: number) => {
        worker.off('error', reject);
        resolve(calls);
      });
      worker.postMessage(job);
    });
  await run({ port, seconds: 1 });
  const before = threadStats().get(process.pid)?.cpuMs ?? 0;
  const calls = await run({ port, seconds });
  const after = threadStats().get(process.pid)?.cpuMs ?? 0;
  return ((after - before) * 1000) / calls;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string' }, rounds: { type: 'string' } } });
  const seconds = Number(values.seconds ?? 5);
  const rounds = Number(values.rounds ?? 2);
  // tsx's loader does not carry over to workers: the worker registers it, then loads this file.
  const boot = `import('tsx/esm/api').then((tsx) => (tsx.register(), import(${JSON.stringify(import.meta.url)})))`;
  const worker = new Worker(boot, { eval: true, workerData: 'client' });
  console.log(
    `unary call, 2,000-byte answer, ${IN_FLIGHT} in flight, ${seconds}s per measure; Node ${process.version}`,
  );
  try {
    for (let round = 1; round <= rounds; round++) {
      const floorServer = await http2Floor();
      const floor = await measure(worker, floorServer.port, seconds);
      floorServer.close();
      const agora = await agoraServer();
      const own = await measure(worker, agora.port, seconds);
      agora.close();
      const grpcJs = await grpcJsServer();
      const cost = await measure(worker, grpcJs.port, seconds);
      grpcJs.close();
      console.log(
        `round ${round}: server CPU per call: http2 floor ${floor.toFixed(1)} µs, Agora ${own.toFixed(1)} µs, ` +
          `grpc-js ${cost.toFixed(1)} µs; Agora / floor ${(own / floor).toFixed(2)}, grpc-js / floor ${(cost / floor).toFixed(2)}`,
      );
    }
  } finally {
    await worker.terminate();
  }
}

if (isMainThread) await main();
else if (workerData === 'client') {
  parentPort?.on('message', (job: Load) => {
    void load(job).then((calls) => parentPort?.postMessage(calls));
  });
}
