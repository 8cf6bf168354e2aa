/**
 * Crash tests: an `agora <service>` run as a real child process on its own data (a SQLite data dir, or a
 * scratch PostgreSQL database), killed with SIGKILL while a client streams writes at it, and started
 * again on the same data and port. Also the client side: a concurrent write stream that kills the
 * process once enough writes were acknowledged, and records which were.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { seededRandom } from '../../src/shared/seeded-random.js';
import { openDatabase, type Dialect } from '../../src/storage/index.js';
import { powerLoss } from './power-loss.js';

const BIN = fileURLToPath(new URL('../../bin/agora.js', import.meta.url));
const TEST_DATABASE_URL = 'AGORA_TEST_DATABASE_URL';
/** Kept per process for failure messages; the tail is what matters. */
const MAX_OUTPUT_CHARS = 64 * 1024;
const DEFAULT_START_TIMEOUT_MS = 60_000;
const REQUEST_TIMEOUT_MS = 30_000;

export type ServiceCommand = 'node' | 'names' | 'social';

// ---------------------------------------------------------------------------------------------------
// Storage

/** Where a spawned service keeps its data: the flags that point it there, and their removal. */
export interface ProcessStorage {
  dialect: Dialect;
  /** Its data dir: the SQLite files, or what a PostgreSQL service keeps besides its database. */
  dataDir: string;
  /** `--data-dir <dir>`, plus `--database-url <scratch database>` on PostgreSQL. */
  args: string[];
  /** Deletes the data dir and drops the scratch database; safe to call more than once. */
  cleanup(): Promise<void>;
}

/**
 * Fresh storage for one service process: a temp data dir (its SQLite files) or, on PostgreSQL, a database
 * of its own created next to AGORA_TEST_DATABASE_URL's (the services use fixed schema names, so two runs
 * cannot share one database) and dropped by `cleanup`, together with the data dir.
 */
async function scratchStorage(dialect: Dialect): Promise<ProcessStorage> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-crash-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    let done: Promise<void> | undefined;
    return { dialect, dataDir, args: ['--data-dir', dataDir], cleanup: () => (done ??= removeDir()) };
  }
  const base = process.env[TEST_DATABASE_URL];
  if (base === undefined || base === '') {
    await removeDir();
    throw new Error(`PostgreSQL crash tests need ${TEST_DATABASE_URL}`);
  }
  const name = `agora_crash_${randomBytes(6).toString('hex')}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    await adminQuery(base, sql`create database ${sql.id(name)}`);
  } catch (error) {
    await removeDir();
    throw error;
  }
  let done: Promise<void> | undefined;
  const cleanup = async () => {
    try {
      // `with (force)` ends connections a killed process may have left behind (PostgreSQL 13+).
      await adminQuery(base, sql`drop database if exists ${sql.id(name)} with (force)`);
    } finally {
      await removeDir();
    }
  };
  return {
    dialect,
    dataDir,
    args: ['--data-dir', dataDir, '--database-url', url.toString()],
    cleanup: () => (done ??= cleanup()),
  };
}

async function adminQuery(url: string, query: ReturnType<typeof sql>): Promise<void> {
  const admin = await openDatabase<unknown>({ url, poolSize: 1 });
  try {
    await query.execute(admin.db);
  } finally {
    await admin.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// Processes

/** Every child still running, killed when the test process exits (normally, on an error, or ended by the runner). */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const orphan of running) orphan.kill('SIGKILL');
    });
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * The environment a spawned service gets: this one without the variables its configuration reads
 * (AGORA_*, DATABASE_URL, RPC_AUTH), so only the flags a test passes configure it.
 */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(AGORA_|DATABASE_URL$|RPC_AUTH$)/.test(name)),
    ),
    ...extra,
  };
}

export interface ServiceProcess {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** What the process printed so far (stdout and stderr, the last 64 KiB). */
  output(): string;
  /** SIGKILL: no shutdown code runs. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** Resolves once the process is gone, however it ended. */
  exited(): Promise<void>;
  /** SIGTERM, the clean stop; resolves to the exit code. */
  stop(): Promise<number | null>;
}

export interface ServiceLauncher {
  /** Starts the service (again, on the port of the first start) and waits until it listens. */
  start(): Promise<ServiceProcess>;
  /** The process of the latest start, while it runs. */
  readonly current: ServiceProcess | undefined;
  /** Every start's output, oldest first, for failure messages. */
  output(): string;
  /** Kills the running process, if any, and any later start; safe to call more than once. */
  close(): Promise<void>;
}

export interface LauncherOptions {
  /** Flags after the storage ones, e.g. `--chain-rpc-url ...`. */
  args: readonly string[];
  storage: ProcessStorage;
  /** Default `warn`: errors reach the captured output, request logs do not. */
  logLevel?: string;
  startTimeoutMs?: number;
  /** Node's own flags (before the script) and environment variables for the process. */
  execArgv?: readonly string[];
  env?: Record<string, string>;
}

/** `node bin/agora.js <command> <storage flags> --host 127.0.0.1 --port <p> <args>`, startable repeatedly. */
function serviceLauncher(command: ServiceCommand, options: LauncherOptions): ServiceLauncher {
  let port = 0;
  let current: ServiceProcess | undefined;
  let closed = false;
  const starts: ServiceProcess[] = [];
  return {
    get current() {
      return current;
    },
    async start() {
      if (closed) throw new Error(`agora ${command}: the launcher is closed`);
      if (current !== undefined) throw new Error(`agora ${command} is already running (pid ${current.pid})`);
      const argv = [
        ...(options.execArgv ?? []),
        BIN,
        command,
        ...options.storage.args,
        ...['--host', '127.0.0.1', '--port', String(port)],
        ...['--log-level', options.logLevel ?? 'warn'],
        ...options.args,
      ];
      const started = await spawnService(
        command,
        argv,
        options.env ?? {},
        options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      );
      started.child.once('exit', () => {
        if (current === started.process) current = undefined;
      });
      starts.push(started.process);
      if (closed) {
        // Closed while it started (a timed-out test's cleanup ran): it must not outlive the test.
        await started.process.kill();
        throw new Error(`agora ${command}: the launcher was closed while it started`);
      }
      port = started.process.port;
      current = started.process;
      return started.process;
    },
    output() {
      return starts.map((p) => `--- agora ${command} (pid ${p.pid}) ---\n${p.output()}`).join('\n');
    },
    async close() {
      closed = true;
      await current?.kill();
      current = undefined;
    },
  };
}

async function spawnService(
  command: ServiceCommand,
  argv: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<{ child: ChildProcess; process: ServiceProcess }> {
  const child = spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: childEnv(env) });
  track(child);
  // A process left running (a test that timed out before its cleanup) must not keep this one alive: the
  // exit hook kills it when the tests are done. Waits on it below hold a timer or re-ref it instead.
  child.unref();
  for (const pipe of [child.stdout, child.stderr]) (pipe as unknown as Socket | null)?.unref();
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanupListeners();
      child.kill('SIGKILL');
      reject(new Error(`agora ${command} did not listen within ${timeoutMs} ms; it printed:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      const match = /listening on (http:\/\/[^\s,]+)/.exec(output);
      if (match?.[1] === undefined) return;
      cleanupListeners();
      resolve(match[1]);
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanupListeners();
      reject(
        new Error(`agora ${command} exited (${signal ?? code}) before listening; it printed:\n${output}`),
      );
    };
    const cleanupListeners = () => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });

  const service: ServiceProcess = {
    url,
    port: Number(new URL(url).port),
    pid: child.pid ?? 0,
    output: () => output,
    async exited() {
      child.ref();
      await exited;
    },
    async kill() {
      child.ref();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.ref();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      return child.exitCode;
    },
  };
  return { child, process: service };
}

// ---------------------------------------------------------------------------------------------------
// The client's stream

/** One write of a stream; `after` names writes that must have been acknowledged before it may be sent. */
export interface StreamTask<T> {
  id: string;
  value: T;
  after?: readonly string[];
}

/**
 * - `acked`: answered 200; the service promised it is stored.
 * - `refused`: answered, but not 200 (a valid stream has none before the crash).
 * - `lost`: sent, and the connection failed (the crash): it may or may not have been stored.
 * - `unsent`: never sent (the crash came first, or a write it depends on was not acknowledged).
 */
export type Outcome<R> =
  | { state: 'acked'; response: R }
  | { state: 'refused'; status: number; body: string }
  | { state: 'lost'; error: string }
  | { state: 'unsent' };

export interface StreamResult<T, R> {
  outcomes: Map<string, { task: StreamTask<T>; outcome: Outcome<R> }>;
  /** Writes awaiting an answer when the kill was sent. */
  inFlightAtKill: number;
  ackedAtKill: number;
  /** How many acknowledged writes the kill waited for. */
  killAfterAcked: number;
  /** Whether the kill happened (the stream may end first when it is short). */
  killed: boolean;
}

export interface StreamOptions<T, R> {
  tasks: readonly StreamTask<T>[];
  concurrency: number;
  /** Sends one write; a response of any status is an answer, a thrown error a lost write. */
  send(value: T): Promise<{ status: number; body: string }>;
  /** Parses a 200 body into what the test keeps. */
  parse(body: string): R;
  /** Kills the service once this many writes were acknowledged. */
  killAfterAcked: number;
  kill(): Promise<void>;
}

/**
 * Sends the tasks with `concurrency` writes in flight (a task only once the ones it depends on were
 * acknowledged), and kills the service once `killAfterAcked` were and others are in flight. From the kill
 * on, no new write is sent; the ones in flight settle as answered or lost.
 */
async function streamUntilKilled<T, R>(options: StreamOptions<T, R>): Promise<StreamResult<T, R>> {
  const outcomes: StreamResult<T, R>['outcomes'] = new Map();
  for (const task of options.tasks) {
    if (outcomes.has(task.id)) throw new Error(`duplicate task id ${task.id}`);
    outcomes.set(task.id, { task, outcome: { state: 'unsent' } });
  }
  const pending = [...options.tasks];
  const settled = new Set<string>();
  let acked = 0;
  let inFlight = 0;
  let killing: Promise<void> | undefined;
  const result = { inFlightAtKill: 0, ackedAtKill: 0 };
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };

  /** Once enough writes were acknowledged, and only with others in flight: a crash mid-request. */
  const maybeKill = () => {
    if (killing !== undefined || acked < options.killAfterAcked || inFlight === 0) return;
    result.inFlightAtKill = inFlight;
    result.ackedAtKill = acked;
    killing = options.kill();
  };

  const isAcked = (id: string) => outcomes.get(id)?.outcome.state === 'acked';
  /** The next task whose dependencies are acknowledged; those whose dependencies failed are dropped. */
  const nextReady = (): StreamTask<T> | undefined => {
    for (let i = 0; i < pending.length; i++) {
      const task = pending[i]!;
      const after = task.after ?? [];
      if (after.some((id) => settled.has(id) && !isAcked(id))) {
        pending.splice(i--, 1);
        settled.add(task.id);
        continue;
      }
      if (after.every(isAcked)) return pending.splice(i, 1)[0];
    }
    return undefined;
  };

  const worker = async (): Promise<void> => {
    for (;;) {
      if (killing !== undefined) return;
      const task = nextReady();
      if (task === undefined) {
        if (pending.length === 0 || inFlight === 0) return;
        await new Promise<void>((resolve) => (wake = chain(wake, resolve)));
        continue;
      }
      inFlight++;
      const entry = outcomes.get(task.id)!;
      const sending = options.send(task.value);
      maybeKill();
      try {
        const answer = await sending;
        entry.outcome =
          answer.status === 200
            ? { state: 'acked', response: options.parse(answer.body) }
            : { state: 'refused', ...answer };
      } catch (error) {
        entry.outcome = { state: 'lost', error: error instanceof Error ? error.message : String(error) };
      } finally {
        inFlight--;
        settled.add(task.id);
      }
      if (entry.outcome.state === 'acked') acked++;
      maybeKill();
      notify();
    }
  };

  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (killing !== undefined) await killing;
  return { outcomes, ...result, killAfterAcked: options.killAfterAcked, killed: killing !== undefined };
}

function chain(first: (() => void) | undefined, second: () => void): () => void {
  return () => {
    first?.();
    second();
  };
}

/** Tasks of the stream in one outcome state. */
export function withState<T, R, S extends Outcome<R>['state']>(
  result: StreamResult<T, R>,
  state: S,
): { task: StreamTask<T>; outcome: Extract<Outcome<R>, { state: S }> }[] {
  return [...result.outcomes.values()].filter(
    (entry): entry is { task: StreamTask<T>; outcome: Extract<Outcome<R>, { state: S }> } =>
      entry.outcome.state === state,
  );
}

/** The writes answered with something other than 200, as `id: status body` lines. */
function refusals<T, R>(result: StreamResult<T, R>): string[] {
  return withState(result, 'refused').map(
    ({ task, outcome }) => `${task.id}: ${outcome.status} ${outcome.body}`,
  );
}

/** A one-line tally of a stream, e.g. `acked 120, lost 14, unsent 66 (in flight at kill: 16)`. */
function tally<T, R>(result: StreamResult<T, R>): string {
  const counts = new Map<string, number>();
  for (const { outcome } of result.outcomes.values()) {
    counts.set(outcome.state, (counts.get(outcome.state) ?? 0) + 1);
  }
  const parts = [...counts].map(([state, count]) => `${state} ${count}`);
  return `${parts.join(', ')} (in flight at kill: ${result.inFlightAtKill})`;
}

// ---------------------------------------------------------------------------------------------------
// A crash test's service

/** `agora <command>` under a crash test, on storage of its own that `close` removes as well. */
export interface CrashService extends ServiceLauncher {
  /** `message` with the seed and every start's output, for an assertion. */
  failure(message: string): string;
  /**
   * streamUntilKilled at this service, killing it once a seeded 30 to 60% of the tasks were acknowledged
   * (the point drawn from `random` when called, so that a replay draws it alike).
   */
  streamAndKill<T, R>(
    random: () => number,
    options: Omit<StreamOptions<T, R>, 'kill' | 'killAfterAcked'>,
  ): Promise<StreamResult<T, R>>;
  /**
   * Prints the stream's tally; asserts that the kill came with `noun`s in flight and none was refused.
   */
  assertKilledMidStream<T, R>(t: TestContext, stream: StreamResult<T, R>, noun: string): void;
}

export interface CrashOptions {
  /**
   * SQLite only: the kill is a power loss (power-loss.ts): it comes while a commit waits for its WAL
   * sync, and what was not synced is dropped before the next start.
   */
  powerLoss?: boolean;
}

export async function crashService(
  command: ServiceCommand,
  dialect: Dialect,
  settings: CrashSettings,
  args: readonly string[],
  options: CrashOptions = {},
): Promise<CrashService> {
  const storage = await scratchStorage(dialect);
  const outage =
    options.powerLoss === true && dialect === 'sqlite' ? powerLoss(storage.dataDir, command) : undefined;
  const launcher = serviceLauncher(command, {
    storage,
    args,
    ...(outage !== undefined && { execArgv: outage.execArgv, env: outage.env }),
  });
  const failure = (message: string) => settings.withSeed(`${message}\n${launcher.output()}`);
  /** The WAL's committed frames at the last power loss, and those that were on disk. */
  let frames = { committed: 0, kept: 0 };
  const kill = async () => {
    const running = launcher.current;
    if (running === undefined) return;
    if (outage === undefined) {
      await running.kill();
      return;
    }
    await outage.strike(running.pid, () => running.exited());
    frames = outage.dropUnsynced();
  };
  return {
    get current() {
      return launcher.current;
    },
    start: () => launcher.start(),
    output: () => launcher.output(),
    async close() {
      try {
        await launcher.close();
      } finally {
        await storage.cleanup();
      }
    },
    failure,
    streamAndKill: (random, options) =>
      streamUntilKilled({
        ...options,
        killAfterAcked: Math.floor(options.tasks.length * (0.3 + 0.3 * random())),
        kill,
      }),
    assertKilledMidStream(t, stream, noun) {
      t.diagnostic(`seed ${settings.seed}: ${tally(stream)}`);
      assert.ok(stream.killed, failure(`the stream ended before the kill: ${tally(stream)}`));
      assert.deepEqual(refusals(stream), [], failure(`a valid ${noun} was refused`));
      assert.ok(stream.inFlightAtKill > 0, failure(`the kill came with ${noun}s in flight`));
      if (outage !== undefined) {
        // The kill comes as a sync starts, but a checkpoint may have synced the commit meanwhile.
        t.diagnostic(`power loss: ${frames.kept} of the WAL's ${frames.committed} committed frames on disk`);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Small helpers

/** A request's status and text body. */
export async function request(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: string }> {
  // A service that stops answering fails the test with its URL instead of hanging it.
  const response = await fetch(url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...init });
  return { status: response.status, body: await response.text() };
}

/** GETs JSON; throws with the body when the status is not 200. */
export async function getJson<T = unknown>(url: string): Promise<T> {
  const { status, body } = await request(url);
  if (status !== 200) throw new Error(`GET ${url}: ${status} ${body}`);
  return JSON.parse(body) as T;
}

/** A crash test file's settings: from AGORA_CRASH_SEED and AGORA_CRASH_WRITES, to replay or enlarge a run. */
export interface CrashSettings {
  /** AGORA_CRASH_SEED when set (to replay a failure), else random. */
  readonly seed: number;
  /** How many writes a stream holds: the default in npm test, AGORA_CRASH_WRITES for a bigger run. */
  readonly writes: number;
  /** A generator seeded with `seed`, fresh for each dialect run so that each replays alike. */
  random(): () => number;
  /** `message`, naming the seed and how to replay it. */
  withSeed(message: string): string;
}

export function crashSettings(defaultWrites: number): CrashSettings {
  const fixed = process.env.AGORA_CRASH_SEED;
  const seed = fixed !== undefined && fixed !== '' ? Number(fixed) >>> 0 : randomBytes(4).readUInt32BE(0);
  const configured = Number(process.env.AGORA_CRASH_WRITES);
  return {
    seed,
    writes: Number.isSafeInteger(configured) && configured > 0 ? configured : defaultWrites,
    random: () => seededRandom(seed),
    withSeed: (message) => `${message} (seed ${seed}; replay with AGORA_CRASH_SEED=${seed})`,
  };
}

/** Fisher–Yates with a seeded generator. */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
