/**
 * The soaked processes as the soak sees them: each `agora <command>` runs in a child process of its own
 * (agora-process.ts) that the soak samples over IPC; anvil, started by other means, is measured from /proc.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { SystemSample, ToChild, ToParent } from '../../test/support/soak/sampler.js';

export interface SoakProcess {
  /** What it runs, e.g. `node (API only)`. */
  label: string;
  pid: number;
  /** Memory, CPU and loop delay; undefined when it did not answer within 5 s. */
  sample(gc: boolean): Promise<SystemSample | undefined>;
  /** Writes its heap to `path` (kept for leak hunting); resolves to the path written. */
  snapshot(path: string): Promise<string>;
  /** SIGTERM, the clean stop; SIGKILL for it and what it started after 30 s. */
  stop(): Promise<void>;
}

/** A wait that does not keep the process alive (for the losing side of a race). */
const unrefSleep = (ms: number) => sleep(ms, undefined, { ref: false });

const ENTRY = fileURLToPath(new URL('./agora-process.ts', import.meta.url));
const START_TIMEOUT_MS = 180_000;

/**
 * Starts `agora <args>` and resolves once it is up. The environment is this one without the variables the
 * services' configuration reads (AGORA_*, DATABASE_URL, RPC_AUTH), so only the flags configure them.
 */
export async function startAgora(label: string, args: readonly string[]): Promise<SoakProcess> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(AGORA_|DATABASE_URL$|RPC_AUTH$)/.test(name)),
  );
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', ENTRY, label, ...args], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env,
  });
  const pid = child.pid ?? 0;
  /** Sample requests by id: a late answer to one that timed out is dropped, never given to the next. */
  const waiting = new Map<number, (sample: SystemSample) => void>();
  const snapshots: ((path: string) => void)[] = [];
  let nextSample = 0;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (message: ToParent) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'sample') waiting.get(message.id)?.(message.sample);
      else snapshots.shift()?.(message.path);
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${label} exited (${signal ?? code}) before it was up`)),
    );
  });
  const send = (message: ToChild) => {
    if (child.connected) child.send(message);
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    if (await Promise.race([exited.then(() => true), unrefSleep(30_000).then(() => false)])) return;
    // It did not stop in time: end it and what it started (anvil), by pid.
    for (const id of [...descendantsOf(pid), pid]) killQuietly(id);
    await exited;
  };
  try {
    await Promise.race([
      ready,
      unrefSleep(START_TIMEOUT_MS).then(() =>
        Promise.reject(new Error(`${label} was not up within ${START_TIMEOUT_MS / 1000} s`)),
      ),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    label,
    pid,
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
}

export function descendantsOf(pid: number): number[] {
  if (pid === 0) return [];
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line !== '')
    .map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

export function killQuietly(pid: number): void {
  try {
    if (pid > 0) process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** VmRSS of a process from /proc, in bytes; undefined when unreadable (not Linux, or gone). */
export function rssOf(pid: number): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((text) => text.startsWith('VmRSS:'));
    return line === undefined ? undefined : Number(line.replace(/\D+/g, '')) * 1024;
  } catch {
    return undefined;
  }
}
