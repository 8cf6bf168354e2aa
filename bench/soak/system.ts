/**
 * The system under soak, as its own process: exactly what `agora dev` runs (startDevSystem: anvil, names,
 * node, social in one process, SQLite under the data dir), on free ports. The parent talks to it over IPC:
 * it sends `{type: 'ready', devnet}` once up, answers `{type: 'sample'}` with this process's memory, CPU
 * and event-loop delay, and closes everything on `{type: 'stop'}` (or when the parent goes away).
 *
 * Usage (from bench/soak.ts): node --expose-gc --import tsx bench/soak/system.ts <data-dir>
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { pino } from 'pino';
import { startDevSystem, type DevSystem } from '../../src/cli/dev/start-dev.js';
import type { DevnetFile } from '../../src/cli/dev/devnet-file.js';

export interface SystemSample {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** CPU time (user + system) of this process since the previous sample, in ms. */
  cpuMs: number;
  /** Event-loop delay since the previous sample, ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Whether a full garbage collection ran just before (heapUsed is then the live heap). */
  afterGc: boolean;
}

export type ToParent =
  | { type: 'ready'; devnet: DevnetFile }
  | { type: 'sample'; id: number; sample: SystemSample }
  | { type: 'snapshot'; path: string }
  | { type: 'failed'; message: string }
  | { type: 'stopped' };

export type ToChild =
  { type: 'sample'; id: number; gc: boolean } | { type: 'snapshot'; path: string } | { type: 'stop' };

const send = (message: ToParent): void => {
  if (process.connected) process.send?.(message);
};

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (dataDir === undefined || process.send === undefined) {
    console.error(
      'usage: node --expose-gc --import tsx bench/soak/system.ts <data-dir> (with an IPC channel)',
    );
    process.exit(2);
  }
  const logger = pino({ level: 'warn' }, pino.destination(2));
  let system: DevSystem | undefined;
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      try {
        await system?.close();
      } finally {
        // Exit once the parent has the message; nothing of the system may outlive this process.
        if (process.connected) process.send?.({ type: 'stopped' } satisfies ToParent, () => process.exit(0));
        else process.exit(0);
      }
    })());

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpu = process.cpuUsage();
  process.on('message', (message: ToChild) => {
    if (message.type === 'sample') {
      // With --expose-gc: a full collection first, so heapUsed is what is still referenced.
      const gc = (globalThis as { gc?: () => void }).gc;
      const afterGc = message.gc && gc !== undefined;
      if (afterGc) gc();
      const memory = process.memoryUsage();
      const used = process.cpuUsage(cpu);
      cpu = process.cpuUsage();
      send({
        type: 'sample',
        id: message.id,
        sample: {
          rss: memory.rss,
          heapUsed: memory.heapUsed,
          heapTotal: memory.heapTotal,
          external: memory.external,
          arrayBuffers: memory.arrayBuffers,
          cpuMs: (used.user + used.system) / 1000,
          loopDelayP99Ms: loop.percentile(99) / 1e6,
          loopDelayMaxMs: loop.max / 1e6,
          afterGc,
        },
      });
      loop.reset();
    } else if (message.type === 'snapshot') {
      // For leak hunting (--heap-snapshots): blocks the loop for seconds while it writes.
      send({ type: 'snapshot', path: writeHeapSnapshot(message.path) });
    } else if (message.type === 'stop') {
      void stop();
    }
  });
  // The parent died or closed the channel: leave nothing behind (anvil is stopped by system.close()).
  process.on('disconnect', () => void stop());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop());

  try {
    system = await startDevSystem(
      {
        dataDir,
        fresh: true,
        network: 'devnet',
        host: '127.0.0.1',
        chainPort: 0,
        nodePort: 0,
        nodeGrpcPort: 0,
        namesPort: 0,
        socialPort: 0,
        logLevel: 'warn',
      },
      { logger, progress: () => undefined },
    );
  } catch (error) {
    send({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  }
  send({ type: 'ready', devnet: system.devnet });
}

await main();
