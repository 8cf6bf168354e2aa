import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { startDevnet } from '../../chain/devnet/index.js';
import type { ChainConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import { chainFileOf, writeDevnetFile } from '../dev/devnet-file.js';
import type { CliIo } from '../io.js';
import { commandLogger } from '../logger.js';
import { printAccounts } from './chain-banner.js';
import { serveUntilSignal } from './serve.js';

/**
 * `agora chain`: the dev chain alone (anvil, chain id 10, the registries at their canonical addresses,
 * state kept in the data dir), for trying a production-shaped deployment on one host (docs/deploy.md).
 */
export async function runChain(config: ChainConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  const logger = commandLogger(config, 'chain', 'pretty');
  if (config.fresh) rmSync(config.dataDir, { recursive: true, force: true });
  const devnet = await startDevnet({
    port: config.port,
    host: config.host,
    stateFile: join(config.dataDir, 'chain-state.json'),
    logger,
  });
  const { chain } = chainFileOf(devnet);
  const file = writeDevnetFile(config.dataDir, chain);
  io.out(`agora chain: ${devnet.rpcUrl} (chain id ${devnet.chainId}, ${devnet.fresh ? 'new' : 'restored'})`);
  io.out(`  IdRegistry ${devnet.contracts.idRegistry}, KeyRegistry ${devnet.contracts.keyRegistry}`);
  printAccounts(io, chain);
  io.out(`  Everything above: ${file}`);
  return serveUntilSignal(
    { close: () => devnet.stop(), server: { closeAllConnections: () => undefined } },
    logger,
    signals,
  );
}
