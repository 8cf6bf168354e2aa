import { pino } from 'pino';
import type { Logger } from 'pino';
import { CANONICAL_ADDRESSES } from '../chain/contracts.js';
import { StartRefused, type ChainSeen } from '../shared/startup/decisions.js';
import { clientAddresses } from '../shared/client-address.js';
import type { ChainReader } from '../chain/reader/index.js';
import { realSleep } from '../shared/retry.js';
import { createAnswerCache, MiB } from '../shared/http/answer-cache.js';
import { createServiceMetrics } from '../shared/metrics/index.js';
import { loopStatus } from '../shared/status.js';
import { agoraVersion } from '../shared/version.js';
import type { Sleep } from '../shared/retry.js';
import { NETWORKS } from '../protocol/networks.js';
import type { NodeConfig } from '../shared/config/index.js';
import type { HttpApp } from '../shared/http/index.js';
import { openServiceDatabase } from '../storage/index.js';
import type { Database } from '../storage/index.js';
import { createNodeApi } from './api.js';
import type { BatchingOptions, NodeApi } from './api.js';
import { createEngine, createSignaturePool } from './engine/index.js';
import {
  createEventFeed,
  createEventStreams,
  lastEventId,
  pruneEvents,
  startJob,
  systemClock,
} from './events/index.js';
import type { Clock, Job } from './events/index.js';
import { startFnameSync } from './fnames/index.js';
import type { FnameSync } from './fnames/index.js';
import { startGrpcServer } from './grpc/index.js';
import type { GrpcServer } from './grpc/index.js';
import { createNodeHttpApp } from './http/index.js';
import { startChainIngest, startRevocationRetry } from './ingest/index.js';
import type { SignerDeactivated } from './ingest/index.js';
import type { NodeTables } from './store/schema.js';
import { createSubmitGuard } from './submit-guard.js';
import {
  chainStatus,
  chainSyncing,
  deferredStatus,
  fnameStatus,
  peerStatus,
  syncTrieStatus,
} from './loop-status.js';
import { startPeerNetwork } from './sync/peer-network.js';
import type { PeerNetwork } from './sync/peer-network.js';
import { createSyncedMerge, startDeferredRetry } from './sync/synced-merge.js';
import type { DeferredRetry } from './sync/synced-merge.js';
import { joinAddress } from './sync/contact-info.js';
import { onChainBlockOf, syncIdKind } from './sync/sync-id.js';
import { createNodeMetrics, type NodeMetrics } from './metrics.js';
import { takeLoopsLock, type LoopsLock } from './loops-lock.js';
import { chainReaderStart, loopLines } from './start-decisions.js';
import { ensureSyncTrie } from './sync/rebuild-sync-trie.js';

const HOUR_MS = 60 * 60 * 1000;
/** The reference prunes messages every 2 hours and expires events hourly. */
const PRUNE_INTERVAL_MS = 2 * HOUR_MS;
const EVENT_RETENTION_INTERVAL_MS = HOUR_MS;
/** Messages deferred for the chain view are retried when the chain reader moves, and at least this often. */
const DEFERRED_RETRY_MS = 60_000;
const DEFERRED_CHECK_MS = 1000;

export interface NodeServiceDeps {
  /** A pino logger; nothing is logged when absent or false. */
  logger?: Logger | false | undefined;
  clock?: Clock | undefined;
  /** The fname sync's HTTP client. */
  fetch?: typeof fetch | undefined;
  /** The waits of the fname sync and of the revocation retry between passes. */
  sleep?: Sleep | undefined;
  /** Wraps the revocation of a deactivated signer's messages (tests make it fail or hang). */
  wrapRevocation?: ((revoke: SignerDeactivated) => SignerDeactivated) | undefined;
  /** An open, migrated database to use instead of the configured one; the service closes it. */
  database?: Database<NodeTables> | undefined;
  batching?: Partial<BatchingOptions> | undefined;
  /** Reported by `/v1/info`; the package version when absent. */
  version?: string | undefined;
  /** What `agora node` read from the chain RPC at start: checked against the reader's start (start-checks). */
  chain?: ChainSeen | undefined;
}

export interface NodeService {
  readonly app: HttpApp;
  readonly api: NodeApi;
  /** Where the HTTP API listens, e.g. `http://127.0.0.1:2281`. */
  readonly url: string;
  /** The gRPC API, unless `grpcPort` is 0. */
  readonly grpc: GrpcServer | undefined;
  /** Running when `chainRpcUrl` is configured. */
  readonly chainIngest: ChainReader | undefined;
  /** Running when `namesUrl` is configured. */
  readonly fnameSync: FnameSync | undefined;
  /** The node's counters on its `/metrics`. */
  readonly metrics: NodeMetrics;
  /**
   * Stops both APIs (in-flight requests finish, event streams end), then the submits in flight, the loops
   * and jobs, then the database.
   */
  close(): Promise<void>;
}

/** Where peers reach this node's gRPC API: --announce-address, else the address it listens on unless a wildcard. */
function announceAddress(config: NodeConfig, grpc: GrpcServer | undefined): string | undefined {
  if (config.announceAddress !== undefined) return config.announceAddress;
  if (grpc === undefined || ['0.0.0.0', '::', ''].includes(config.host)) return undefined;
  return joinAddress(config.host, grpc.port);
}

function grpcTls(config: NodeConfig): { certFile: string; keyFile: string } | undefined {
  const { grpcTlsCert: certFile, grpcTlsKey: keyFile } = config;
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined) {
    throw new StartRefused('--grpc-tls-cert and --grpc-tls-key go together: give both or neither');
  }
  return { certFile, keyFile };
}

/**
 * The node: its database (migrated), the message engine, chain ingestion and the fname sync when
 * configured, the pruning and event-retention jobs, and the HTTP API listening on the configured address.
 */
export async function startNodeService(config: NodeConfig, deps: NodeServiceDeps = {}): Promise<NodeService> {
  const log = deps.logger || pino({ enabled: false });
  const clock = deps.clock ?? systemClock;
  const database = deps.database ?? (await openServiceDatabase<NodeTables>('node', config)).database;
  const { db } = database;
  const stops: (() => Promise<void>)[] = [];
  let app: HttpApp | undefined;
  let grpc: GrpcServer | undefined;
  let api: NodeApi | undefined;
  let loopsLock: LoopsLock | undefined;
  let closing: Promise<void> | undefined;
  /** The peers synced with, started once the APIs listen. */
  let peers: PeerNetwork | undefined;
  let deferredRetry: DeferredRetry | undefined;

  const close = (): Promise<void> =>
    (closing ??= (async () => {
      try {
        await Promise.all([app?.close(), grpc?.close()]);
        await api?.close();
        await Promise.all(stops.map((stop) => stop()));
        await loopsLock?.release();
      } finally {
        await database.close();
      }
    })());

  try {
    // Once, on a database that held items before SyncIds were kept: every write keeps them from then on.
    if (await ensureSyncTrie(db)) log.info('built the sync trie from the stores');
    // Message signatures are verified, and key messages' EIP-712 signers recovered, on one worker thread
    // per core; stopped after the HTTP API.
    const signatures = createSignaturePool();
    stops.push(() => signatures.close());
    const engine = createEngine({
      db,
      network: NETWORKS[config.network],
      clock,
      logger: log.child({ component: 'engine' }),
      signatures,
      keyAddsPerHour: config.keyAddsPerHour,
    });
    const serviceMetrics = createServiceMetrics('node', config.metricsPort);
    const answerCache = createAnswerCache(config.answerCacheMb * MiB);
    const metrics = createNodeMetrics(serviceMetrics.registry, {
      headEventId: () => lastEventId(db),
      syncTrieItems: () => api!.sync.trie.items(),
      // Read at scrape time, once the service is listening.
      streams: () => eventStreams.running().length,
      peers: () => peers?.statuses() ?? [],
      answerCache,
    });
    api = createNodeApi({
      database,
      engine,
      version: deps.version ?? agoraVersion(),
      batching: deps.batching,
      clock,
      onSubmitted: (outcome) => metrics.recordMerge(outcome),
      answerCache,
      // Asked by requests only, once the reader below has started.
      syncing: () =>
        (chainIngest !== undefined && chainSyncing(chainIngest.status(), config.chainConfirmations)) ||
        peers?.syncing() === true,
      peers: () => peers,
    });

    const sleep = deps.sleep ?? realSleep;
    const engineRevocation: SignerDeactivated = (fid, key) => engine.revokeSigner(fid, key);
    const revokeSigner = deps.wrapRevocation?.(engineRevocation) ?? engineRevocation;
    // Revocations queued by an on-chain change whose attempt failed or was cut short by a crash.
    const revocationRetry = startRevocationRetry({
      db,
      revoke: revokeSigner,
      clock,
      sleep,
      logger: log.child({ component: 'revocation-retry' }),
    });
    stops.push(() => revocationRetry.stop());

    // Two processes running the loops would write the same rows: the second is refused (deploy.md).
    const runsLoops =
      config.chainRpcUrl !== undefined || config.namesUrl !== undefined || (config.peer ?? []).length > 0;
    if (runsLoops) {
      loopsLock = await takeLoopsLock(database, (error) =>
        log.error({ err: error }, 'loops lock: its connection failed; another node may take the loops now'),
      );
      if (loopsLock === undefined) {
        throw new StartRefused(
          'another node process runs the chain reader, fname sync and peer sync on this database (it holds their PostgreSQL advisory lock): start this one without --chain-rpc-url, --names-url and --peer to serve the API only',
        );
      }
    }
    const chainIngest =
      config.chainRpcUrl === undefined
        ? undefined
        : startChainIngest({
            db,
            rpcUrl: config.chainRpcUrl,
            clock,
            ...(await chainReaderStart(db, config, deps.chain, log)),
            addresses: {
              idRegistry: CANONICAL_ADDRESSES.idRegistry,
              keyRegistry: CANONICAL_ADDRESSES.keyRegistry,
              storageRegistry: CANONICAL_ADDRESSES.storageRegistry,
            },
            confirmations: config.chainConfirmations,
            logger: log.child({ component: 'chain' }),
            onSignerDeactivated: revokeSigner,
          });
    if (chainIngest !== undefined) stops.push(() => chainIngest.stop());

    const fnameSync =
      config.namesUrl === undefined
        ? undefined
        : startFnameSync({
            db,
            registryUrl: config.namesUrl,
            fetch: deps.fetch ?? fetch,
            clock,
            sleep,
            logger: log.child({ component: 'fnames' }),
            revokeUsername: engine.revokeUsername,
          });
    if (fnameSync !== undefined) stops.push(() => fnameSync.stop());

    // On PostgreSQL the jobs run in the one process holding the loops lock; SQLite has one process.
    const runJobs = database.dialect === 'sqlite' || loopsLock !== undefined;
    loopLines(config, runJobs, log);
    const retentionMs = config.eventRetentionHours * HOUR_MS;
    const jobs: Job[] = runJobs
      ? [
          startJob(PRUNE_INTERVAL_MS, () => engine.prune(), log.child({ job: 'prune' })),
          startJob(
            EVENT_RETENTION_INTERVAL_MS,
            () => pruneEvents(db, clock.now(), retentionMs),
            log.child({ job: 'event-retention' }),
          ),
        ]
      : [];
    for (const job of jobs) stops.push(() => job.stop());

    // Who a client is, for the per-IP limits of both APIs (the HTTP app reads --trust-proxy alike).
    const clients = clientAddresses(config);
    const submitGuard = createSubmitGuard({
      rpcAuth: config.rpcAuth?.map(String),
      perMinute: config.submitRateLimit,
      now: () => clock.now(),
      clients,
    });
    // One feed tails the log for both APIs' streams; closed after both APIs have ended theirs.
    const feedLog = log.child({ component: 'event-feed' });
    const feed = createEventFeed({
      db,
      notices: database.notices,
      onError: (error) => feedLog.error({ err: error }, 'reading the event log failed; retrying'),
    });
    stops.push(() => feed.close());
    const eventStreams = createEventStreams({
      feed,
      perIpLimit: config.subscribePerIpLimit,
      clients,
      authenticated: submitGuard.authenticated,
    });
    app = await createNodeHttpApp({
      api,
      metrics: serviceMetrics,
      logger: deps.logger ?? false,
      corsOrigin: config.corsOrigin,
      connections: config,
      submitGuard,
      eventStreams,
      // A loop is required when configured: until it has caught up, the node serves an old view.
      components: async () => ({
        ...(chainIngest !== undefined && { chain: chainStatus(chainIngest.status()) }),
        ...(fnameSync !== undefined && { fnames: fnameStatus(fnameSync.status()) }),
        revocations: loopStatus(revocationRetry.status(), false),
        syncTrie: await syncTrieStatus(api!.sync.trie),
        ...(deferredRetry !== undefined && { deferred: deferredStatus(deferredRetry.status()) }),
        ...Object.fromEntries(
          (peers?.statuses() ?? []).map((status) => [`peer ${status.peer}`, peerStatus(status)]),
        ),
      }),
    });
    await serviceMetrics.listen(config.host);
    const url = await app.listen({ host: config.host, port: config.port });
    if (config.grpcPort !== 0) {
      grpc = await startGrpcServer({
        api,
        submitGuard,
        streams: eventStreams,
        clients,
        host: config.host,
        port: config.grpcPort,
        tls: grpcTls(config),
        connections: {
          maxConnections: config.grpcMaxConnections,
          handshakeTimeoutMs: config.grpcHandshakeTimeout * 1000,
          idleTimeoutMs: config.grpcIdleTimeout * 1000,
          maxStreams: config.grpcMaxStreams,
        },
        logger: deps.logger ?? false,
      });
    }
    if (grpc !== undefined || (config.peer ?? []).length > 0) {
      // One merge for every peer and route, so the deferral bounds and the retry loop see all of them.
      const syncedMerge = createSyncedMerge({ db, engine, clock });
      const syncLog = log.child({ component: 'sync' });
      // Like the jobs, peers are synced with by one process per database.
      if (runJobs) {
        deferredRetry = startDeferredRetry({
          syncedMerge,
          // What lets a deferred message in: the chain read further or again, or new fname proofs.
          chainPosition: () =>
            `${chainIngest?.status().nextBlock}/${chainIngest?.status().rereads}/${fnameSync?.status().cursor}`,
          intervalMs: DEFERRED_RETRY_MS,
          checkIntervalMs: DEFERRED_CHECK_MS,
          sleep,
          now: () => clock.now(),
          logger: syncLog,
        });
        stops.push(() => deferredRetry!.stop());
      }
      if (!runJobs && (config.peer ?? []).length > 0) {
        syncLog.info('peers: synced with by the node process holding the loops lock on this database');
      }
      peers = await startPeerNetwork({
        db,
        configured: (config.peer ?? []).map(String),
        policy: {
          allow: config.peerAllow?.map(String),
          deny: (config.peerDeny ?? []).map(String),
          maxPeers: config.maxPeers,
          self: announceAddress(config, grpc),
        },
        tls: config.peerTls,
        network: NETWORKS[config.network],
        appVersion: api.version,
        sync: api.sync,
        merge: (messages) => syncedMerge.merge(messages),
        // What a peer holds of the chain and the registry is read from this node's own.
        ownSources: (ids) => {
          const blocks = ids.map(onChainBlockOf).filter((block) => block !== undefined);
          if (blocks.length > 0) chainIngest?.reread(blocks);
          if (ids.some((id) => syncIdKind(id) === 'fname')) fnameSync?.wake();
        },
        onMerged: (peer, route, fetched, tally) => metrics.recordSynced(peer, route, fetched, tally),
        intervalMs: config.syncInterval * 1000,
        passive: !runJobs,
        logger: syncLog,
        sleep,
        now: () => clock.now(),
      });
      stops.push(() => peers!.stop());
    }
    return { app, api, url, grpc, chainIngest, fnameSync, metrics, close };
  } catch (error) {
    await close();
    throw error;
  }
}
