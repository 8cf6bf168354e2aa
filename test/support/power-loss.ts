/**
 * A power loss, as a crash test can stage one for a SQLite service: the process is killed between a commit
 * and its WAL sync, with checkpoints held back from syncing that commit meanwhile (power-loss-preload.mjs),
 * and its WAL is cut back to what was on disk. On disk are the
 * frames of the WAL's current generation that Agora's last sync covered (the preload's log) or that SQLite's
 * own checkpoints synced before copying them (the WAL index's nBackfillAttempted), whichever is more;
 * later frames sat in the page cache, which a power loss drops. The database file is left as it is: SQLite
 * copies into it only frames it synced in the WAL first.
 */
import { existsSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PRELOAD = fileURLToPath(new URL('./power-loss-preload.mjs', import.meta.url));

/** walformat.html: the WAL header (big-endian) and frame header sizes; the index's checkpoint info. */
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const MAX_FRAME_OFFSET = 16;
const INDEX_SALTS_OFFSET = 32;
const BACKFILL_ATTEMPTED_OFFSET = 128;

export interface PowerLoss {
  /** The preload and its log, for the service's process. */
  execArgv: string[];
  env: Record<string, string>;
  /** Makes the process kill itself at its next WAL sync; resolves once it is gone. */
  strike(pid: number, exited: () => Promise<void>): Promise<void>;
  /** After the kill: cuts the WAL back to what was on disk; its frames then and now, for the record. */
  dropUnsynced(): { committed: number; kept: number };
}

export function powerLoss(dataDir: string, service: string): PowerLoss {
  const log = join(dataDir, 'power-loss-syncs.log');
  const wal = join(dataDir, `${service}.sqlite-wal`);
  const shm = join(dataDir, `${service}.sqlite-shm`);
  return {
    execArgv: ['--import', PRELOAD],
    env: { POWER_LOSS_LOG: log, POWER_LOSS_DATABASE: join(dataDir, `${service}.sqlite`) },
    async strike(pid, exited) {
      process.kill(pid, 'SIGUSR2');
      await exited();
    },
    dropUnsynced() {
      const bytes = readFileSync(wal);
      const salts = bytes.subarray(16, 24).toString('hex');
      const pageSize = bytes.readUInt32BE(8);
      const synced = existsSync(log)
        ? readFileSync(log, 'utf8')
            .trim()
            .split('\n')
            .filter((line) => line.startsWith(`${salts}:`))
            .map((line) => Number(line.slice(salts.length + 1)))
        : [];
      const index = walIndex(shm, salts);
      const kept = Math.max(0, ...synced, index.checkpointed);
      const keptBytes = kept === 0 ? 0 : WAL_HEADER_BYTES + kept * (FRAME_HEADER_BYTES + pageSize);
      truncateSync(wal, Math.min(keptBytes, statSync(wal).size));
      // Shared memory does not outlive a power loss; SQLite rebuilds the index from the WAL.
      rmSync(shm, { force: true });
      return { committed: index.committed, kept };
    },
  };
}

/**
 * From the WAL index, for the WAL generation `salts` (copied from the WAL header, so as bytes): its last
 * committed frame and the frames a checkpoint synced before copying them (machine byte order: LE here).
 */
function walIndex(shm: string, salts: string): { committed: number; checkpointed: number } {
  const index = existsSync(shm) ? readFileSync(shm) : Buffer.alloc(0);
  if (index.length < BACKFILL_ATTEMPTED_OFFSET + 4) return { committed: 0, checkpointed: 0 };
  if (index.subarray(INDEX_SALTS_OFFSET, INDEX_SALTS_OFFSET + 8).toString('hex') !== salts)
    return { committed: 0, checkpointed: 0 };
  return {
    committed: index.readUInt32LE(MAX_FRAME_OFFSET),
    checkpointed: index.readUInt32LE(BACKFILL_ATTEMPTED_OFFSET),
  };
}
