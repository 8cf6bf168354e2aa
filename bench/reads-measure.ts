// How bench/reads.ts measures a read against its floor, for any bench of HTTP reads: the load generator
// (reads-load.ts) in a process of its own, the server's CPU per request from process.cpuUsage (so the
// generator is not in it), and a bare Fastify route serving the read's own bytes as the floor.
import { fork } from 'node:child_process';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { LoadResult, LoadTask } from './reads-load.js';
import { profiled } from './reads-profile.js';

/** The load generator process; one task at a time. */
export interface LoadGenerator {
  run(task: LoadTask): Promise<LoadResult>;
  stop(): void;
}

export function startLoadGenerator(): LoadGenerator {
  const child = fork(new URL('./reads-load.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'] });
  return {
    run: (task) =>
      new Promise((resolve, reject) => {
        child.once('message', (answer: LoadResult | { error: string }) =>
          'error' in answer ? reject(new Error(answer.error)) : resolve(answer),
        );
        child.send(task);
      }),
    stop: () => child.disconnect(),
  };
}

export interface LoadOptions {
  connections: number;
  /** Of each measurement, after a warm-up of the same load. */
  seconds: number;
  warmUpSeconds: number;
  /** Measurements of the floor and of the read, in turn. */
  rounds: number;
  /** Where `--profile` writes a CPU profile of each read's last round (reads-profile.ts). */
  profileDir?: string | undefined;
}

export interface Measured {
  perSecond: number;
  /** Server process CPU (all its threads) per request, µs. */
  cpuMicros: number;
}

/** Requests to `origin`, each of `paths` in turn; every answer must be a 200. */
export interface Target {
  origin: string;
  paths: string[];
}

async function measure(load: LoadGenerator, target: Target, options: LoadOptions): Promise<Measured> {
  const task: LoadTask = { ...target, connections: options.connections, seconds: options.warmUpSeconds };
  await load.run(task);
  const before = process.cpuUsage();
  const result = await load.run({ ...task, seconds: options.seconds });
  const cpu = process.cpuUsage(before);
  if (result.other > 0) {
    throw new Error(`${target.origin}${target.paths[0]}: ${result.other} answers were not 200`);
  }
  return { perSecond: result.ok / result.seconds, cpuMicros: (cpu.user + cpu.system) / result.ok };
}

/**
 * The floor and the read in turn, `rounds` times, so that a change in the machine's load falls on both;
 * each keeps its fastest round.
 */
export async function compare(
  load: LoadGenerator,
  floorTarget: Target,
  read: Target & { name: string },
  options: LoadOptions,
): Promise<{ floor: Measured; agora: Measured }> {
  const faster = (a: Measured | undefined, b: Measured) =>
    a === undefined || b.perSecond > a.perSecond ? b : a;
  let floor: Measured | undefined;
  let agora: Measured | undefined;
  for (let round = 0; round < options.rounds; round++) {
    floor = faster(floor, await measure(load, floorTarget, options));
    const measured = () => measure(load, read, options);
    const last = round === options.rounds - 1;
    agora = faster(agora, await (last ? profiled(options.profileDir, read.name, measured) : measured()));
  }
  if (floor === undefined || agora === undefined) throw new Error('rounds must be at least 1');
  return { floor, agora };
}

/** One answer to the first of `target`'s paths: its bytes are what the floor serves. */
export async function sampleOf(target: Target): Promise<Buffer> {
  const url = new URL(target.paths[0] as string, target.origin);
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url.href}: ${response.status} ${body.toString()}`);
  return body;
}

/**
 * Bare Fastify, the floor: route `/bare/<i>` answers with `samples[i]` as it is, so each read is compared
 * with sending a body of its own size.
 */
export async function startBare(samples: Buffer[]): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  samples.forEach((sample, i) => {
    app.get(`/bare/${i}`, (_request, reply) => reply.type('application/json; charset=utf-8').send(sample));
  });
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}
