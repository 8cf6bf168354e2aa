import { open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { StorageError, messageOf } from './errors.js';

/** Makes what was written to an open file durable; `FileHandle.datasync` unless a test injects another. */
export type DataSync = (file: FileHandle) => Promise<void>;

export interface WalSync {
  /** Counts a commit of this process; call it before anything else can read what the commit wrote. */
  committed(): void;
  /**
   * Resolves once every commit counted before the call is on disk. Callers that arrive while a sync runs
   * share the next one (group commit), so the disk sees one sync per round however many commits wait.
   * Rejects for good once a sync failed: the kernel may have dropped the pages it could not write, so no
   * later sync can vouch for them (PostgreSQL stops on the same error).
   */
  synced(): Promise<void>;
  /** Closes the WAL's file handle once the syncs under way are done. */
  close(): Promise<void>;
}

const RESOLVED = Promise.resolve();

/**
 * Group commit for a SQLite database at `synchronous=NORMAL`: SQLite writes each commit to the WAL without
 * syncing it, and this syncs the WAL through libuv's thread pool, so a slow disk holds the commits that
 * wait for it and nothing else on the event loop. `fdatasync` on a handle of our own flushes the file, not
 * the handle: Linux keeps dirty pages per file, whoever wrote them. SQLite restarts the WAL in place (a
 * checkpoint never replaces the file while a connection has the database open), so one handle serves for
 * as long as the database is open. The directory is synced once too, for a WAL file created by this open.
 */
export function startWalSync(databaseFile: string, dataSync: DataSync = (file) => file.datasync()): WalSync {
  let counted = 0;
  let synced = 0;
  let failure: StorageError | undefined;
  let handle: Promise<FileHandle> | undefined;
  /** The sync under way, if any, and the count of commits it covers. */
  let running: Promise<void> | undefined;
  let runningCovers = 0;
  /** The sync that starts when `running` ends: everyone who asks meanwhile waits for it. */
  let queued: Promise<void> | undefined;

  const openWal = async (): Promise<FileHandle> => {
    const directory = await open(dirname(databaseFile), 'r');
    try {
      await directory.sync();
    } finally {
      await directory.close();
    }
    return open(`${databaseFile}-wal`, 'r');
  };

  const syncOnce = async (): Promise<void> => {
    if (failure !== undefined) throw failure;
    // Every commit counted by now wrote its frames to the WAL before it was counted.
    const upTo = (runningCovers = counted);
    try {
      await dataSync(await (handle ??= openWal()));
    } catch (error) {
      failure = new StorageError(
        'sync_failed',
        `cannot sync the WAL of ${databaseFile} to disk (${messageOf(error)}): writes since the last ` +
          'sync may be lost; the service refuses to answer further writes until it is restarted',
        { cause: error },
      );
      throw failure;
    }
    synced = Math.max(synced, upTo);
  };

  return {
    committed() {
      counted += 1;
    },
    synced() {
      if (failure !== undefined) return Promise.reject(failure);
      if (synced >= counted) return RESOLVED;
      if (running !== undefined && runningCovers >= counted) return running;
      if (queued !== undefined) return queued;
      const start = () => {
        queued = undefined;
        running = syncOnce().finally(() => (running = undefined));
        return running;
      };
      if (running === undefined) return start();
      // The round under way may have started before this commit was counted: wait for the next.
      queued = running.then(start, start);
      return queued;
    },
    async close() {
      await Promise.allSettled([running, queued]);
      await (await handle?.catch(() => undefined))?.close();
    },
  };
}
