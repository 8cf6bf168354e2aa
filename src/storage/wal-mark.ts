import { closeSync, openSync, readSync } from 'node:fs';

/** The WAL index header (walformat.html §2.1): the first of its two copies at the start of the -shm file. */
const HEADER_BYTES = 48;

export interface WalMark {
  /** Moves when any connection, of this process or another, has committed since the previous call. */
  read(): number;
  close(): void;
}

/**
 * A mark of a WAL-mode SQLite file's committed state, read from the WAL index header in its `-shm` file
 * (https://www.sqlite.org/walformat.html): every commit, by any connection of any process, appends frames
 * to the WAL and rewrites the header (its frame count and checksums, and its salts when the WAL starts
 * over), while checkpoints leave it as it is. Reading it is one `pread` of shared memory SQLite keeps
 * mapped, against `PRAGMA data_version`, which takes and drops the WAL's read lock (two `fcntl` calls and
 * an `fstat`) on every kept read.
 * A read racing a commit may see a header half written: it then counts as a change, which costs a kept
 * answer one version read, and is never taken for the state before a commit that had finished.
 * Undefined when the file has no `-shm` to read (an in-memory database).
 */
export function walMark(file: string): WalMark | undefined {
  let fd: number;
  try {
    fd = openSync(`${file}-shm`, 'r');
  } catch {
    return undefined;
  }
  const last = Buffer.alloc(HEADER_BYTES);
  const current = Buffer.alloc(HEADER_BYTES);
  let mark = 0;
  return {
    read() {
      // A header not written yet (shorter) counts as a change every time.
      if (readSync(fd, current, 0, HEADER_BYTES, 0) < HEADER_BYTES || !current.equals(last)) {
        current.copy(last);
        mark += 1;
      }
      return mark;
    },
    close: () => closeSync(fd),
  };
}
