// How long `agora dev` takes to be ready, as a user starts it (`npm start` runs `node bin/agora.js dev`):
// a new process on a fresh data dir, timed from spawn until every port answers (anvil's eth_chainId, each
// HTTP service's /_status, a TCP connect to gRPC). Where the time goes comes from the process's own output,
// timestamped here as each line arrives: its first line (the CLI loaded through tsx), each "up" line, and
// at --log-level debug the services' and anvil's own lines.
// Usage: npx tsx bench/start.ts [--runs 5] [--restart] [--verbose] [--bin <path to bin/agora.js>]
//   --restart  also time a second start on the same data dir (chain state and migrations already there)
//   --bin      another checkout's CLI (e.g. an older commit, for a before/after in the same conditions)
// A first untimed run of the CLI brings its build (.agora-build/, bin/compiled.js) up to date with src/; a
// timed run during which the build changed anyway (src/ edited meanwhile) is marked, as it timed a rebuild.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from '../test/support/free-port.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    restart: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    bin: { type: 'string' },
  },
});
const RUNS = Number(values.runs);
const BIN = values.bin ?? fileURLToPath(new URL('../bin/agora.js', import.meta.url));
const POLL_MS = 10;
/** Written by bin/compiled.js at each build of the CLI. */
const BUILD_STAMP = join(dirname(BIN), '..', '.agora-build', 'fingerprint');

interface Ports {
  chain: number;
  node: number;
  grpc: number;
  names: number;
  social: number;
}

interface Run {
  readyMs: number;
  /** CPU time (user + system) of the agora process until ready: less sensitive to a busy machine. */
  cpuMs: number;
  /** Each output line of the process and when it arrived (ms from spawn). */
  lines: { ms: number; text: string }[];
  /** When each port first answered. */
  answered: Record<keyof Ports, number>;
  /** The CLI's build changed during the run: it timed a rebuild too. */
  rebuilt: boolean;
}

/** When the CLI's build was last written (0: none). */
function buildTime(): number {
  try {
    return statSync(BUILD_STAMP).mtimeMs;
  } catch {
    return 0;
  }
}

function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

async function answers(name: keyof Ports, port: number): Promise<boolean> {
  const url = `http://127.0.0.1:${port}`;
  try {
    if (name === 'grpc') {
      return await new Promise((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
    }
    if (name === 'chain') {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      return response.ok;
    }
    const response = await fetch(`${url}/_status`);
    await response.arrayBuffer();
    return response.status < 500;
  } catch {
    return false;
  }
}

/** utime + stime of a Linux process, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(dataDir: string): Promise<Run> {
  const ports: Ports = {
    chain: await freePort(),
    node: await freePort(),
    grpc: await freePort(),
    names: await freePort(),
    social: await freePort(),
  };
  const builtAt = buildTime();
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const child = spawn(
    process.execPath,
    [
      BIN,
      'dev',
      ...['--data-dir', dataDir, '--log-level', 'debug', '--log-format', 'pretty'],
      ...['--chain-port', String(ports.chain), '--node-port', String(ports.node)],
      ...['--node-grpc-port', String(ports.grpc), '--names-port', String(ports.names)],
      ...['--social-port', String(ports.social)],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
  );
  const lines: Run['lines'] = [];
  const collect = (chunk: Buffer) => {
    for (const text of chunk.toString().split('\n'))
      if (text.trim() !== '') lines.push({ ms: since(), text });
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  child.once('exit', () => (exited = true));

  const answered: Partial<Record<keyof Ports, number>> = {};
  const pending = new Set(Object.keys(ports) as (keyof Ports)[]);
  while (pending.size > 0) {
    if (exited)
      throw new Error(`agora dev exited before it was ready:\n${lines.map((l) => l.text).join('\n')}`);
    if (since() > 60_000) throw new Error('agora dev not ready within 60 s');
    await Promise.all(
      [...pending].map(async (name) => {
        if (await answers(name, ports[name])) {
          answered[name] = since();
          pending.delete(name);
        }
      }),
    );
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  const readyMs = since();
  const cpuMs = cpuMsOf(child.pid!);
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await stopped;
  return { readyMs, cpuMs, lines, answered: answered as Run['answered'], rebuilt: buildTime() !== builtAt };
}

/** The lines that say where the time went; all of them with --verbose. */
function milestones(run: Run): string[] {
  const wanted = /^agora dev|\bup\b|devnet ready|migrat|listening|ready/i;
  return run.lines
    .filter((line) => values.verbose || wanted.test(line.text))
    .map((line) => `  ${String(line.ms).padStart(6)} ms  ${line.text.slice(0, 150)}`);
}

function report(label: string, runs: Run[]): void {
  const best = runs.reduce((a, b) => (b.readyMs < a.readyMs ? b : a));
  const sorted = runs.map((run) => run.readyMs).sort((a, b) => a - b);
  console.log(`\n${label}: best ${best.readyMs} ms, median ${sorted[Math.floor(sorted.length / 2)]} ms`);
  console.log(`  runs (ms): ${runs.map((run) => `${run.readyMs}${run.rebuilt ? '*' : ''}`).join(', ')}`);
  if (runs.some((run) => run.rebuilt)) console.log('  * the CLI was rebuilt during this run (src/ changed)');
  const cpu = runs.map((run) => run.cpuMs).sort((a, b) => a - b);
  console.log(`  CPU of the agora process until ready (ms): best ${cpu[0]}, all ${cpu.join(', ')}`);
  console.log(
    `  answered (best run): ${Object.entries(best.answered)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(', ')}`,
  );
  console.log('  where the time went (best run, ms from spawn):');
  for (const line of milestones(best)) console.log(line);
}

console.log(`${BIN} dev, ${RUNS} runs, Node ${process.version}, load average ${loadAverage()}`);
const warmUp = performance.now();
spawnSync(process.execPath, [BIN, 'help'], { stdio: 'ignore' });
console.log(`warm-up (the CLI's build brought up to date): ${Math.round(performance.now() - warmUp)} ms`);
const fresh: Run[] = [];
const restart: Run[] = [];
for (let i = 0; i < RUNS; i++) {
  const dataDir = await mkdtemp(join(tmpdir(), 'agora-bench-start-'));
  try {
    fresh.push(await startOnce(dataDir));
    if (values.restart) restart.push(await startOnce(dataDir));
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
report('fresh data dir', fresh);
if (values.restart) report('restart (same data dir)', restart);
console.log(`\nNode ${process.version}, load average (1, 5, 15 min) at the end: ${loadAverage()}`);
