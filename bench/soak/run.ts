/**
 * One soak run: deploy the system, make the accounts, set up every load module, run the workers for the
 * set time while sampling every process, then let the modules check the run, and print the report. The
 * load generator runs in this process and the system in child processes, so the memory measured is the
 * system's alone.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededRandom } from '../../src/shared/seeded-random.js';
import { deploy, type Deployment } from './deployments.js';
import { createClient, type Answer, type Client } from '../../test/support/soak/http.js';
import { LOADS } from './loads/index.js';
import type { Load, Operation } from '../../test/support/soak/loads/load.js';
import { memoryVerdict, type MemoryPoint } from '../../test/support/soak/memory.js';
import type { SoakOptions } from './options.js';
import { rssOf } from './processes.js';
import { intervalHeader, intervalLine, operationTable, summaryTable } from './report.js';
import { createAccounts, waitUntilUsable } from '../../test/support/soak/setup.js';
import { emptyStats, MB, OperationCounts, SERVICES, type Service } from '../../test/support/soak/stats.js';
import { failuresOf, resultLine, type UnexpectedKind } from '../../test/support/soak/verdict.js';
import { World } from '../../test/support/soak/world.js';

/** Runs the soak; resolves to the exit code (0 pass, 1 fail). Setup failures reject. */
export async function runSoak(options: SoakOptions, interrupted: () => boolean): Promise<number> {
  console.log(
    `soak (${options.mode}): ${options.seconds} s, ${options.connections} connections, ${options.accounts} accounts, ` +
      `seed ${options.seed}${options.breaks.size > 0 ? `, breaking ${[...options.breaks].join(', ')}` : ''} ` +
      `(${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}, ` +
      `load average ${loadAverage()})`,
  );
  const setupStarted = performance.now();
  const deployment = await deploy(options.mode, options);
  const client = createClient({ maxSockets: options.connections, timeoutMs: 30_000 });
  const loads: Load[] = [];
  let world: World | undefined;
  try {
    const { urls } = deployment;
    const since = () => `${((performance.now() - setupStarted) / 1000).toFixed(1)} s`;
    console.log(
      `  up in ${since()}: nodes ${urls.nodes.join(', ')} (gRPC ${urls.grpc.join(', ')}), names ${urls.names}, ` +
        `social ${urls.social}`,
    );
    const accounts = await createAccounts(deployment.chain, options.accounts);
    const run = new Recording();
    world = new World({
      client,
      urls,
      accounts,
      record: (service, operation, ok, answer) => run.record(service, operation, ok, answer),
      random: seededRandom(options.seed),
      runMs: options.seconds * 1000,
      breaks: options.breaks,
    });
    await waitUntilUsable(world);
    for (const module of LOADS) loads.push(await module(world));
    const operations = loads.flatMap((load) => load.operations);
    const fids = accounts.map((account) => account.fid);
    console.log(
      `  ${accounts.length} accounts (fids ${Math.min(...fids)} to ${Math.max(...fids)}), ${loads.length} load modules, ` +
        `ready in ${since()}`,
    );
    const { seconds, memory } = await drive(options, deployment, world, operations, run, interrupted);
    return await report(options, deployment, loads, run, seconds, memory, interrupted());
  } finally {
    for (const load of loads) load.close?.();
    world?.close();
    client.close();
    await deployment.stop(options.keepData || options.heapSnapshots);
  }
}

/** The machine's 1, 5 and 15-minute load averages: the soak shares the cores with whatever else runs. */
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

/** What the run recorded: per-service stats (this interval and in all), per-operation counts, the unexpected. */
class Recording {
  interval = emptyStats();
  readonly total = emptyStats();
  readonly operations = new OperationCounts();
  readonly unexpected = new Map<string, UnexpectedKind>();
  exceptions = 0;

  record(service: Service, operation: string, ok: boolean, answer: Answer): void {
    this.interval[service].record(ok, answer.ms);
    this.operations.record(`${service} ${operation}`, ok);
    if (ok) return;
    const code = /"(?:errCode|code)"\s*:\s*"([^"]+)"/.exec(answer.body)?.[1] ?? '';
    const key = `${service} ${operation} -> ${answer.status} ${code}`.trim();
    const kind = this.unexpected.get(key);
    if (kind !== undefined) kind.count++;
    else {
      const sample = answer.body.slice(0, 300);
      this.unexpected.set(key, { key, count: 1, sample });
      console.log(`  ! unexpected answer: ${key}: ${sample}`);
    }
  }

  /** Requests answered so far. */
  requests(): number {
    return SERVICES.reduce(
      (sum, service) => sum + this.total[service].requests + this.interval[service].requests,
      0,
    );
  }

  /** Closes the interval into the total. */
  roll(): void {
    for (const service of SERVICES) this.total[service].add(this.interval[service]);
    this.interval = emptyStats();
  }
}

function chooser(operations: readonly Operation[], random: () => number): () => Operation {
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  return () => {
    let roll = random() * total;
    for (const operation of operations) {
      roll -= operation.weight;
      if (roll < 0) return operation;
    }
    return operations.at(-1) as Operation;
  };
}

/** The load itself: workers until the deadline, and a sample of every process every --sample-seconds. */
async function drive(
  options: SoakOptions,
  deployment: Deployment,
  world: World,
  operations: readonly Operation[],
  run: Recording,
  interrupted: () => boolean,
): Promise<{ seconds: number; memory: MemoryPoint[][] }> {
  const { processes } = deployment;
  const choose = chooser(operations, world.random);
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const elapsed = () => (performance.now() - started) / 1000;
  const workers = Array.from({ length: options.connections }, async () => {
    while (performance.now() < deadline && !interrupted()) {
      const operation = choose();
      try {
        await operation.run();
      } catch (error) {
        run.exceptions++;
        run.record(operation.service, `${operation.name} (exception)`, false, {
          status: -1,
          body: error instanceof Error ? (error.stack ?? error.message) : String(error),
          ms: 0,
        });
      }
    }
  });
  let running = true;
  const allDone = Promise.all(workers).finally(() => (running = false));

  const memory: MemoryPoint[][] = processes.map(() => []);
  console.log(`\n${intervalHeader(processes.map((p) => p.label))}`);
  let nextReport = options.reportSeconds;
  let lastReport = 0;
  let loopP99 = 0;
  let nextGc = options.gcSeconds;
  let snapshotted = false;
  while (running) {
    await Promise.race([allDone, sleep(options.sampleSeconds * 1000)]);
    if (options.heapSnapshots && !snapshotted && elapsed() >= options.seconds / 2) {
      snapshotted = true;
      await snapshots(deployment, 'half');
    }
    const gc = options.gcSeconds > 0 && elapsed() >= nextGc;
    if (gc) nextGc = elapsed() + options.gcSeconds;
    const samples = await Promise.all(processes.map((p) => p.sample(gc)));
    const now = elapsed();
    samples.forEach((sample, index) => {
      if (sample === undefined) return;
      memory[index]?.push({ seconds: now, requests: run.requests(), sample });
      loopP99 = Math.max(loopP99, sample.loopDelayP99Ms);
    });
    if (now + 1e-6 < nextReport && running) continue;
    const span = Math.max(0.001, now - lastReport);
    // The last requests finishing after the final report: counted, too few for a line of their own.
    if (!running && span < 1) break;
    console.log(
      intervalLine({
        seconds: now,
        span,
        interval: run.interval,
        memory: memory.map((points) => ({
          latest: points.at(-1)?.sample,
          live: points.findLast((point) => point.sample.afterGc)?.sample,
        })),
        loopP99Ms: loopP99,
        indexerLag: await indexerLag(world.client, deployment),
      }),
    );
    run.roll();
    lastReport = now;
    loopP99 = 0;
    nextReport = Math.max(nextReport + options.reportSeconds, now + 0.001);
  }
  run.roll();
  const seconds = elapsed();
  if (options.heapSnapshots) await snapshots(deployment, 'end');
  return { seconds, memory };
}

async function snapshots(deployment: Deployment, when: string): Promise<void> {
  for (const process of deployment.processes) {
    const path = join(deployment.dataDir, `${process.label}-${when}.heapsnapshot`);
    console.log(`  heap snapshot: ${await process.snapshot(path)}`);
  }
}

async function indexerLag(client: Client, deployment: Deployment): Promise<string> {
  const answer = await client.request('GET', `${deployment.urls.social}/admin/indexer`, {
    token: deployment.adminToken,
  });
  if (answer.status !== 200) return `? (${answer.status})`;
  const { result } = JSON.parse(answer.body) as { result: { lagMs: number | null } };
  return result.lagMs === null ? '-' : `${(result.lagMs / 1000).toFixed(1)} s`;
}

async function report(
  options: SoakOptions,
  deployment: Deployment,
  loads: readonly Load[],
  run: Recording,
  seconds: number,
  memory: readonly MemoryPoint[][],
  interrupted: boolean,
): Promise<number> {
  const checks = await Promise.all(loads.map((load) => load.finish?.() ?? { summary: [], failures: [] }));
  const anvilRss = deployment.anvilPid === undefined ? undefined : rssOf(deployment.anvilPid);
  console.log(
    `\nsummary (${options.mode}): ${seconds.toFixed(0)} s of load, ${options.connections} connections, ` +
      `${options.accounts} accounts, seed ${options.seed}; load average ${loadAverage()} at the end\n`,
  );
  console.log(summaryTable(run.total, seconds));
  console.log(`\nper operation:\n${operationTable(run.operations)}`);
  if (run.unexpected.size > 0) {
    console.log('\nunexpected answers:');
    for (const kind of run.unexpected.values()) console.log(`  ${kind.count}x ${kind.key}: ${kind.sample}`);
  }
  console.log('');
  for (const line of checks.flatMap((check) => check.summary)) console.log(line);
  console.log('\nmemory (RSS and live heap of each process, slopes over the second half):');
  const verdicts = deployment.processes.map((process, index) => {
    const verdict = memoryVerdict(memory[index] ?? [], seconds, options);
    const cpuMs = (memory[index] ?? []).reduce((sum, point) => sum + point.sample.cpuMs, 0);
    console.log(`  ${process.label} (CPU ${((cpuMs / 1000 / seconds) * 100).toFixed(0)}% of one core):`);
    console.log(verdict.text);
    return { label: process.label, grows: verdict.grows };
  });
  if (anvilRss !== undefined)
    console.log(`  anvil (separate process) RSS at the end: ${(anvilRss / MB).toFixed(1)} MB`);
  console.log(`\ndata at the end: ${await deployment.describeData()}`);
  const failures = failuresOf({
    unexpected: [...run.unexpected.values()],
    exceptions: run.exceptions,
    maxErrors: options.maxErrors,
    memory: verdicts,
    checks: checks.flatMap((check) => check.failures),
    interrupted,
  });
  console.log(`\n${resultLine(failures)}`);
  return failures.length === 0 ? 0 : 1;
}
