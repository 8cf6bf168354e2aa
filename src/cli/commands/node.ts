import { agoraVersion } from '../../shared/version.js';
import { commandLogger } from '../logger.js';
import { startNodeService } from '../../node/index.js';
import type { NodeConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import { checkChainId } from '../../shared/startup/decisions.js';
import type { CliIo } from '../io.js';
import { serveUntilSignal } from './serve.js';
import { logStorage, observeChain, refusingStart } from './start-checks.js';

/** `agora node`: runs the node until SIGINT or SIGTERM; exits 0 after a clean stop. */
export function runNode(config: NodeConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  return refusingStart('node', io, async () => {
    const logger = commandLogger(config, 'node');
    logStorage('node', config, logger);
    logger.info(`network: ${config.network}`);
    const chain =
      config.chainRpcUrl === undefined ? undefined : await observeChain(config.chainRpcUrl, logger);
    if (chain !== undefined) checkChainId(config.network, chain.chainId);
    const service = await startNodeService(config, { logger, chain });
    const grpc = service.grpc === undefined ? 'gRPC off' : `gRPC on ${service.grpc.address}`;
    // Signals are handled before the line that tells a supervisor the service is up.
    const served = serveUntilSignal(
      { close: () => service.close(), server: service.app.server },
      logger,
      signals,
    );
    io.out(`agora node: listening on ${service.url}, ${grpc} (agora ${agoraVersion()})`);
    return served;
  });
}
