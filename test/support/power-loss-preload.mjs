/**
 * Loaded with `--import` into a service process under a power-loss crash test (power-loss.ts).
 *
 * Before each `FileHandle.datasync` (Agora's WAL sync, wal-sync.ts) it reads the WAL index header of that
 * WAL: the salts (which WAL generation) and the last committed frame; once the sync returns it appends
 * them to POWER_LOSS_LOG: frames a power loss can no longer take.
 *
 * On SIGUSR2 it opens a read transaction on POWER_LOSS_DATABASE and keeps it: checkpoints then copy (and
 * so sync) no frame committed after it, which would save commits Agora's sync had not yet. From then on the
 * next sync kills the process, after a while, instead of syncing: the kill comes between a commit and its
 * sync.
 */
import { Buffer } from 'node:buffer';
import { appendFileSync, closeSync, openSync, readlinkSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * walformat.html §2.1: in the index header, mxFrame at 16 (machine byte order) and at 32 the salts as
 * the WAL header has them.
 */
const HEADER_BYTES = 48;
/** How long the sync the kill comes in takes first. */
const SLOW_SYNC_MS = 50;

const log = process.env.POWER_LOSS_LOG;
const database = process.env.POWER_LOSS_DATABASE;
if (log !== undefined && log !== '' && database !== undefined) {
  const probe = await open(process.execPath, 'r');
  const fileHandle = Object.getPrototypeOf(probe);
  await probe.close();
  const datasync = fileHandle.datasync;
  let striking = false;
  // Loaded now, so the signal arms the kill at once, before the commits in flight.
  const { default: Sqlite } = await import('better-sqlite3');
  process.on('SIGUSR2', () => {
    const reader = new Sqlite(database, { readonly: true });
    reader.prepare('BEGIN').run();
    reader.prepare('SELECT count(*) FROM sqlite_master').get();
    striking = true;
  });
  fileHandle.datasync = async function synced() {
    if (striking) {
      // A slow disk: whatever answers the process sends meanwhile, it sends before this sync returns.
      await sleep(SLOW_SYNC_MS);
      process.kill(process.pid, 'SIGKILL');
    }
    const wal = readlinkSync(`/proc/self/fd/${this.fd}`);
    const header = Buffer.alloc(HEADER_BYTES);
    const fd = openSync(wal.replace(/-wal$/, '-shm'), 'r');
    try {
      readSync(fd, header, 0, HEADER_BYTES, 0);
    } finally {
      closeSync(fd);
    }
    const mark = `${header.subarray(32, 40).toString('hex')}:${header.readUInt32LE(16)}`;
    await datasync.call(this);
    appendFileSync(log, `${mark}\n`);
  };
}
