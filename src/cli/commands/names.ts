import { agoraVersion } from '../../shared/version.js';
import { commandLogger } from '../logger.js';
import { startNamesService } from '../../names/index.js';
import type { NamesConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import type { CliIo } from '../io.js';
import { serveUntilSignal } from './serve.js';
import { logStorage, observeChain, refusingStart } from './start-checks.js';

/** `agora names`: runs the name registry until SIGINT or SIGTERM; exits 0 after a clean stop. */
export function runNames(config: NamesConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  return refusingStart('names', io, async () => {
    const rpcUrl = config.chainRpcUrl;
    if (rpcUrl === undefined) {
      io.err('agora names: --chain-rpc-url is required (custody addresses are read from the IdRegistry)');
      return 2;
    }
    if (config.signerKey === undefined) {
      io.err('agora names: --signer-key is required (or --signer-key-file, AGORA_NAMES_SIGNER_KEY_FILE)');
      return 2;
    }
    const logger = commandLogger(config, 'names');
    logStorage('names', config, logger);
    // Custody is read per request; the registry answers CHAIN_UNAVAILABLE while the chain does not answer.
    await observeChain(rpcUrl, logger);
    const service = await startNamesService({ config, logger, chain: { rpcUrl } });
    const url = await service.listen();
    // Signals are handled before the line that tells a supervisor the service is up.
    const served = serveUntilSignal(
      { close: () => service.close(), server: service.app.server },
      logger,
      signals,
    );
    io.out(`agora names: listening on ${url} (agora ${agoraVersion()})`);
    return served;
  });
}
