import { commandLogger } from '../logger.js';
import { NETWORKS } from '../../protocol/networks.js';
import type { DevConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import { StartRefused } from '../../shared/startup/decisions.js';
import { DEV_SYNC_INTERVAL_SECONDS, nodeLabel } from '../dev/dev-nodes.js';
import type { DevnetFile } from '../dev/devnet-file.js';
import { PortInUseError } from '../dev/ports.js';
import { startDevSystem } from '../dev/start-dev.js';
import type { CliIo } from '../io.js';
import { printAccounts } from './chain-banner.js';

/** `agora dev`: the whole system on this machine until Ctrl-C (DESIGN.md §4). */
export async function runDev(config: DevConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  // A person runs agora dev: pretty lines even when its output is piped (to tee, to a file).
  const logger = commandLogger(config, undefined, 'pretty');
  io.out(`agora dev: starting in ${config.dataDir}${config.fresh ? ' (fresh)' : ''}`);
  let system: Awaited<ReturnType<typeof startDevSystem>>;
  try {
    system = await startDevSystem(config, { logger, progress: (step) => io.out(`  up  ${step}`) });
  } catch (error) {
    if (error instanceof PortInUseError || error instanceof StartRefused) {
      io.err(`agora dev: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const { devnet } = system;
  let seeded: string | undefined;
  if (config.seed) {
    try {
      seeded = await seed(config.dataDir, devnet, io);
    } catch (error) {
      io.err(
        `agora dev: seeding failed: ${error instanceof Error ? error.message : String(error)}; ` +
          'the devnet may be half seeded (--fresh --seed starts over)',
      );
      await system.close();
      return 1;
    }
  }
  io.out('');
  printNodes(io, devnet);
  io.out(`  names   ${devnet.urls.names}`);
  io.out(`  social  ${devnet.urls.social}`);
  io.out(`  chain   ${devnet.chainRpcUrl} (chain id ${devnet.chainId})`);
  io.out('');
  printAccounts(io, devnet);
  io.out('');
  if (seeded !== undefined) io.out(seeded);
  io.out(`  Everything above, plus contract addresses and the admin token: ${system.devnetFile}`);
  io.out('  Press Ctrl-C to stop.');
  // Imported here: it brings Fastify's helpers, which the services load anyway but after anvil is spawned.
  const { serveUntilSignal } = await import('./serve.js');
  return serveUntilSignal(
    { close: () => system.close(), server: { closeAllConnections: () => system.closeAllConnections() } },
    logger,
    signals,
  );
}

/** Each node's HTTP and gRPC addresses, then what they accept and, with several, how they keep in step. */
function printNodes(io: CliIo, devnet: DevnetFile): void {
  const { nodes } = devnet.urls;
  for (const [index, node] of nodes.entries()) {
    io.out(`  ${nodeLabel(index + 1, nodes.length).padEnd(8)}${node.http}`);
    if (node.grpc !== undefined) io.out(`  gRPC    ${node.grpc} (HubService)`);
  }
  io.out(
    `          accepts ${devnet.network} messages only (FarcasterNetwork ${NETWORKS[devnet.network]}; --network changes it)`,
  );
  if (nodes.length > 1) {
    io.out(
      `          each node follows the others' events and diff-syncs every ${DEV_SYNC_INTERVAL_SECONDS} s; the social API and --seed use node 1`,
    );
  }
}

/** Runs --seed (loaded only then); returns the banner's line about the seeded world. */
async function seed(dataDir: string, devnet: DevnetFile, io: CliIo): Promise<string> {
  const { seedDevnet } = await import('../seed/index.js');
  const outcome = await seedDevnet(dataDir, devnet, (line) => io.out(`  seed      ${line}`));
  const { people, channels, starterPack } = outcome.summary;
  const who = people.map((person) => `${person.name} (fid ${person.fid})`).join(', ');
  const when = outcome.seeded ? 'Seeded' : `Seeded on ${outcome.seededAt}, kept`;
  return `  ${when}: ${who}; channels ${channels.join(', ')}; starter pack ${starterPack} (${outcome.file})`;
}
