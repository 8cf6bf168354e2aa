// Soak: the whole system as `agora dev` runs it (anvil + names + node + social in one process, SQLite),
// under a mixed load for a fixed time with a fixed concurrency. Every --report-seconds: throughput, errors
// and p50/p99 latency per service, and the system process's RSS and heap. At the end: a summary, and a
// least-squares fit of RSS over the second half of the run; exits 1 when RSS clearly grows (or on any
// unexpected error). The load generator runs in this process, the system in a child process, so the
// memory measured is the system's alone. Figures and method: docs/reliability.md.
//
// Usage: npx tsx bench/soak.ts [--seconds 600] [--connections 16] [--accounts 40] [--report-seconds 10]
//          [--sample-seconds 2] [--gc-seconds 30] [--max-growth 2] [--max-heap-growth 1] [--max-errors 0]
//          [--seed N] [--keep-data]
//          [--heap-snapshots]  (writes the system's heap at half time and at the end into the data dir, kept)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { DevnetFile } from '../src/cli/dev/devnet-file.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import { createClient } from './soak/http.js';
import { chooseOperation, World } from './soak/load.js';
import { createAccounts, waitUntilUsable } from './soak/setup.js';
import {
  emptyStats,
  fitLine,
  formatMs,
  MB,
  OperationCounts,
  SERVICES,
  table,
  type LinearFit,
  type Outcome,
  type Service,
  type StatsByService,
} from './soak/stats.js';
import type { SystemSample, ToChild, ToParent } from './soak/system.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '600' },
    connections: { type: 'string', default: '16' },
    accounts: { type: 'string', default: '40' },
    'report-seconds': { type: 'string', default: '10' },
    'sample-seconds': { type: 'string', default: '2' },
    'gc-seconds': { type: 'string', default: '30' },
    'max-growth': { type: 'string', default: '2' },
    'max-heap-growth': { type: 'string', default: '1' },
    'max-errors': { type: 'string', default: '0' },
    seed: { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    'heap-snapshots': { type: 'boolean', default: false },
  },
});

const positive = (name: keyof typeof args): number => {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a non-negative number`);
  return value;
};
const SECONDS = positive('seconds');
const CONNECTIONS = Math.max(1, Math.floor(positive('connections')));
const ACCOUNTS = Math.max(8, Math.floor(positive('accounts')));
const REPORT_SECONDS = Math.max(1, positive('report-seconds'));
const SAMPLE_SECONDS = Math.max(0.5, positive('sample-seconds'));
/** How often a sample first forces a full GC, to read the live heap (0: never). */
const GC_SECONDS = positive('gc-seconds');
/** RSS slope (MB per minute) over the second half above which memory is not flat. */
const MAX_GROWTH = positive('max-growth');
/** Live-heap slope (MB per minute, after forced GCs) above which JavaScript objects are piling up. */
const MAX_HEAP_GROWTH = positive('max-heap-growth');
/** A second half at least this long lets RSS alone decide, whatever the live heap does. */
const NATIVE_VERDICT_SECONDS = 240;
const MAX_ERRORS = positive('max-errors');
const SEED = args.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Math.floor(Number(args.seed));

// ---- the system process ----

/** A wait that does not keep the process alive (for the losing side of a race). */
const unrefSleep = (ms: number) => sleep(ms, undefined, { ref: false });

interface SystemProcess {
  child: ChildProcess;
  devnet: DevnetFile;
  sample(gc: boolean): Promise<SystemSample | undefined>;
  snapshot(path: string): Promise<string>;
  stop(): Promise<void>;
}

async function startSystem(dataDir: string): Promise<SystemProcess> {
  const entry = fileURLToPath(new URL('./soak/system.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', entry, dataDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  /** Sample requests by id: a late answer to one that timed out is dropped, never given to the next. */
  const waiting = new Map<number, (sample: SystemSample) => void>();
  let nextSample = 0;
  const snapshots: ((path: string) => void)[] = [];
  let stopped: () => void = () => undefined;
  const stoppedMessage = new Promise<void>((resolve) => (stopped = resolve));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<DevnetFile>((resolve, reject) => {
    child.on('message', (message: ToParent) => {
      if (message.type === 'ready') resolve(message.devnet);
      else if (message.type === 'failed') reject(new Error(`the system did not start:\n${message.message}`));
      else if (message.type === 'sample') waiting.get(message.id)?.(message.sample);
      else if (message.type === 'snapshot') snapshots.shift()?.(message.path);
      else if (message.type === 'stopped') stopped();
    });
    child.once('exit', (code) =>
      reject(new Error(`the system process exited (code ${code}) before it was up`)),
    );
  });
  const send = (message: ToChild) => {
    if (child.connected) child.send(message);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    send({ type: 'stop' });
    const done = await Promise.race([exited.then(() => true), unrefSleep(30_000).then(() => false)]);
    await Promise.race([stoppedMessage, unrefSleep(100)]);
    if (!done) {
      // It did not stop in time: end it and what it started (anvil), by pid.
      for (const pid of [...descendantsOf(child.pid ?? 0), child.pid ?? 0]) killQuietly(pid);
      await exited;
    }
  };
  try {
    const devnet = await Promise.race([
      ready,
      unrefSleep(180_000).then(() => Promise.reject(new Error('the system did not start within 180 s'))),
    ]);
    return {
      child,
      devnet,
      stop,
      snapshot: (path) =>
        new Promise<string>((resolve) => {
          snapshots.push(resolve);
          send({ type: 'snapshot', path });
        }),
      sample: async (gc) => {
        const id = nextSample++;
        try {
          return await Promise.race([
            new Promise<SystemSample>((resolve) => {
              waiting.set(id, resolve);
              send({ type: 'sample', id, gc });
            }),
            unrefSleep(5_000).then(() => undefined),
          ]);
        } finally {
          waiting.delete(id);
        }
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function descendantsOf(pid: number): number[] {
  if (pid === 0) return [];
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line !== '')
    .map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

function killQuietly(pid: number): void {
  try {
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** VmRSS of a process from /proc, in bytes; undefined when unreadable (not Linux, or gone). */
function rssOf(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'));
    return line === undefined ? undefined : Number(line.replace(/\D+/g, '')) * 1024;
  } catch {
    return undefined;
  }
}

function filesIn(dir: string): { name: string; bytes: number }[] {
  return readdirSync(dir)
    .map((name) => ({ name, bytes: statSync(join(dir, name)).size }))
    .filter((file) => /\.sqlite/.test(file.name) || file.name === 'chain-state.json')
    .sort((a, b) => a.name.localeCompare(b.name));
}

// ---- the run ----

interface ErrorKind {
  count: number;
  sample: string;
}

interface MemoryPoint {
  seconds: number;
  sample: SystemSample;
}

async function main(): Promise<number> {
  const random = seededRandom(SEED);
  console.log(
    `soak: ${SECONDS} s, ${CONNECTIONS} connections, ${ACCOUNTS} accounts, seed ${SEED} ` +
      `(${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node})`,
  );
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-soak-'));
  const client = createClient({ maxSockets: CONNECTIONS, timeoutMs: 30_000 });
  let system: SystemProcess | undefined;
  let interrupted = false;
  let loadStarted = false;
  const onSignal = () => {
    if (interrupted || !loadStarted) {
      // Still setting up, or a second signal: stop the system and leave at once.
      console.log('\nsoak: interrupted, stopping the system');
      void (async () => {
        client.close();
        await system?.stop();
        await rm(dataDir, { recursive: true, force: true });
        process.exit(130);
      })();
      return;
    }
    interrupted = true;
    console.log('\nsoak: interrupted, stopping the load (again to stop at once)');
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const setupStarted = performance.now();
    system = await startSystem(dataDir);
    const { devnet } = system;
    console.log(
      `  system up in ${dataDir}: node ${devnet.urls.node}, names ${devnet.urls.names}, social ${devnet.urls.social}`,
    );
    const anvilPid = descendantsOf(system.child.pid ?? 0)[0];

    const accounts = await createAccounts(devnet, ACCOUNTS);
    const fids = accounts.map((account) => account.fid);
    console.log(
      `  ${accounts.length} accounts registered on chain (fids ${Math.min(...fids)} to ${Math.max(...fids)})`,
    );

    let interval = emptyStats();
    const total = emptyStats();
    const operations = new OperationCounts();
    const errorKinds = new Map<string, ErrorKind>();
    const record = (
      service: Service,
      operation: string,
      outcome: Outcome,
      answer: { status: number; body: string; ms: number },
    ) => {
      interval[service].record(outcome, answer.ms);
      operations.record(`${service} ${operation}`, outcome);
      if (outcome !== 'error') return;
      const code = /"(?:errCode|code)"\s*:\s*"([^"]+)"/.exec(answer.body)?.[1] ?? '';
      const key = `${service} ${operation} -> ${answer.status} ${code}`.trim();
      const kind = errorKinds.get(key);
      if (kind !== undefined) kind.count++;
      else {
        errorKinds.set(key, { count: 1, sample: answer.body.slice(0, 300) });
        console.log(`  ! new error: ${key}: ${answer.body.slice(0, 300)}`);
      }
    };
    const world = new World(client, devnet.urls, accounts, record, random);
    await waitUntilUsable(client, devnet.urls, accounts, world.tokens);
    await world.createChannels(4);
    console.log(
      `  ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s: ${world.namePairs.length} name pairs, ` +
        `${world.inviteSlots.length} invite channels, ${world.topicChannels.length} topic channels`,
    );

    // ---- load ----
    loadStarted = true;
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const elapsed = () => (performance.now() - started) / 1000;
    const memory: MemoryPoint[] = [];
    let exceptions = 0;
    const workers = Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline && !interrupted) {
        const operation = chooseOperation(random);
        try {
          await operation.run(world);
        } catch (error) {
          exceptions++;
          record(operation.service, `${operation.name} (exception)`, 'error', {
            status: -1,
            body: error instanceof Error ? error.message : String(error),
            ms: 0,
          });
        }
      }
    });
    let running = true;
    const allDone = Promise.all(workers).finally(() => (running = false));

    const columns: [string, number][] = [
      ['t(s)', 6],
      ['node/s', 9],
      ['p50', 7],
      ['p99', 7],
      ['names/s', 9],
      ['p50', 7],
      ['p99', 7],
      ['social/s', 9],
      ['p50', 7],
      ['p99', 7],
      ['err', 6],
      ['thr', 6],
      ['RSS MB', 9],
      ['heap MB', 9],
      ['live MB', 9],
      ['loop p99', 10],
      ['idx lag', 9],
    ];
    const line = (cells: readonly string[]) =>
      cells.map((cell, index) => cell.padStart(columns[index]?.[1] ?? cell.length)).join('');
    console.log(`\n${line(columns.map(([title]) => title))}   (latencies in ms)`);
    let nextReport = REPORT_SECONDS;
    let lastReport = 0;
    let loopP99 = 0;
    let nextGc = GC_SECONDS;
    let snapshotted = false;
    while (running) {
      await Promise.race([allDone, sleep(SAMPLE_SECONDS * 1000)]);
      if (args['heap-snapshots'] && !snapshotted && elapsed() >= SECONDS / 2) {
        snapshotted = true;
        console.log(`  heap snapshot: ${await system.snapshot(join(dataDir, 'half.heapsnapshot'))}`);
      }
      const gc = GC_SECONDS > 0 && elapsed() >= nextGc;
      if (gc) nextGc = elapsed() + GC_SECONDS;
      const sample = await system.sample(gc);
      const now = elapsed();
      if (sample !== undefined) {
        memory.push({ seconds: now, sample });
        loopP99 = Math.max(loopP99, sample.loopDelayP99Ms);
      }
      if (now + 1e-6 < nextReport && running) continue;
      const span = Math.max(0.001, now - lastReport);
      if (!running && span < 1) {
        // The last requests finishing after the final report: counted, too few for a line of their own.
        for (const service of SERVICES) total[service].add(interval[service]);
        break;
      }
      const lag = await indexerLag(client, devnet);
      const latest = memory.at(-1)?.sample;
      const live = memory.findLast((point) => point.sample.afterGc)?.sample;
      const cells = [
        now.toFixed(0),
        ...SERVICES.flatMap((service) => {
          const stats = interval[service];
          return [
            (stats.requests / span).toFixed(1),
            formatMs(stats.latency.percentile(0.5)),
            formatMs(stats.latency.percentile(0.99)),
          ];
        }),
        String(SERVICES.reduce((sum, service) => sum + interval[service].errors, 0)),
        String(SERVICES.reduce((sum, service) => sum + interval[service].throttled, 0)),
        latest === undefined ? '?' : (latest.rss / MB).toFixed(1),
        latest === undefined ? '?' : (latest.heapUsed / MB).toFixed(1),
        live === undefined ? '-' : (live.heapUsed / MB).toFixed(1),
        `${loopP99.toFixed(0)} ms`,
        lag,
      ];
      console.log(line(cells));
      for (const service of SERVICES) total[service].add(interval[service]);
      interval = emptyStats();
      lastReport = now;
      loopP99 = 0;
      nextReport = Math.max(nextReport + REPORT_SECONDS, now + 0.001);
    }
    const seconds = elapsed();
    if (args['heap-snapshots']) {
      console.log(`  heap snapshot: ${await system.snapshot(join(dataDir, 'end.heapsnapshot'))}`);
    }

    // ---- summary ----
    const files = filesIn(dataDir);
    const anvilRss = anvilPid === undefined ? undefined : rssOf(anvilPid);
    console.log(`\nsummary: ${seconds.toFixed(0)} s of load, ${CONNECTIONS} connections, seed ${SEED}\n`);
    console.log(summaryTable(total, seconds));
    console.log(`\nper operation:\n${operationTable(operations)}`);
    if (errorKinds.size > 0) {
      console.log('\nunexpected answers:');
      for (const [key, kind] of errorKinds) console.log(`  ${kind.count}x ${key}: ${kind.sample}`);
    }
    const verdict = memoryVerdict(memory, seconds);
    console.log(`\nmemory of the system process (RSS; heap used):\n${verdict.text}`);
    const cpuMs = memory.reduce((sum, point) => sum + point.sample.cpuMs, 0);
    console.log(
      `  CPU of the system process: ${((cpuMs / 1000 / seconds) * 100).toFixed(0)}% of one core on average`,
    );
    if (anvilRss !== undefined)
      console.log(`  anvil (separate process) RSS at the end: ${(anvilRss / MB).toFixed(1)} MB`);
    console.log(
      `\ndata files at the end: ${files.map((file) => `${file.name} ${(file.bytes / MB).toFixed(1)} MB`).join(', ')}`,
    );
    const errors = SERVICES.reduce((sum, service) => sum + total[service].errors, 0);
    const failures: string[] = [];
    if (verdict.grows) failures.push('RSS grows');
    if (errors > MAX_ERRORS) failures.push(`${errors} unexpected answers (${exceptions} exceptions)`);
    if (interrupted) failures.push('interrupted');
    console.log(`\nresult: ${failures.length === 0 ? 'PASS' : `FAIL (${failures.join('; ')})`}`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    client.close();
    await system?.stop();
    if (args['keep-data'] || args['heap-snapshots']) console.log(`data kept in ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

async function indexerLag(client: ReturnType<typeof createClient>, devnet: DevnetFile): Promise<string> {
  const answer = await client.request('GET', `${devnet.urls.social}/admin/indexer`, {
    token: devnet.adminToken,
  });
  if (answer.status !== 200) return `? (${answer.status})`;
  const { result } = JSON.parse(answer.body) as { result: { lagMs: number | null; failures: number } };
  return result.lagMs === null ? '-' : `${(result.lagMs / 1000).toFixed(1)} s`;
}

function summaryTable(total: StatsByService, seconds: number): string {
  const rows = [
    ['service', 'requests', 'req/s', 'ok', 'throttled', 'errors', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms'],
  ];
  const all = emptyStats().node;
  for (const service of SERVICES) {
    const stats = total[service];
    all.add(stats);
    rows.push(row(service, stats));
  }
  rows.push(row('all', all));
  return table(rows);

  function row(name: string, stats: StatsByService[Service]): string[] {
    return [
      name,
      String(stats.requests),
      (stats.requests / seconds).toFixed(1),
      String(stats.ok),
      String(stats.throttled),
      String(stats.errors),
      formatMs(stats.latency.percentile(0.5)),
      formatMs(stats.latency.percentile(0.9)),
      formatMs(stats.latency.percentile(0.99)),
      formatMs(stats.latency.max),
    ];
  }
}

function operationTable(operations: OperationCounts): string {
  return table([
    ['  operation', 'requests', 'throttled', 'errors'],
    ...operations
      .entries()
      .map(([name, counts]) => [
        `  ${name}`,
        String(counts.requests),
        String(counts.throttled),
        String(counts.errors),
      ]),
  ]);
}

/**
 * The memory verdict, from the second half of the run (the first half is warm-up: caches, JIT, SQLite pages
 * filling). Least-squares slopes in MB/min with 95% intervals, of RSS and of the live heap (heap used right
 * after a forced full GC):
 * - flat: the RSS slope is at most --max-growth;
 * - GROWS (exit 1): even the lower end of the RSS interval is above --max-growth, and either the live heap
 *   grows too (lower end above --max-heap-growth: JavaScript objects pile up) or the second half lasted at
 *   least NATIVE_VERDICT_SECONDS (so native memory had time to settle and still rises);
 * - otherwise inconclusive: RSS rises with a flat live heap over a short run, which warm-up of native memory
 *   (SQLite page caches, allocator arenas, V8 growing its spaces) looks like: run longer.
 */
function memoryVerdict(memory: readonly MemoryPoint[], seconds: number): { grows: boolean; text: string } {
  const secondHalf = memory.filter((point) => point.seconds >= seconds / 2);
  const fit = (points: readonly MemoryPoint[], pick: (sample: SystemSample) => number) =>
    fitLine(points.map((point) => ({ x: point.seconds / 60, y: pick(point.sample) / MB })));
  // A forced collection can hand memory back at once: RSS is read from the other samples.
  const plain = memory.filter((point) => !point.sample.afterGc);
  const rssPoints = secondHalf.filter((point) => !point.sample.afterGc);
  const livePoints = secondHalf.filter((point) => point.sample.afterGc);
  const rss = fit(rssPoints, (sample) => sample.rss);
  const heap = fit(rssPoints, (sample) => sample.heapUsed);
  const live = fit(livePoints, (sample) => sample.heapUsed);
  const values = plain.map((point) => point.sample.rss / MB);
  const liveValues = memory
    .filter((point) => point.sample.afterGc)
    .map((point) => point.sample.heapUsed / MB);
  const lines = [
    `  RSS: first sample ${values[0]?.toFixed(1)} MB, min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)}, ` +
      `last ${values.at(-1)?.toFixed(1)} MB (a sample every ${SAMPLE_SECONDS} s)`,
  ];
  if (liveValues.length > 0) {
    lines.push(
      `  live heap after a full GC (every ${GC_SECONDS} s): ${liveValues.map((value) => value.toFixed(0)).join(' ')} MB`,
    );
  }
  if (rss === undefined) {
    lines.push('  too few samples in the second half to fit');
    return { grows: false, text: lines.join('\n') };
  }
  const margin = slopeMargin(rssPoints, rss);
  const liveMargin = live === undefined ? Infinity : slopeMargin(livePoints, live);
  const liveGrows = live !== undefined && live.slope - liveMargin > MAX_HEAP_GROWTH;
  const settled = seconds / 2 >= NATIVE_VERDICT_SECONDS;
  const flat = rss.slope <= MAX_GROWTH;
  const grows = !flat && rss.slope - margin > MAX_GROWTH && (liveGrows || settled);
  lines.push(
    `  RSS slope over the second half: ${rss.slope.toFixed(2)} ± ${margin.toFixed(2)} MB/min ` +
      `(${rss.points} samples, residual ${rss.residual.toFixed(1)} MB; tolerance ${MAX_GROWTH} MB/min)`,
  );
  if (heap !== undefined) {
    lines.push(
      `  heap used slope over the second half: ${heap.slope.toFixed(2)} MB/min (residual ${heap.residual.toFixed(1)} MB)`,
    );
  }
  if (live !== undefined) {
    lines.push(
      `  live heap slope over the second half: ${live.slope.toFixed(2)} ± ${liveMargin.toFixed(2)} MB/min ` +
        `(${live.points} points; tolerance ${MAX_HEAP_GROWTH} MB/min)`,
    );
  }
  lines.push(
    `  verdict: ${
      flat
        ? 'flat'
        : grows
          ? `GROWS${liveGrows ? ' (the live heap grows with it)' : ''}`
          : rss.slope - margin > MAX_GROWTH
            ? 'inconclusive: RSS still rises while the live heap is flat, as native memory does while it ' +
              `warms up; run at least ${(2 * NATIVE_VERDICT_SECONDS) / 60} minutes to tell`
            : 'inconclusive: above the tolerance but within the noise; run longer'
    }`,
  );
  return { grows, text: lines.join('\n') };
}

/** Half-width of the slope's 95% interval (normal approximation; samples are not independent, so optimistic). */
function slopeMargin(points: readonly MemoryPoint[], fit: LinearFit): number {
  const xs = points.map((point) => point.seconds / 60);
  const meanX = xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const sxx = xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);
  return sxx === 0 ? Infinity : (1.96 * fit.residual) / Math.sqrt(sxx);
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return 2;
});
