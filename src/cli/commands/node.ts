import { agoraVersion } from '../../shared/version.js';
import { commandLogger } from '../logger.js';
import { startNodeService } from '../../node/index.js';
import type { NodeConfig } from '../../shared/config/index.js';
import type { SignalSource } from '../../shared/http/index.js';
import type { CliIo } from '../io.js';
import { serveUntilSignal } from './serve.js';

/** `agora node`: runs the node until SIGINT or SIGTERM; exits 0 after a clean stop. */
export async function runNode(config: NodeConfig, io: CliIo, signals?: SignalSource): Promise<number> {
  const logger = commandLogger(config, 'node');
  const service = await startNodeService(config, { logger });
  const grpc = service.grpc === undefined ? 'gRPC off' : `gRPC on ${service.grpc.address}`;
  io.out(`agora node: listening on ${service.url}, ${grpc} (agora ${agoraVersion()})`);
  return serveUntilSignal({ close: () => service.close(), server: service.app.server }, logger, signals);
}
