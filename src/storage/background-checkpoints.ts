import type BetterSqlite3 from 'better-sqlite3';
import { startModuleWorker } from '../shared/module-worker.js';
import type { CheckpointWorkerData } from './checkpoint-worker.js';

const WORKER_MODULE = new URL('./checkpoint-worker.js', import.meta.url);

export interface BackgroundCheckpoints {
  /** Stops the worker and closes its connection; call before closing the database. */
  stop(): Promise<void>;
}

/**
 * Moves a WAL database's checkpoints out of its commits. By default the commit that takes the WAL past
 * 1,000 pages copies them into the database file and syncs it, on the committing thread, which holds up
 * every request behind it for several milliseconds. Here the writer never checkpoints; a worker thread
 * with its own connection runs passive checkpoints, which copy what is committed without blocking the
 * writer. If the worker dies, the writer checkpoints for itself again.
 */
export function startBackgroundCheckpoints(
  db: BetterSqlite3.Database,
  file: string,
  busyTimeoutMs: number,
): BackgroundCheckpoints {
  const own = db.pragma('wal_autocheckpoint', { simple: true }) as number;
  db.pragma('wal_autocheckpoint = 0');
  const data: CheckpointWorkerData = { file, busyTimeoutMs };
  const worker = startModuleWorker(WORKER_MODULE, data);
  worker.unref();
  let stopping = false;
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const fallBack = () => {
    if (!stopping && db.open) db.pragma(`wal_autocheckpoint = ${own}`);
  };
  worker.on('error', fallBack);
  worker.on('exit', fallBack);
  return {
    async stop() {
      if (stopping) return;
      stopping = true;
      // Unreferenced so it never keeps the process alive; while stopping, its exit is awaited.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
