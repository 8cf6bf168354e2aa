import type { FastifyBaseLogger } from 'fastify';

/** Where signals come from: `process` in production, any EventEmitter in tests. */
export interface SignalSource {
  on(event: string, listener: () => void): unknown;
  off(event: string, listener: () => void): unknown;
}

/** The part of an app that shutdown needs; a Fastify instance fits. */
export interface ClosableApp {
  /** Stops accepting connections, waits for in-flight requests, then runs the onClose hooks. */
  close(): PromiseLike<unknown>;
  server: { closeAllConnections(): void };
}

export interface ShutdownOutcome {
  signal: string;
  /** True when open connections were cut because the timeout passed or a second signal came. */
  forced: boolean;
  /** Set when closing failed, e.g. an onClose hook threw. */
  error?: unknown;
}

export interface ShutdownOptions {
  /** Signals that start shutdown; SIGINT and SIGTERM when absent. */
  signals?: readonly string[];
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How long in-flight requests may take before their connections are cut. */
  timeoutMs: number;
  /** Runs once the app has closed, e.g. to set the exit code. */
  onShutdown?: (outcome: ShutdownOutcome) => void | Promise<void>;
  signalSource?: SignalSource;
}

const DEFAULT_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Closes the app gracefully on the first signal. A second signal, or the timeout, cuts the remaining
 * connections so the close can complete. Returns a disposer that removes the signal handlers.
 */
export function installShutdown(app: ClosableApp, options: ShutdownOptions): () => void {
  const { logger, timeoutMs } = options;
  const source = options.signalSource ?? process;
  let started = false;
  let forced = false;

  const force = (reason: string): void => {
    if (forced) return;
    forced = true;
    logger.warn({ reason }, 'closing remaining connections');
    app.server.closeAllConnections();
  };

  const shutdown = async (signal: string): Promise<void> => {
    logger.info({ signal, timeoutMs }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => force('timeout'), timeoutMs);
    let error: unknown;
    try {
      await app.close();
    } catch (closeError) {
      error = closeError;
      logger.error({ err: closeError }, 'error while closing');
    } finally {
      clearTimeout(timer);
    }
    logger.info({ signal, forced }, 'shut down');
    try {
      await options.onShutdown?.({ signal, forced, ...(error !== undefined && { error }) });
    } catch (hookError) {
      logger.error({ err: hookError }, 'onShutdown failed');
    }
  };

  const onSignal = (signal: string): void => {
    if (started) {
      force(`second ${signal}`);
      return;
    }
    started = true;
    void shutdown(signal);
  };

  const listeners = (options.signals ?? DEFAULT_SIGNALS).map((signal) => {
    const listener = (): void => onSignal(signal);
    source.on(signal, listener);
    return { signal, listener };
  });
  return () => {
    for (const { signal, listener } of listeners) source.off(signal, listener);
  };
}
