/**
 * One node process of test/node-two-processes.test.ts: run as `node --import tsx <this file> <database
 * options JSON> <role>`, it serves the node service (`agora node`'s startNodeService, HTTP and gRPC, no
 * chain) on that migrated database with the engine fixtures' clock, so the fixtures' accounts and
 * messages are current, and prints `listening on <http url> grpc <host:port>`.
 *
 * The role sets its revocation retry: a `writer` looks for queued revocations every 50 ms, so a signer
 * reset another handle commits is revoked by this process at once; a `reader` looks once, at its start,
 * and never again, so every revocation it serves was written by another process.
 * It exits when its stdin ends, so it cannot outlive the test process.
 */
import { pathToFileURL } from 'node:url';
import { pino } from 'pino';
import { clock } from '../../src/node/engine/testing.js';
import { startNodeService } from '../../src/node/index.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import { COMMANDS, parseCommand } from '../../src/shared/config/index.js';
import { realSleep } from '../../src/shared/retry.js';
import type { Sleep } from '../../src/shared/retry.js';
import { openDatabase } from '../../src/storage/index.js';
import type { DatabaseOptions } from '../../src/storage/index.js';
import { freePort } from './free-port.js';

export const TWO_NODES_PROCESS = new URL(import.meta.url);

export type NodeRole = 'writer' | 'reader';

const WRITER_REVOCATION_POLL_MS = 50;

/** Waits until the service stops (its signal aborts): the reader's retry loop never looks again. */
const untilStopped: Sleep = (_ms, signal) =>
  new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

const sleeps: Record<NodeRole, Sleep> = {
  writer: (ms, signal) => realSleep(Math.min(ms, WRITER_REVOCATION_POLL_MS), signal),
  reader: untilStopped,
};

async function main([options, role]: string[]): Promise<void> {
  if (options === undefined || (role !== 'writer' && role !== 'reader')) {
    throw new Error('usage: <database options JSON> writer|reader');
  }
  // The test holds this process's stdin: when the test process ends, however it ends, so does this one.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
  // --grpc-port 0 turns gRPC off, so the port is one free now.
  const flags = ['--network', 'mainnet', '--host', '127.0.0.1', '--port', '0'];
  flags.push('--grpc-port', String(await freePort()));
  const { config } = parseCommand('node', COMMANDS.node.options, flags, {});
  const database = await openDatabase<NodeTables>(JSON.parse(options) as DatabaseOptions);
  const node = await startNodeService(config, {
    database,
    clock,
    sleep: sleeps[role],
    // Errors reach the test's failure messages; request logs do not.
    logger: pino({ level: 'warn' }, pino.destination(2)),
    version: 'test',
  });
  console.log(`listening on ${node.url} grpc ${node.grpc?.address ?? 'off'}`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
