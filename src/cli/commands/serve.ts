import type { Logger } from 'pino';
import { installShutdown, type ClosableApp, type SignalSource } from '../../shared/http/index.js';

/** In-flight requests get this long after SIGINT/SIGTERM before their connections are cut. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Keep a started service running until SIGINT or SIGTERM; resolves 0 after a clean stop, 1 otherwise. */
export function serveUntilSignal(
  service: ClosableApp,
  logger: Logger,
  signals: SignalSource | undefined,
): Promise<number> {
  return new Promise<number>((resolve) => {
    const dispose = installShutdown(service, {
      logger,
      timeoutMs: SHUTDOWN_TIMEOUT_MS,
      signalSource: signals,
      onShutdown: ({ error }) => {
        dispose();
        resolve(error === undefined ? 0 : 1);
      },
    });
  });
}
