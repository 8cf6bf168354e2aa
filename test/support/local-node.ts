import { configOf, NodeOptions } from '../../src/shared/config/index.js';
import type { NodeConfig } from '../../src/shared/config/index.js';
import { freePort } from './free-port.js';

/**
 * `agora node` on 127.0.0.1 with a free HTTP port, silent, and a gRPC port free now (so other nodes can be
 * given it as `--peer` before it starts); `options` on top.
 */
export async function localNodeConfig(
  dataDir: string,
  options: Record<string, unknown> = {},
): Promise<NodeConfig> {
  return configOf(NodeOptions, {
    dataDir,
    host: '127.0.0.1',
    port: 0,
    grpcPort: await freePort(),
    logLevel: 'silent',
    ...options,
  });
}
