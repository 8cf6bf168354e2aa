import { readFileSync } from 'node:fs';
import { Server, ServerCredentials, status as Status } from '@grpc/grpc-js';
import type { UntypedHandleCall, UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { ClientAddresses } from '../../shared/client-address.js';
import type { NodeApi } from '../api.js';
import type { EventStreams } from '../events/event-stream.js';
import type { SubmitGuard } from '../submit-guard.js';
import { hubError } from '../../protocol/errors.js';
import { DEFAULT_GRPC_CONNECTION_LIMITS, openConnectionGate } from './connection-limits.js';
import type { GrpcConnectionLimits } from './connection-limits.js';
import { unaryCall } from './handler.js';
import type { UnaryHandlers } from './handler.js';
import { HUB_SERVICE, MAX_REQUEST_BYTES, OversizeRequest } from './hub-service.js';
import type { HubServiceMethod } from './hub-service.js';
import { infoHandlers } from './info.js';
import { readHandlers } from './reads.js';
import { grpcFailure, unimplemented } from './status.js';
import type { GrpcFailure } from './status.js';
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

/** A handler that answers every call with `failure`, whether the method is unary or streaming. */
function refuse(failure: GrpcFailure) {
  return (call: { emit(event: 'error', error: unknown): void }, callback?: (error: GrpcFailure) => void) => {
    if (callback === undefined) call.emit('error', failure);
    else callback(failure);
  };
}

/**
 * A method's handler behind its request size bound: a request over it (hub-service.ts) is refused unread
 * with RESOURCE_EXHAUSTED, as grpc-js refuses one over the bound of them all, and the errCode an
 * oversized HTTP body gets.
 */
function bounded(handler: UntypedHandleCall): UntypedHandleCall {
  type Call = Parameters<ReturnType<typeof refuse>>[0] & { request: unknown };
  const run = handler as (call: Call, callback?: unknown) => void;
  return ((call: Call, callback?: (error: GrpcFailure) => void) => {
    const { request } = call;
    if (!(request instanceof OversizeRequest)) return run(call, callback);
    const failure = hubError('bad_request.parse_failure', request.reason);
    refuse(grpcFailure(failure, Status.RESOURCE_EXHAUSTED))(call, callback);
  }) as UntypedHandleCall;
}

/** grpc-js waits this long for calls in flight at close before it cuts the connections. */
const SHUTDOWN_GRACE_MS = 5000;

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
  const implementation: UntypedServiceImplementation = {};
  const unary = handlers as Record<string, Parameters<typeof unaryCall>[0] | undefined>;
  for (const name of Object.keys(HUB_SERVICE) as HubServiceMethod[]) {
    const handler = unary[name];
    const reason = UNIMPLEMENTED[name];
    if (handler !== undefined) implementation[name] = unaryCall(handler, onFault, options.clients);
    else if (reason !== undefined) implementation[name] = refuse(unimplemented(reason));
  }
  const subscribe = subscriptions(options.streams, onFault, options.clients);
  implementation.Subscribe = subscribe.handle;
  for (const [name, handler] of Object.entries(implementation)) implementation[name] = bounded(handler);

  const limits = { ...DEFAULT_GRPC_CONNECTION_LIMITS, ...options.connections };
  const server = new Server({
    // Hubble's keepalive: a ping every 10 s, a connection that does not answer in 5 s is dropped.
    'grpc.keepalive_time_ms': 10_000,
    'grpc.keepalive_timeout_ms': 5_000,
    // Idle means no call open: a connection carrying a Subscribe stream is in use however quiet it is.
    'grpc.max_connection_idle_ms': limits.idleTimeoutMs,
    'grpc.max_concurrent_streams': limits.maxStreams,
    // grpc-js buffers a request up to this size; each method's own bound then applies (hub-service.ts).
    'grpc.max_receive_message_length': MAX_REQUEST_BYTES,
  });
  server.addService(HUB_SERVICE, implementation);
  // The gate owns the socket (cap, TLS, preface timeout); grpc-js serves the HTTP/2 over it.
  const injector = server.createConnectionInjector(ServerCredentials.createInsecure());
  const gate = await openConnectionGate({
    host: options.host,
    port: options.port,
    tls: readTls(options.tls),
    limits,
    accept: (connection) => injector.injectConnection(connection),
    onError: (error) => log?.warn({ err: error }, 'gRPC port could not accept a connection'),
  });
  const { port } = gate;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  log?.info({ port, tls: options.tls !== undefined }, 'gRPC API listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      // Streams never finish on their own: each is told why it ends, then the server waits for that.
      subscribe.endAll();
      const cut = setTimeout(() => {
        server.forceShutdown();
        gate.destroyAll();
      }, SHUTDOWN_GRACE_MS);
      const shutDown = new Promise<void>((done) => server.tryShutdown(() => done()));
      void Promise.all([shutDown, gate.close()]).then(() => {
        clearTimeout(cut);
        resolve();
      });
    }));
  return { address: `${host}:${port}`, port, close };
}
