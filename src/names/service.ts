import type { Logger } from 'pino';
import { getAddress, type Address } from 'viem';
import type { ContractAddresses } from '../chain/contracts.js';
import type { Hex } from '../protocol/hex.js';
import type { NamesConfig } from '../shared/config/index.js';
import { createHttpApp, type HttpApp } from '../shared/http/index.js';
import { createAnswerCache, MiB } from '../shared/http/answer-cache.js';
import { batchedVersions } from '../shared/http/batched-versions.js';
import { keptAnswers } from '../shared/http/kept-answers.js';
import { registerAnswerCacheMetrics } from '../shared/metrics/answer-cache-metrics.js';
import { createServiceMetrics } from '../shared/metrics/index.js';
import { openServiceDatabase } from '../storage/index.js';
import { clientAddresses } from '../shared/client-address.js';
import { systemClock, type Clock } from '../shared/clock.js';
import { chainCustodyLookup, type CustodyLookup } from '../chain/custody.js';
import { registerNamesRoutes } from './http/routes.js';
import { namesErrorRenderer } from './http/render.js';
import { createNameRegistry, type NameRegistry } from './registry.js';
import { createNamesMetrics } from './metrics.js';
import { createServerSigner } from './server-signer.js';
import { createTransferLimits } from './transfer-limits.js';
import { agoraVersion } from '../shared/version.js';
import { lastTransferId, type NamesDatabase, type NamesTables } from './store.js';

/** The chain whose IdRegistry says who holds each fid, or a ready lookup (tests). */
export type NamesChain =
  | { rpcUrl: string; contracts?: Partial<Pick<ContractAddresses, 'idRegistry'>>; cacheTtlMs?: number }
  | { custody: CustodyLookup };

export interface NamesServiceOptions {
  config: NamesConfig;
  /** A pino logger, or false to log nothing. */
  logger: Logger | false;
  chain: NamesChain;
  clock?: Clock;
}

export interface NamesService {
  app: HttpApp;
  /** The domain behind the routes, for callers in the same process. */
  registry: NameRegistry;
  /** Listens on the configured host and port; resolves to the address, e.g. `http://127.0.0.1:3001`. */
  listen(): Promise<string>;
  /** Finishes in-flight requests, then closes the database. */
  close(): Promise<void>;
}

/** A transfer is a few hundred bytes; the reference's 100 KiB (express.json's default) invited waste. */
export const BODY_LIMIT_BYTES = 16 * 1024;

/** Opens the service's own database (SQLite file under dataDir, or PostgreSQL) and builds the service. */
export async function startNamesService(options: NamesServiceOptions): Promise<NamesService> {
  const { database } = await openServiceDatabase<NamesTables>('names', options.config);
  try {
    return await createNamesService({ ...options, database });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** The service on an open, migrated database, which it closes when it closes. */
export async function createNamesService(
  options: NamesServiceOptions & { database: NamesDatabase },
): Promise<NamesService> {
  const { config, chain, database } = options;
  if (config.signerKey === undefined) {
    throw new Error('the name registry needs a signer key (--signer-key or AGORA_NAMES_SIGNER_KEY)');
  }
  const signer = createServerSigner(config.signerKey as Hex);
  const clock = options.clock ?? systemClock;
  const custody =
    'custody' in chain
      ? chain.custody
      : chainCustodyLookup(
          { rpcUrl: chain.rpcUrl, idRegistry: chain.contracts?.idRegistry, cacheTtlMs: chain.cacheTtlMs },
          clock,
        );
  const metrics = createServiceMetrics('names', config.metricsPort);
  const registry = createNameRegistry({
    database,
    custody,
    signer,
    previousSigner: previousSigner(config, signer.address),
    clock,
    policy: {
      cooldownSeconds: config.cooldownSeconds,
      // The config schema checked the items; its list type leaves them unknown.
      reservedNames: new Set(config.reservedNames.map(String)),
      adminFids: new Set(config.adminFids.map(Number)),
      maxTimestampAheadSeconds: config.maxTimestampAheadSeconds,
    },
    limits: createTransferLimits({
      database,
      clock,
      perIp: config.transferIpLimit,
      clients: clientAddresses(config),
      perFid: config.transferFidLimit,
      windowSeconds: config.transferRateWindowSeconds,
    }),
    metrics: createNamesMetrics(metrics.registry),
  });
  const app = await createHttpApp({
    service: 'names',
    title: 'Agora name registry',
    version: agoraVersion(),
    logger: options.logger,
    corsOrigin: config.corsOrigin,
    bodyLimit: BODY_LIMIT_BYTES,
    connections: config,
    errors: namesErrorRenderer,
    healthCheck: registry.ping,
    onClose: database.close,
    metrics,
  });
  // Every read of transfers is current while the last transfer's id holds.
  const answerCache = createAnswerCache(config.answerCacheMb * MiB);
  registerAnswerCacheMetrics(metrics.registry, answerCache);
  const versions = batchedVersions(async (scopes) => {
    const last = String(await lastTransferId(database.db));
    return new Map(scopes.map((scope) => [scope, last]));
  });
  const kept = keptAnswers(versions, {
    cache: answerCache,
    commitMark: database.commitMark,
  });
  registerNamesRoutes(app, registry, kept);
  await app.ready();
  return {
    app,
    registry,
    listen: async () => {
      await metrics.listen(config.host);
      return app.listen({ port: config.port, host: config.host });
    },
    close: async () => {
      await app.close();
    },
  };
}

/** The key rotation's announcement, from --previous-signer-address and --previous-signer-until. */
function previousSigner(config: NamesConfig, current: Address) {
  const { previousSignerAddress: address, previousSignerUntil: until } = config;
  if (address === undefined) {
    if (until !== undefined) throw new Error('--previous-signer-until needs --previous-signer-address');
    return undefined;
  }
  const checksummed = getAddress(address);
  if (checksummed === current) {
    throw new Error('--previous-signer-address is the address of --signer-key itself: announce the old key');
  }
  return { address: checksummed, until };
}
