// `--profile <dir>` of bench/reads.ts: a V8 CPU profile of the server process while it serves one read,
// taken with the inspector in-process (so seeding and the other reads stay out of it), for DevTools or
// any .cpuprofile viewer.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/** Runs `work`, profiling it into `<dir>/<name>.cpuprofile` when `dir` is given. */
export async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (dir === undefined) return work();
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    const result = await work();
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
    return result;
  } finally {
    session.disconnect();
  }
}
