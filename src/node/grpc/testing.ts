/**
 * Test harness for the node's gRPC API: the HTTP harness (http/testing.ts) with a gRPC server beside it on
 * 127.0.0.1, sharing its node API and submit guard, and a real `@farcaster/hub-nodejs` client. Test-only.
 */
import { getInsecureHubRpcClient } from '@farcaster/hub-nodejs';
import type { HubRpcClient } from '@farcaster/hub-nodejs';
import type { Dialect } from '../../storage/index.js';
import { openNodeHttp } from '../http/testing.js';
import type { HarnessOptions, NodeHttpHarness } from '../http/testing.js';
import { startGrpcServer } from './server.js';
import type { GrpcServer, GrpcServerOptions } from './server.js';

export interface NodeGrpcHarness extends NodeHttpHarness {
  grpc: GrpcServer;
  /** A hub-nodejs 0.17 client of `grpc`. */
  client: HubRpcClient;
}

export interface GrpcHarnessOptions extends HarnessOptions {
  grpc?: Partial<Omit<GrpcServerOptions, 'api' | 'submitGuard' | 'streams' | 'clients'>>;
}

export async function openNodeGrpc(
  dialect: Dialect,
  options: GrpcHarnessOptions = {},
): Promise<NodeGrpcHarness> {
  const http = await openNodeHttp(dialect, options);
  let grpc: GrpcServer;
  try {
    grpc = await startGrpcServer({
      api: http.api,
      submitGuard: http.submitGuard,
      streams: http.eventStreams,
      clients: http.clients,
      host: '127.0.0.1',
      port: 0,
      logger: false,
      ...options.grpc,
    });
  } catch (error) {
    await http.close();
    throw error;
  }
  const client = getInsecureHubRpcClient(grpc.address);
  return {
    ...http,
    grpc,
    client,
    async close() {
      // hub-nodejs's own close() hands back the channel's close function without calling it.
      client.$.close();
      await grpc.close();
      await http.close();
    },
  };
}
