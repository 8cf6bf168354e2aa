// This process's threads as Linux's /proc shows them: the signature workers set their own nice value, and
// tests and benchmarks read every thread's priority and CPU time. Elsewhere there is no /proc.
import { existsSync, readFileSync, readdirSync, readlinkSync } from 'node:fs';

export interface ThreadStat {
  /** User plus system time so far. */
  cpuMs: number;
  nice: number;
  /**
   * The thread's name (its `comm`): from Node.js 22 on `MainThread`, `libuv-worker` (the thread pool: file
   * syncs, DNS, zlib), `V8Worker` (garbage collection and compiling) and a worker's `name`; all `node` before.
   */
  name: string;
}

/** Clock ticks per second of /proc's times (USER_HZ, 100 on Linux whatever the kernel's own rate). */
const TICK_MS = 10;

/** Every thread of this process by id; empty where /proc is missing. */
export function threadStats(): Map<number, ThreadStat> {
  if (!existsSync('/proc/self/task')) return new Map();
  return new Map(
    readdirSync('/proc/self/task').flatMap((tid): [number, ThreadStat][] => {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
        // Fields after the command name, which is in parentheses and may hold spaces: utime is 14th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const ticks = Number(fields[11]) + Number(fields[12]);
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return [[Number(tid), { cpuMs: ticks * TICK_MS, nice: Number(fields[16]), name }]];
      } catch {
        return []; // The thread ended while being read.
      }
    }),
  );
}

/** The calling thread's id (a worker's own, which its nice value belongs to); undefined without /proc. */
export function currentThreadId(): number | undefined {
  return existsSync('/proc/thread-self')
    ? Number(readlinkSync('/proc/thread-self').split('/').pop())
    : undefined;
}
