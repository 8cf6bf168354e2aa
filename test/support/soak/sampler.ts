/**
 * The measuring end of a soaked process: answers the soak's IPC requests with this process's memory, CPU
 * and event-loop delay (after a forced full GC when asked, so heapUsed is the live heap; needs
 * --expose-gc), and writes heap snapshots for leak hunting.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';

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
  | { type: 'ready' }
  | { type: 'sample'; id: number; sample: SystemSample }
  | { type: 'snapshot'; path: string };

export type ToChild = { type: 'sample'; id: number; gc: boolean } | { type: 'snapshot'; path: string };

export function send(message: ToParent): void {
  if (process.connected) process.send?.(message);
}

export function answerSamples(): void {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let cpu = process.cpuUsage();
  process.on('message', (message: ToChild) => {
    if (message.type === 'snapshot') {
      // Blocks the loop for seconds while it writes.
      send({ type: 'snapshot', path: writeHeapSnapshot(message.path) });
      return;
    }
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
  });
}
