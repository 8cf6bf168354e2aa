import { agoraVersion } from '../../shared/version.js';
import { commandLogger } from '../logger.js';
import { startNamesService } from '../../names/index.js';
import type { NamesConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import type { CliIo } from '../io.js';
import { serveUntilSignal } from './serve.js';

/** `agora names`: runs the name registry until SIGINT or SIGTERM; exits 0 after a clean stop. */
export async function runNames(config: NamesConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  if (config.chainRpcUrl === undefined) {
    io.err('agora names: --chain-rpc-url is required (custody addresses are read from the IdRegistry)');
    return 2;
  }
  const logger = commandLogger(config, 'names');
  const service = await startNamesService({ config, logger, chain: { rpcUrl: config.chainRpcUrl } });
  io.out(`agora names: listening on ${await service.listen()} (agora ${agoraVersion()})`);
  return serveUntilSignal({ close: () => service.close(), server: service.app.server }, logger, signals);
}
