import { commandLogger } from '../logger.js';
import { NETWORKS } from '../../protocol/networks.js';
import type { DevConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import { PortInUseError } from '../dev/ports.js';
import { startDevSystem } from '../dev/start-dev.js';
import type { CliIo } from '../io.js';
import { printAccounts } from './chain-banner.js';
import { serveUntilSignal } from './serve.js';

/** `agora dev`: the whole system on this machine until Ctrl-C (DESIGN.md §4). */
export async function runDev(config: DevConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  // A person runs agora dev: pretty lines even when its output is piped (to tee, to a file).
  const logger = commandLogger(config, undefined, 'pretty');
  io.out(`agora dev: starting in ${config.dataDir}${config.fresh ? ' (fresh)' : ''}`);
  let system: Awaited<ReturnType<typeof startDevSystem>>;
  try {
    system = await startDevSystem(config, { logger, progress: (step) => io.out(`  up  ${step}`) });
  } catch (error) {
    if (error instanceof PortInUseError) {
      io.err(`agora dev: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const { devnet } = system;
  io.out('');
  io.out(`  node    ${devnet.urls.node}`);
  io.out(
    `          accepts ${devnet.network} messages only (FarcasterNetwork ${NETWORKS[devnet.network]}; --network changes it)`,
  );
  if (devnet.urls.nodeGrpc !== undefined) io.out(`  gRPC    ${devnet.urls.nodeGrpc} (HubService)`);
  io.out(`  names   ${devnet.urls.names}`);
  io.out(`  social  ${devnet.urls.social}`);
  io.out(`  chain   ${devnet.chainRpcUrl} (chain id ${devnet.chainId})`);
  io.out('');
  printAccounts(io, devnet);
  io.out('');
  io.out(`  Everything above, plus contract addresses and the admin token: ${system.devnetFile}`);
  io.out('  Press Ctrl-C to stop.');
  return serveUntilSignal(
    { close: () => system.close(), server: { closeAllConnections: () => system.closeAllConnections() } },
    logger,
    signals,
  );
}
