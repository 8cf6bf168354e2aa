/** The background checkpointer's thread (see background-checkpoints.ts). */
import BetterSqlite3 from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';

export interface CheckpointWorkerData {
  file: string;
  busyTimeoutMs: number;
}

/** Between checkpoints: soon while the WAL keeps changing, backing off to the longest when it does not. */
const SHORTEST_WAIT_MS = 10;
const LONGEST_WAIT_MS = 1000;

interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

const { file, busyTimeoutMs } = workerData as CheckpointWorkerData;
const db = new BetterSqlite3(file, { timeout: busyTimeoutMs });
let timer: NodeJS.Timeout | undefined;
let wait = SHORTEST_WAIT_MS;
let last = '';

const checkpoint = () => {
  // PASSIVE never waits for the writer: it copies what is committed and leaves the rest for next time.
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[];
  const state = `${result?.log}:${result?.checkpointed}`;
  wait = state === last ? Math.min(2 * wait, LONGEST_WAIT_MS) : SHORTEST_WAIT_MS;
  last = state;
  timer = setTimeout(checkpoint, wait);
};

parentPort?.once('message', () => {
  // Asked to stop: close this connection first, so the writer's own close is the last and tidies the WAL.
  clearTimeout(timer);
  db.close();
  parentPort?.close();
});
checkpoint();
