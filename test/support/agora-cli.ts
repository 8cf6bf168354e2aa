/** `agora <command>` as a child process, as an operator starts it, with its output captured. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/agora.js', import.meta.url));

export interface AgoraProcess {
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves to the exit code. */
  readonly exited: Promise<number | null>;
  /** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
  until(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** SIGTERM; resolves to the exit code. */
  stop(): Promise<number | null>;
}

/** Runs the CLI with only `env` beyond PATH-like basics: no AGORA_*, DATABASE_URL or RPC_AUTH leaks in. */
export function runAgora(args: readonly string[], env: Record<string, string> = {}): AgoraProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(AGORA_|DATABASE_URL|RPC_AUTH)/.test(name)),
  );
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
  });
  let output = '';
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  // Killed if the test process exits first; the hook goes once the child has exited, so a test file that
  // runs the CLI many times does not pile up `exit` listeners on `process` (MaxListenersExceededWarning).
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      process.off('exit', killChild);
      resolve(code);
    }),
  );
  return {
    output: () => output,
    exited,
    until(pattern, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = pattern.exec(output);
          if (match === null) return;
          done();
          resolve(match);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms in:\n${output}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        void exited.then((code) => {
          if (!listeners.has(check)) return;
          check();
          if (!listeners.has(check)) return;
          done();
          reject(new Error(`exited with ${code} before ${String(pattern)}:\n${output}`));
        });
        check();
      });
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
