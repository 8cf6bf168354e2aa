import { pino } from 'pino';

/** Where log lines go: stdout unless a test captures them. */
export interface LogOutput {
  write(text: string): void;
  /** Colours in pretty lines. */
  isTTY?: boolean | undefined;
}

/** How long a line may wait for others to share its write. */
const FLUSH_MS = 20;
/** Enough waiting text to write at once, however soon (in UTF-16 units: no byte count is needed). */
const FLUSH_CHARS = 64 * 1024;

/**
 * Log lines to a file descriptor or path, written in the background, at most one write every few
 * milliseconds. pino's destination (sonic-boom) would hand each line to the thread pool on its own when
 * no write is under way, a thread-pool wake-up per line when a server logs one request line per turn of the
 * event loop (docs/performance.md has the cost). This hands it the lines of 20 ms joined, in one call. An exiting process writes what is left synchronously.
 */
export function batchedOutput(dest: number | string): LogOutput {
  let pending: string[] = [];
  let pendingChars = 0;
  let timer: NodeJS.Timeout | undefined;
  const stream = pino.destination({ dest, sync: false });
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const text = pending.join('');
    pending = [];
    pendingChars = 0;
    stream.write(text);
  };
  // pino's own exit handler may run before this one, so this one flushes the stream too.
  process.once('exit', () => {
    flush();
    try {
      stream.flushSync();
    } catch {
      // Not open yet, or already closed: nothing more can be written.
    }
  });
  return {
    write(line: string) {
      pending.push(line);
      pendingChars += line.length;
      if (pendingChars >= FLUSH_CHARS) flush();
      // Unreferenced: waiting lines never keep a process alive, and its exit writes them.
      else timer ??= setTimeout(flush, FLUSH_MS).unref();
    },
  };
}
