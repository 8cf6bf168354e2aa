import { readFileSync } from 'node:fs';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import type { UntypedServiceImplementation } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { NodeApi } from '../api.js';
import type { EventStreams } from '../events/event-stream.js';
import type { SubmitGuard } from '../submit-guard.js';
import { unaryCall } from './handler.js';
import type { UnaryHandlers } from './handler.js';
import { HUB_SERVICE } from './hub-service.js';
import type { HubServiceMethod } from './hub-service.js';
import { infoHandlers } from './info.js';
import { readHandlers } from './reads.js';
import { unimplemented } from './status.js';
import type { GrpcFailure } from './status.js';
import { submitHandlers } from './submit.js';
import { subscriptions } from './subscribe.js';

/** Methods whose data Agora does not have, with the reason the client is told. */
const UNIMPLEMENTED: Partial<Record<HubServiceMethod, string>> = {
  GetBlocks:
    'Agora is not a Snapchain validator: it has no blocks (read the event log with Subscribe or GetEvents)',
  GetShardChunks: 'Agora is not a Snapchain validator: it has no shard chunks',
  GetTrieMetadataByPrefix: 'Agora keeps no merkle trie: it does not sync with other hubs',
};

export interface GrpcServerOptions {
  api: NodeApi;
  /** Shared with the HTTP API: one per-IP submit limit and one set of credentials for both. */
  submitGuard: SubmitGuard;
  /** Subscribe's streams: shared with the HTTP API's, so one per-IP limit counts both. */
  streams: EventStreams;
  host: string;
  port: number;
  /** PEM files; both or neither. */
  tls?: { certFile: string; keyFile: string } | undefined;
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

/** grpc-js waits this long for calls in flight at close before it cuts the connections. */
const SHUTDOWN_GRACE_MS = 5000;

function credentials(tls: GrpcServerOptions['tls']): ServerCredentials {
  if (tls === undefined) return ServerCredentials.createInsecure();
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new Error(`cannot read the gRPC TLS ${what} ${file}: ${(error as Error).message}`, {
        cause: error,
      });
    }
  };
  return ServerCredentials.createSsl(null, [
    { cert_chain: read(tls.certFile, 'certificate'), private_key: read(tls.keyFile, 'key') },
  ]);
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
  };
  const implementation: UntypedServiceImplementation = {};
  const unary = handlers as Record<string, Parameters<typeof unaryCall>[0] | undefined>;
  for (const name of Object.keys(HUB_SERVICE) as HubServiceMethod[]) {
    const handler = unary[name];
    const reason = UNIMPLEMENTED[name];
    if (handler !== undefined) implementation[name] = unaryCall(handler, onFault);
    else if (reason !== undefined) implementation[name] = refuse(unimplemented(reason));
  }
  const subscribe = subscriptions(options.streams, onFault);
  implementation.Subscribe = subscribe.handle;

  const server = new Server({
    // Hubble's keepalive: a ping every 10 s, a connection that does not answer in 5 s is dropped.
    'grpc.keepalive_time_ms': 10_000,
    'grpc.keepalive_timeout_ms': 5_000,
  });
  server.addService(HUB_SERVICE, implementation);
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${options.port}`, credentials(options.tls), (error, bound) =>
      error === null ? resolve(bound) : reject(error),
    ),
  );
  log?.info({ port, tls: options.tls !== undefined }, 'gRPC API listening');

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      // Streams never finish on their own: each is told why it ends, then the server waits for that.
      subscribe.endAll();
      const cut = setTimeout(() => server.forceShutdown(), SHUTDOWN_GRACE_MS);
      server.tryShutdown(() => {
        clearTimeout(cut);
        resolve();
      });
    }));
  return { address: `${host}:${port}`, port, close };
}
