import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';
import type { ClientAddresses } from '../../shared/client-address.js';
import type { NodeApi } from '../api.js';
import type { EventStreams } from '../events/event-stream.js';
import type { SubmitGuard } from '../submit-guard.js';
import { DEFAULT_GRPC_CONNECTION_LIMITS, openConnectionGate } from './connection-limits.js';
import type { GrpcConnectionLimits } from './connection-limits.js';
import { unaryRoute } from './handler.js';
import type { UnaryHandlers } from './handler.js';
import { HUB_SERVICE } from './hub-service.js';
import type { HubServiceMethod } from './hub-service.js';
import { infoHandlers } from './info.js';
import { readHandlers } from './reads.js';
import { createRpcServer } from './rpc-server.js';
import type { Route } from './rpc-server.js';
import { GrpcStatusError, toGrpcFailure, unimplemented } from './status.js';
import { submitHandlers } from './submit.js';
import { syncHandlers } from './sync.js';
import { subscriptions } from './subscribe.js';

/** Methods whose data Agora does not have, with the reason the client is told. */
const UNIMPLEMENTED: Partial<Record<HubServiceMethod, string>> = {
  GetBlocks:
    'Agora is not a Snapchain validator: it has no blocks (read the event log with Subscribe or GetEvents)',
  GetShardChunks: 'Agora is not a Snapchain validator: it has no shard chunks',
  GetTrieMetadataByPrefix:
    "Agora keeps the reference hub's sync trie, keyed by SyncIds, not Snapchain's: read it with GetSyncMetadataByPrefix",
};

export interface GrpcServerOptions {
  api: NodeApi;
  /** Shared with the HTTP API: one per-IP submit limit and one set of credentials for both. */
  submitGuard: SubmitGuard;
  /** Subscribe's streams: shared with the HTTP API's, so one per-IP limit counts both. */
  streams: EventStreams;
  /** Who a caller is: the TCP peer, or the client a trusted proxy names (`--trust-proxy`). */
  clients: ClientAddresses;
  host: string;
  port: number;
  /** PEM files; both or neither. */
  tls?: { certFile: string; keyFile: string } | undefined;
  /** Connection cap, handshake and idle timeouts, streams per connection; the node's defaults when absent. */
  connections?: Partial<GrpcConnectionLimits> | undefined;
  logger: Logger | false;
}

export interface GrpcServer {
  /** `host:port`, as gRPC clients take it. */
  readonly address: string;
  readonly port: number;
  /** Stops taking calls, lets unary calls in flight finish, ends open streams; then the server is gone. */
  close(): Promise<void>;
}

/** How long calls in flight have at close before their connections are cut. */
const SHUTDOWN_GRACE_MS = 5000;

/** Hubble's keepalive: a ping every 10 s, a connection that does not answer in 5 s is dropped. */
const KEEPALIVE = { intervalMs: 10_000, timeoutMs: 5_000 };

function readTls(tls: GrpcServerOptions['tls']): { cert: Buffer; key: Buffer } | undefined {
  if (tls === undefined) return undefined;
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`cannot read the gRPC TLS ${what} ${file}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };
  return { cert: read(tls.certFile, 'certificate'), key: read(tls.keyFile, 'key') };
}

/**
 * The node's gRPC API (HubService, proto/rpc.proto): thin handlers over the node API that also serves HTTP,
 * so both transports answer the same request with the same messages and the same errCodes.
 */
export async function startGrpcServer(options: GrpcServerOptions): Promise<GrpcServer> {
  const log = options.logger === false ? undefined : options.logger.child({ component: 'grpc' });
  const onFault = (error: unknown) => log?.error({ err: error }, 'gRPC call failed');
  const handlers: UnaryHandlers = {
    ...submitHandlers(options.api, options.submitGuard),
    ...infoHandlers(options.api),
    ...readHandlers(options.api),
    ...syncHandlers(options.api, options.submitGuard),
  };
  const routes = new Map<string, Route>();
  const unary = handlers as Record<string, Parameters<typeof unaryRoute>[1] | undefined>;
  for (const name of Object.keys(HUB_SERVICE) as HubServiceMethod[]) {
    const definition = HUB_SERVICE[name];
    const handler = unary[name];
    const reason = UNIMPLEMENTED[name];
    if (handler !== undefined) {
      routes.set(
        definition.path,
        unaryRoute(definition as Parameters<typeof unaryRoute>[0], handler, options.clients),
      );
    } else if (reason !== undefined) {
      const refuse = (): never => {
        throw new GrpcStatusError(unimplemented(reason));
      };
      const { maxRequestBytes } = definition;
      routes.set(
        definition.path,
        definition.responseStream
          ? { kind: 'streaming', maxRequestBytes, handle: refuse }
          : { kind: 'unary', maxRequestBytes, handle: refuse },
      );
    }
  }
  const subscribe = subscriptions(options.streams, onFault, options.clients);
  routes.set(HUB_SERVICE.Subscribe.path, {
    kind: 'streaming',
    maxRequestBytes: HUB_SERVICE.Subscribe.maxRequestBytes,
    handle: (bytes, call) => subscribe.handle(HUB_SERVICE.Subscribe.requestDeserialize(bytes), call),
  });

  const limits = { ...DEFAULT_GRPC_CONNECTION_LIMITS, ...options.connections };
  const rpc = createRpcServer({
    routes,
    statusOf: (error) => toGrpcFailure(error, onFault),
    // Idle means no call open: a connection carrying a Subscribe stream is in use however quiet it is.
    idleTimeoutMs: limits.idleTimeoutMs,
    maxStreams: limits.maxStreams,
    keepalive: KEEPALIVE,
  });
  // The gate owns the socket (cap, TLS, preface timeout); the RPC server serves the HTTP/2 over it.
  const gate = await openConnectionGate({
    host: options.host,
    port: options.port,
    tls: readTls(options.tls),
    limits,
    accept: (connection) => rpc.accept(connection),
    onError: (error) => log?.warn({ err: error }, 'gRPC port could not accept a connection'),
  });
  const { port } = gate;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  log?.info({ port, tls: options.tls !== undefined }, 'gRPC API listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      // Streams never finish on their own: each is told why it ends, then the server waits for that.
      subscribe.endAll();
      // The gate's close waits for the connections it handed over, which the RPC server ends.
      await Promise.all([rpc.close(SHUTDOWN_GRACE_MS), gate.close()]);
    })());
  return { address: `${host}:${port}`, port, close };
}
