import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { launchAnvil, type DevnetOptions } from '../../chain/devnet/launch.js';
import type { NamesService } from '../../names/index.js';
import type { NodeService } from '../../node/index.js';
import { COMMANDS, configOf, type DevConfig } from '../../shared/config/index.js';
import type { SocialService } from '../../social/index.js';
import {
  DEV_CLIENT_STREAMS,
  DEV_SYNC_INTERVAL_SECONDS,
  nodeLabel,
  nodePortClaims,
  planDevNodes,
} from './dev-nodes.js';
import { chainFileOf, devAdminToken, writeDevnetFile, type DevnetFile } from './devnet-file.js';
import { assertPortsFree } from './ports.js';

export interface DevSystem {
  devnet: DevnetFile;
  /** Where devnet.json was written. */
  devnetFile: string;
  /** Stops the services in reverse order, then the chain (which saves its state). */
  close(): Promise<void>;
  /** Cuts open HTTP connections (a second Ctrl-C). */
  closeAllConnections(): void;
}

export interface DevStartOptions {
  logger: Logger;
  /** Called as each part comes up, for the progress lines. */
  progress(step: string): void;
}

/**
 * The services' modules, loaded on demand: importing them through tsx is most of a start's time, so anvil
 * is spawned first and boots in its own process meanwhile (docs/performance.md, "Start").
 */
function loadModules() {
  return Promise.all([
    import('../../names/index.js'),
    import('../../node/index.js'),
    import('../../social/index.js'),
  ]);
}

/**
 * The whole system in one process: anvil (chain id 10, contracts at their canonical addresses, state kept in
 * the data dir), the name registry, the nodes (--nodes) each following both and diff-syncing from the
 * others, and the social API following the first node.
 */
export async function startDevSystem(config: DevConfig, options: DevStartOptions): Promise<DevSystem> {
  const { dataDir, host } = config;
  const planned = planDevNodes(config);
  await assertPortsFree(host, [
    { port: config.chainPort, flag: '--chain-port' },
    ...nodePortClaims(planned),
    { port: config.namesPort, flag: '--names-port' },
    { port: config.socialPort, flag: '--social-port' },
  ]);
  if (config.fresh) rmSync(dataDir, { recursive: true, force: true });

  const stops: (() => Promise<void>)[] = [];
  const servers: { closeAllConnections(): void }[] = [];
  const close = async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  };
  const common = { dataDir, host, logLevel: config.logLevel, corsOrigin: '*' };
  const devnetOptions: DevnetOptions = {
    port: config.chainPort,
    host,
    stateFile: join(dataDir, 'chain-state.json'),
    logger: options.logger.child({ service: 'chain' }),
  };
  const anvil = await launchAnvil(devnetOptions);
  stops.push(() => anvil.stop());
  try {
    // The contracts are installed as soon as the devnet's module is in, while the services' still load.
    const [devnet, [{ startNamesService }, { startNodeService }, { startSocialService }]] = await Promise.all(
      [
        import('../../chain/devnet/start-devnet.js').then(({ startDevnet }) =>
          startDevnet(devnetOptions, anvil),
        ),
        loadModules(),
      ],
    );
    options.progress(
      `chain     ${devnet.rpcUrl} (chain id ${devnet.chainId}, ${devnet.fresh ? 'new' : 'restored'})`,
    );

    const { chain, signerKey, relayerKey } = chainFileOf(devnet);

    const names: NamesService = await startNamesService({
      config: configOf(COMMANDS.names.options, {
        ...common,
        port: config.namesPort,
        signerKey,
        chainRpcUrl: devnet.rpcUrl,
        // Dev accounts rename often; the reference's 28-day wait would only get in the way.
        cooldownSeconds: 0,
        // A developer's scripts move names faster than a stranger should be allowed to.
        transferFidLimit: 0,
      }),
      logger: options.logger.child({ service: 'names' }),
      chain: { rpcUrl: devnet.rpcUrl },
    });
    stops.push(() => names.close());
    servers.push(names.app.server);
    const namesUrl = await names.listen();
    options.progress(`names     ${namesUrl}`);

    // Each node reads the chain and the registry itself, into its own SQLite file: nothing to share or lock.
    const nodes: NodeService[] = [];
    for (const plan of planned) {
      const node: NodeService = await startNodeService(
        configOf(COMMANDS.node.options, {
          ...common,
          dataDir: plan.dataDir,
          port: plan.port,
          grpcPort: plan.grpcPort,
          network: config.network,
          chainRpcUrl: devnet.rpcUrl,
          // anvil mines a block per transaction and none otherwise: waiting for confirmations would stall.
          chainConfirmations: 0,
          namesUrl,
          ...(plan.peers.length > 0 && {
            peer: plan.peers,
            syncInterval: DEV_SYNC_INTERVAL_SECONDS,
            // Every other node follows this one's event stream from the same address, beside the clients.
            subscribePerIpLimit: DEV_CLIENT_STREAMS + plan.peers.length,
          }),
        }),
        { logger: options.logger.child({ service: plan.name }) },
      );
      stops.push(() => node.close());
      servers.push(node.app.server);
      nodes.push(node);
      const label = nodeLabel(plan.number, planned.length).padEnd(10);
      options.progress(`${label}${node.url}${node.grpc === undefined ? '' : ` (gRPC ${node.grpc.address})`}`);
    }
    // --nodes is at least 1.
    const node = nodes[0]!;

    const adminToken = devAdminToken(dataDir);
    const social: SocialService = await startSocialService({
      config: configOf(COMMANDS.social.options, {
        ...common,
        port: config.socialPort,
        nodeUrl: node.url,
        chainRpcUrl: devnet.rpcUrl,
        relayerKey,
        adminToken,
      }),
      logger: options.logger.child({ service: 'social' }),
    });
    stops.push(() => social.close());
    servers.push(social.app.server);
    const socialUrl = await social.listen();
    options.progress(`social    ${socialUrl}`);

    const file: DevnetFile = {
      ...chain,
      network: config.network,
      urls: {
        node: node.url,
        ...(node.grpc !== undefined && { nodeGrpc: node.grpc.address }),
        nodes: nodes.map(({ url, grpc }) => ({
          http: url,
          ...(grpc !== undefined && { grpc: grpc.address }),
        })),
        names: namesUrl,
        social: socialUrl,
      },
      adminToken,
    };
    return {
      devnet: file,
      devnetFile: writeDevnetFile(dataDir, file),
      close,
      closeAllConnections: () => {
        for (const server of servers) server.closeAllConnections();
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}
