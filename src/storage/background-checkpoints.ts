import type BetterSqlite3 from 'better-sqlite3';
import { startModuleWorker } from '../shared/module-worker.js';
import type { CheckpointWorkerData } from './checkpoint-worker.js';

const WORKER_MODULE = new URL('./checkpoint-worker.js', import.meta.url);

/**
 * The writer's own checkpoint threshold (SQLite's default is 1,000 pages): with the copying done in the
 * background, the writer's checkpoints are mostly its two syncs, so it runs them four times less often;
 * the WAL stays under about 16 MB plus what a checkpoint in progress lets it grow.
 */
const WRITER_CHECKPOINT_PAGES = 4000;

export interface BackgroundCheckpoints {
  /** Stops the worker and closes its connection; call before closing the database. */
  stop(): Promise<void>;
}

/**
 * Takes most of a WAL database's checkpoint work out of its commits. By default the commit that takes the
 * WAL past 1,000 pages copies them into the database file and syncs both files, on the committing thread:
 * for the node, several milliseconds in which no request is served. Here a worker thread with its own
 * connection runs passive checkpoints while the WAL grows, which copy and sync what is committed without
 * blocking the writer. The writer keeps a checkpoint of its own (WRITER_CHECKPOINT_PAGES), which finds
 * little left to copy: only a checkpoint that ends between two commits lets the next commit start the WAL
 * over, and under steady writes only the writer's own does.
 */
export function startBackgroundCheckpoints(
  writer: BetterSqlite3.Database,
  file: string,
  busyTimeoutMs: number,
): BackgroundCheckpoints {
  writer.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  const data: CheckpointWorkerData = { file, busyTimeoutMs };
  const worker = startModuleWorker(WORKER_MODULE, data);
  // Unreferenced so it never keeps the process alive.
  worker.unref();
  // A worker that fails leaves the writer checkpointing on its own, if at a larger WAL.
  worker.on('error', () => undefined);
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // While stopping, the exit is awaited, so the worker must keep the process alive until then.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
