/**
 * The sync bench's child processes (sync-node-process.ts) as the bench drives them: started on a test
 * database, sampled for CPU, watched for log lines, stopped. A child ends when the bench does, whatever way.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { NodeTables } from '../src/node/store/schema.js';
import type { Dialect } from '../src/storage/index.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { processOptions } from '../test/support/node-process.js';
import type { FloorArgument, LogEntry, ToChild, ToParent } from './sync-node-process.js';

const ENTRY = fileURLToPath(new URL('./sync-node-process.ts', import.meta.url));
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

export interface BenchProcess {
  readonly name: string;
  readonly pid: number;
  /** CPU time (user + system, every thread) of the process so far, ms. */
  cpuMs(): Promise<number>;
  /** The first message so far or to come that `match` accepts, within `timeoutMs`. */
  next<T extends ToParent>(match: (message: ToParent) => message is T, timeoutMs: number): Promise<T>;
  /** Closes what the child opened and waits for it to exit (killed if it takes over 30 s). */
  stop(): Promise<void>;
}

export interface NodeProcess extends BenchProcess {
  readonly url: string;
  /** `host:port` of its gRPC API. */
  readonly grpc: string;
  /** The first sync log line so far or to come that `match` accepts, with the process's CPU then. */
  log(match: (entry: LogEntry) => boolean, timeoutMs: number): Promise<{ entry: LogEntry; cpuMs: number }>;
  /** GETs a path of the HTTP API as JSON; throws unless the status is 200. */
  get<T>(path: string): Promise<T>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

const timeout = (ms: number, what: string) =>
  new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms).unref(),
  );

async function startChild(
  name: string,
  role: 'node' | 'floor',
  database: TestDatabase<NodeTables>,
  dialect: Dialect,
  argument: unknown,
  nodeOptions: readonly string[],
): Promise<{ handle: BenchProcess; ready: Extract<ToParent, { type: 'ready' }> | undefined }> {
  const options = JSON.stringify(await processOptions(database, dialect));
  const child = spawn(
    process.execPath,
    [...nodeOptions, '--import', 'tsx', ENTRY, role, options, JSON.stringify(argument)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));

  const received: ToParent[] = [];
  const waiting = new Set<() => void>();
  child.on('message', (message: ToParent) => {
    received.push(message);
    for (const check of waiting) check();
  });
  const next = <T extends ToParent>(match: (message: ToParent) => message is T, timeoutMs: number) =>
    Promise.race([
      timeout(timeoutMs, `${name}: the message awaited`),
      exited.then(() => Promise.reject(new Error(`${name} exited`))),
      new Promise<T>((resolve) => {
        const check = () => {
          const found = received.find(match);
          if (found === undefined) return;
          waiting.delete(check);
          received.splice(received.indexOf(found), 1);
          resolve(found);
        };
        waiting.add(check);
        check();
      }),
    ]);
  let nextSample = 0;
  const handle: BenchProcess = {
    name,
    pid: child.pid ?? 0,
    async cpuMs() {
      const id = nextSample++;
      const send: ToChild = { type: 'cpu', id };
      child.send(send);
      const answer = await next(
        (m): m is Extract<ToParent, { type: 'cpu' }> => m.type === 'cpu' && m.id === id,
        STOP_TIMEOUT_MS,
      );
      return answer.cpuMs;
    },
    next,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const stop: ToChild = { type: 'stop' };
      child.send(stop);
      await Promise.race([exited, timeout(STOP_TIMEOUT_MS, `${name} stopping`)]).catch(() => {
        child.kill('SIGKILL');
        return exited;
      });
    },
  };
  if (role === 'floor') return { handle, ready: undefined };
  try {
    const ready = await next(
      (m): m is Extract<ToParent, { type: 'ready' }> => m.type === 'ready',
      START_TIMEOUT_MS,
    );
    return { handle, ready };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}

/** `agora node` with `flags` on `database`; `nodeOptions` go to Node itself (e.g. --cpu-prof). */
export async function startNode(
  name: string,
  database: TestDatabase<NodeTables>,
  dialect: Dialect,
  flags: readonly string[],
  nodeOptions: readonly string[] = [],
): Promise<NodeProcess> {
  const { handle, ready } = await startChild(name, 'node', database, dialect, flags, nodeOptions);
  const { url, grpc } = ready!;
  return {
    ...handle,
    url,
    grpc,
    async log(match, timeoutMs) {
      const { entry, cpuMs } = await handle.next(
        (m): m is Extract<ToParent, { type: 'log' }> => m.type === 'log' && match(m.entry),
        timeoutMs,
      );
      return { entry, cpuMs };
    },
    async get<T>(path: string) {
      const response = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(30_000) });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${name} GET ${path}: ${response.status} ${body}`);
      return JSON.parse(body) as T;
    },
  };
}

/** The floor's merge of the messages in `argument.file` into `database`: its time and CPU, from the child. */
export async function runFloor(
  database: TestDatabase<NodeTables>,
  dialect: Dialect,
  argument: FloorArgument,
  timeoutMs: number,
): Promise<Extract<ToParent, { type: 'merged' }>> {
  const { handle } = await startChild('floor', 'floor', database, dialect, argument, []);
  try {
    return await handle.next(
      (m): m is Extract<ToParent, { type: 'merged' }> => m.type === 'merged',
      timeoutMs,
    );
  } finally {
    await handle.stop();
  }
}
