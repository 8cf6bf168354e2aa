import { pino } from 'pino';
import { startNodeService } from '../../node/index.js';
import type { NodeConfig } from '../../shared/config/index.js';
import { installShutdown } from '../../shared/http/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import type { CliIo } from '../io.js';

/** In-flight requests get this long after SIGINT/SIGTERM before their connections are cut. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** `agora node`: runs the node until SIGINT or SIGTERM; exits 0 after a clean stop. */
export async function runNode(config: NodeConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  const logger = pino({ level: config.logLevel });
  const service = await startNodeService(config, { logger });
  io.out(`agora node: listening on ${service.url}`);
  return new Promise<number>((resolve) => {
    const dispose = installShutdown(
      { close: () => service.close(), server: service.app.server },
      {
        logger,
        timeoutMs: SHUTDOWN_TIMEOUT_MS,
        signalSource: signals,
        onShutdown: ({ error }) => {
          dispose();
          resolve(error === undefined ? 0 : 1);
        },
      },
    );
  });
}
