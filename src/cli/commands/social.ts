import { agoraVersion } from '../../shared/version.js';
import { commandLogger } from '../logger.js';
import type { SocialConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import { shownChainUrl, shownUrl } from '../../shared/startup/decisions.js';
import { startSocialService } from '../../social/index.js';
import type { CliIo } from '../io.js';
import { serveUntilSignal } from './serve.js';
import { logStorage, refusingStart } from './start-checks.js';

/** `agora social`: runs the social API until SIGINT or SIGTERM; exits 0 after a clean stop. */
export function runSocial(config: SocialConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  return refusingStart('social', io, async () => {
    const logger = commandLogger(config, 'social');
    logStorage('social', config, logger);
    logger.info(`node indexer: on, following ${shownUrl(config.nodeUrl)}`);
    logger.info(
      config.chainRpcUrl === undefined
        ? 'signed key requests: off (no --chain-rpc-url)'
        : `signed key requests: on, chain ${shownChainUrl(config.chainRpcUrl)}, ${
            config.relayerKey === undefined ? 'no --relayer-key: approvals answer 503' : 'relayer key set'
          }`,
    );
    logger.info(`admin API: ${config.adminToken === undefined ? 'off (no --admin-token)' : 'on'}`);
    const service = await startSocialService({ config, logger });
    const url = await service.listen();
    // Signals are handled before the line that tells a supervisor the service is up.
    const served = serveUntilSignal(
      { close: () => service.close(), server: service.app.server },
      logger,
      signals,
    );
    io.out(
      `agora social: listening on ${url}, following the node at ${shownUrl(config.nodeUrl)} (agora ${agoraVersion()})`,
    );
    return served;
  });
}
