import type { Logger } from 'pino';
import { systemClock, type Clock } from '../shared/clock.js';
import type { SocialConfig } from '../shared/config/index.js';
import { createHttpApp, type HttpApp } from '../shared/http/index.js';
import { createServiceMetrics } from '../shared/metrics/index.js';
import { openServiceDatabase } from '../storage/index.js';
import { createAuthenticator } from './auth.js';
import type { SocialContext } from './context.js';
import { socialErrorRenderer } from './http/render.js';
import { registerIndexerRoutes } from './http/indexer-routes.js';
import { registerSocialRoutes } from './http/routes.js';
import { createIndexer, indexerStatus, type IndexerOptions } from './indexer/indexer.js';
import type { ComponentStatus } from '../shared/status.js';
import { agoraVersion } from '../shared/version.js';
import { createKeyChain, type KeyChain } from './keys/chain.js';
import { createSocialMetrics } from './metrics.js';
import { createNodeClient, type NodeClient } from './node-client.js';
import type { SocialDatabase, SocialTables } from './store.js';

export interface SocialServiceOptions {
  config: SocialConfig;
  /** A pino logger, or false to log nothing. */
  logger: Logger | false;
  clock?: Clock;
  /** The node to read; an HTTP client of `config.nodeUrl` when absent. */
  node?: NodeClient;
  /** The node indexer (docs/social/indexer.md), on unless false (tests of other areas use a fake node). */
  indexer?: false | IndexerOptions;
  /** The chain signed key requests use; built from `config.chainRpcUrl` and `config.relayerKey` when absent. */
  chain?: KeyChain;
}

export interface SocialService {
  app: HttpApp;
  context: SocialContext;
  /** Listens on the configured host and port; resolves to the address, e.g. `http://127.0.0.1:3000`. */
  listen(): Promise<string>;
  /** Stops background work, finishes in-flight requests, then closes the database. */
  close(): Promise<void>;
}

/** The API's JSON bodies are small; routes that take lists (the operator's rewards upload) raise it. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Opens the service's own database (SQLite file under dataDir, or PostgreSQL) and builds the service. */
export async function startSocialService(options: SocialServiceOptions): Promise<SocialService> {
  const { database } = await openServiceDatabase<SocialTables>('social', options.config);
  try {
    return await createSocialService({ ...options, database });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The service on an open, migrated database, which it closes when it closes. */
export async function createSocialService(
  options: SocialServiceOptions & { database: SocialDatabase },
): Promise<SocialService> {
  const { config, database } = options;
  const clock = options.clock ?? systemClock;
  // Aborted last on close, cancelling whatever node read is still in flight.
  const stopReads = new AbortController();
  const node = options.node ?? createNodeClient({ nodeUrl: config.nodeUrl, signal: stopReads.signal });
  const metrics = createServiceMetrics('social', config.metricsPort);
  const socialMetrics = createSocialMetrics(metrics.registry);
  const context: SocialContext = {
    config,
    database,
    clock,
    node,
    auth: createAuthenticator({ signers: node, clock, maxLifetimeSeconds: config.tokenMaxLifetime }),
    logger: options.logger,
    chain: socialMetrics.observe(
      options.chain ??
        (config.chainRpcUrl === undefined
          ? undefined
          : createKeyChain({
              rpcUrl: config.chainRpcUrl,
              relayerKey: config.relayerKey as `0x${string}` | undefined,
              clock,
            })),
    ),
  };
  const indexer =
    options.indexer === false
      ? undefined
      : createIndexer({ db: database.db, node, clock, logger: options.logger }, options.indexer);
  const app = await createHttpApp({
    service: 'social',
    title: 'Agora social API',
    version: agoraVersion(),
    logger: options.logger,
    corsOrigin: config.corsOrigin,
    bodyLimit: BODY_LIMIT_BYTES,
    connections: config,
    rejectNul: true,
    errors: socialErrorRenderer,
    healthCheck: async () => {
      await database.db.selectFrom('service_meta').select('key').limit(1).execute();
    },
    // Until the index has caught up with the node once, its reads answer from an old view.
    components: (): Record<string, ComponentStatus> =>
      indexer === undefined ? {} : { indexer: indexerStatus(indexer.status()) },
    onClose: database.close,
    metrics,
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    socialMetrics.failed(error);
    done();
  });
  registerSocialRoutes(app, context, metrics.registry);
  registerIndexerRoutes(app, { adminToken: config.adminToken, status: indexer?.status });
  await app.ready();
  indexer?.start();
  return {
    app,
    context,
    listen: async () => {
      await metrics.listen(config.host);
      return app.listen({ port: config.port, host: config.host });
    },
    close: async () => {
      await indexer?.close();
      await app.close();
      stopReads.abort();
    },
  };
}
