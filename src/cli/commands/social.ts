import { agoraVersion } from '../../shared/version.js';
import { commandLogger } from '../logger.js';
import type { SocialConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import { startSocialService } from '../../social/index.js';
import type { CliIo } from '../io.js';
import { serveUntilSignal } from './serve.js';

/** `agora social`: runs the social API until SIGINT or SIGTERM; exits 0 after a clean stop. */
export async function runSocial(config: SocialConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  const logger = commandLogger(config, 'social');
  const service = await startSocialService({ config, logger });
  const url = await service.listen();
  io.out(
    `agora social: listening on ${url}, following the node at ${config.nodeUrl} (agora ${agoraVersion()})`,
  );
  return serveUntilSignal({ close: () => service.close(), server: service.app.server }, logger, signals);
}
