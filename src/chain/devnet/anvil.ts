import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';

/** What the devnet logs; a pino logger fits. */
export interface DevnetLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
}

export interface AnvilOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  chainId: number;
  mnemonic: string;
  accounts: number;
  /** anvil `--state`: loaded at start if it exists, written when anvil exits. */
  stateFile?: string;
  logger?: DevnetLogger;
  readyTimeoutMs: number;
  stopTimeoutMs: number;
  /** The anvil executable; defaults to {@link resolveAnvilBinary}. */
  binary?: string;
}

export interface AnvilProcess {
  rpcUrl: string;
  port: number;
  /** Resolves once anvil answers `eth_chainId` with the expected id; rejects (anvil stopped) otherwise. */
  ready: Promise<void>;
  /** SIGTERM (anvil then writes its state file), SIGKILL after `stopTimeoutMs`. Idempotent. */
  stop(): Promise<void>;
}

const STDERR_TAIL_CHARS = 4000;
const POLL_INTERVAL_MS = 15;
const PARENT_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The anvil binary of the `@foundry-rs/anvil-linux-amd64` package, else `anvil` from PATH. */
export function resolveAnvilBinary(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve('@foundry-rs/anvil-linux-amd64/package.json');
    const binary = path.join(path.dirname(manifest), 'bin', 'anvil');
    if (existsSync(binary)) return binary;
  } catch {
    // Not installed (optional dependency for another platform): fall back to PATH.
  }
  return 'anvil';
}

/**
 * Spawns anvil and returns at once; await `ready` before use. A busy port is refused up front, so a
 * foreign server on that port can never be mistaken for our anvil answering.
 */
export async function spawnAnvil(options: AnvilOptions): Promise<AnvilProcess> {
  const port = await claimPort(options.host, options.port);
  const rpcUrl = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  const args = [
    ...['--host', options.host, '--port', String(port), '--chain-id', String(options.chainId)],
    ...['--mnemonic', options.mnemonic, '--accounts', String(options.accounts)],
    ...(options.stateFile === undefined ? [] : ['--state', options.stateFile]),
  ];
  const binary = options.binary ?? resolveAnvilBinary();
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr = captureOutput(child, options.logger);
  // 'exit' may not follow a spawn 'error' (e.g. no binary), so either one ends the wait.
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  // Killed from the parent's exit and termination signals, so anvil cannot outlive this process.
  const releaseParentHooks = killWithParent(child);
  let stopping: Promise<void> | undefined;

  const stop = () => {
    stopping ??= (async () => {
      releaseParentHooks();
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), options.stopTimeoutMs);
      await exited;
      clearTimeout(timer);
      options.logger?.debug(`anvil on ${rpcUrl} stopped`);
    })();
    return stopping;
  };

  const ready = waitUntilReady(child, rpcUrl, options, binary, stderr).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { rpcUrl, port, ready, stop };
}

/** Checks that `port` is free (or picks a free one for 0) by binding it briefly. */
async function claimPort(host: string, port: number): Promise<number> {
  const server = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, exclusive: true }, resolve);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new Error(`devnet: port ${port} on ${host} is already in use`);
    throw new Error(`devnet: cannot listen on ${host}:${port}: ${(error as Error).message}`);
  }
  const claimed = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return claimed;
}

/** Forwards anvil's output lines to the logger and keeps the tail of stderr for error messages. */
function captureOutput(child: ChildProcess, logger: DevnetLogger | undefined): () => string {
  let tail = '';
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => logger?.debug(line));
  if (child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) => {
      tail = `${tail}${line}\n`.slice(-STDERR_TAIL_CHARS);
      logger?.warn(`anvil: ${line}`);
    });
  }
  return () => tail.trim();
}

async function waitUntilReady(
  child: ChildProcess,
  rpcUrl: string,
  options: AnvilOptions,
  binary: string,
  stderr: () => string,
): Promise<void> {
  let failure: string | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => {
    failure =
      error.code === 'ENOENT'
        ? `anvil not found at "${binary}": install @foundry-rs/anvil-linux-amd64 or put anvil on PATH`
        : `cannot start anvil: ${error.message}`;
  });
  child.once('exit', (code, signal) => {
    failure ??= `anvil exited (${signal ?? `code ${code}`}) before it was ready`;
  });
  const deadline = Date.now() + options.readyTimeoutMs;
  for (;;) {
    if (failure !== undefined) throw new Error(withStderr(`devnet: ${failure}`, stderr()));
    const chainId = await probeChainId(rpcUrl);
    if (chainId === options.chainId) return;
    if (chainId !== undefined) {
      throw new Error(`devnet: ${rpcUrl} answered chain id ${chainId}, expected ${options.chainId}`);
    }
    if (Date.now() > deadline) {
      throw new Error(
        withStderr(`devnet: anvil did not answer on ${rpcUrl} within ${options.readyTimeoutMs} ms`, stderr()),
      );
    }
    await delay(POLL_INTERVAL_MS);
  }
}

function withStderr(message: string, stderr: string): string {
  return stderr === '' ? `${message} (no output on stderr)` : `${message}; anvil stderr:\n${stderr}`;
}

/** `eth_chainId` as a number, or undefined while nothing answers. */
async function probeChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    });
    const body = (await response.json()) as { result?: unknown };
    return typeof body.result === 'string' ? Number.parseInt(body.result, 16) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends anvil SIGTERM when this process exits or receives a termination signal. A signal is then
 * re-raised if nobody else handles it, so registering here does not stop Ctrl-C from ending the process.
 * Returns the function that removes the hooks.
 */
function killWithParent(child: ChildProcess): () => void {
  const onExit = () => {
    child.kill('SIGTERM');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    child.kill('SIGTERM');
    remove();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };
  const remove = () => {
    process.off('exit', onExit);
    for (const signal of PARENT_SIGNALS) process.off(signal, onSignal);
  };
  process.on('exit', onExit);
  for (const signal of PARENT_SIGNALS) process.on(signal, onSignal);
  return remove;
}
