/**
 * One node of a test network: run as `node --import tsx <this file> <database options JSON> <flags JSON>`,
 * it serves `agora node` (startNodeService, HTTP and gRPC) on that migrated database with the `agora node`
 * flags given (its peers, its gRPC port), the engine fixtures' clock and no chain: each test database holds
 * the same on-chain events, as each node's own chain reader would. Prints `listening on <http url> grpc
 * <host:port>` and exits when its stdin ends, so it cannot outlive the test process.
 */
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { clock } from '../../src/node/engine/testing.js';
import { startNodeService } from '../../src/node/index.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import { COMMANDS, parseCommand } from '../../src/shared/config/index.js';
import { openDatabase } from '../../src/storage/index.js';
import type { DatabaseOptions } from '../../src/storage/index.js';

export const PEER_NODE_PROCESS = new URL(import.meta.url);

async function main([options, flags]: string[]): Promise<void> {
  if (options === undefined || flags === undefined)
    throw new Error('usage: <database options JSON> <flags JSON>');
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
  const args = [
    '--network',
    'mainnet',
    '--host',
    '127.0.0.1',
    '--port',
    '0',
    ...(JSON.parse(flags) as string[]),
  ];
  const { config } = parseCommand('node', COMMANDS.node.options, args, {});
  const database = await openDatabase<NodeTables>(JSON.parse(options) as DatabaseOptions);
  const node = await startNodeService(config, {
    database,
    clock,
    // Errors and the sync's own lines reach the test's failure messages; request logs do not.
    logger: pino({ level: 'info' }, pino.destination(2)),
    version: 'test',
  });
  console.log(`listening on ${node.url} grpc ${node.grpc?.address ?? 'off'}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
