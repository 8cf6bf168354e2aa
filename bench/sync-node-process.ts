/**
 * One process of the sync bench (sync.ts), run with an IPC channel as
 * `node --import tsx bench/sync-node-process.ts <role> <database options JSON> <role's argument JSON>`:
 *
 * - `node` (argument: `agora node` flags): serves the node (startNodeService, HTTP and gRPC) on that migrated
 *   database, on the engine fixtures' clock and with no chain, as test/support/peer-node-process.ts does.
 *   Log lines are serialized as at info but not written; those of the sync and any warning or error are sent
 *   to the parent with this process's CPU time at that moment.
 * - `floor` (argument: `{ file, inFlight }`): the merge the node's catch-up is measured against. Decodes the
 *   messages in `file` (a MessagesResponse), then merges them with an engine built as the node builds its
 *   own (signatures on the worker pool) through `engine.mergeSynced` in the diff sync's batches, `inFlight`
 *   calls at once as bench/engine.ts runs them, and reports the time and CPU of that merge alone.
 *
 * Both answer CPU samples, and stop on `stop` or when the channel closes.
 */
import { readFile } from 'node:fs/promises';
import { pino } from 'pino';
import { createEngine, createSignaturePool } from '../src/node/engine/index.js';
import type { SyncedOutcome } from '../src/node/engine/index.js';
import { NETWORK, clock, silentLogger } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { MERGE_BATCH } from '../src/node/sync/deferred.js';
import { decodeMessage, splitMessageList } from '../src/protocol/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { COMMANDS, parseCommand } from '../src/shared/config/index.js';
import { openDatabase } from '../src/storage/index.js';
import type { Database, DatabaseOptions } from '../src/storage/index.js';

/** A pino line as the parent reads it. */
export type LogEntry = { level: number; time: number; msg: string } & Record<string, unknown>;

export type ToParent =
  | { type: 'ready'; url: string; grpc: string }
  | { type: 'cpu'; id: number; cpuMs: number }
  | { type: 'log'; entry: LogEntry; cpuMs: number }
  | { type: 'merged'; ms: number; cpuMs: number; merged: number; refused: number };

export type ToChild = { type: 'cpu'; id: number } | { type: 'stop' };

export interface FloorArgument {
  file: string;
  inFlight: number;
}

const send = (message: ToParent) => {
  if (process.connected) process.send?.(message);
};
/** User + system CPU of the whole process (every thread) so far, ms. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Answers CPU samples; `close` runs once on `stop` or when the parent goes, then the process exits. */
function serve(close: () => Promise<void>): void {
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= close().finally(() => process.exit(0));
  };
  process.on('message', (message: ToChild) => {
    if (message.type === 'cpu') send({ type: 'cpu', id: message.id, cpuMs: cpuMs() });
    else stop();
  });
  process.on('disconnect', stop);
}

/** Serializes every line; sends on those of the sync (component "sync") and those at warn or above. */
const forwarded = {
  write(line: string) {
    if (!line.includes('"component":"sync"') && line.startsWith('{"level":30')) return;
    send({ type: 'log', entry: JSON.parse(line) as LogEntry, cpuMs: cpuMs() });
  },
};

async function runNode(database: Database<NodeTables>, flags: string[]): Promise<void> {
  const args = ['--network', 'mainnet', '--host', '127.0.0.1', '--port', '0', ...flags];
  const { config } = parseCommand('node', COMMANDS.node.options, args, {});
  const node = await startNodeService(config, {
    database,
    clock,
    logger: pino({ level: 'info' }, forwarded),
    version: 'bench',
  });
  serve(() => node.close());
  send({ type: 'ready', url: node.url, grpc: node.grpc?.address ?? '' });
}

async function runFloor(database: Database<NodeTables>, { file, inFlight }: FloorArgument): Promise<void> {
  const signatures = createSignaturePool();
  serve(async () => {
    await signatures.close();
    await database.close();
  });
  const engine = createEngine({ db: database.db, network: NETWORK, clock, logger: silentLogger, signatures });
  const bytes = await readFile(file);
  const split = splitMessageList(bytes, Number.MAX_SAFE_INTEGER);
  if (!split.ok) throw new Error(split.error.message);
  const messages = split.value.map((encoded): ReceivedMessage => {
    const decoded = decodeMessage(encoded);
    if (!decoded.ok) throw new Error(decoded.error.message);
    return decoded.value;
  });
  const batches = Array.from({ length: Math.ceil(messages.length / MERGE_BATCH) }, (_, i) =>
    messages.slice(i * MERGE_BATCH, (i + 1) * MERGE_BATCH),
  );
  const outcomes: SyncedOutcome[] = [];
  let next = 0;
  const lane = async () => {
    for (let index = next++; index < batches.length; index = next++) {
      outcomes.push(...(await engine.mergeSynced(batches[index]!)));
    }
  };
  const cpuBefore = cpuMs();
  const start = performance.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  const ms = performance.now() - start;
  const merged = outcomes.filter((outcome) => outcome.ok).length;
  send({ type: 'merged', ms, cpuMs: cpuMs() - cpuBefore, merged, refused: outcomes.length - merged });
}

const [role, options, argument] = process.argv.slice(2);
if (options === undefined || argument === undefined) throw new Error('usage: <role> <options> <argument>');
const database = await openDatabase<NodeTables>(JSON.parse(options) as DatabaseOptions);
if (role === 'node') await runNode(database, JSON.parse(argument) as string[]);
else if (role === 'floor') await runFloor(database, JSON.parse(argument) as FloorArgument);
else throw new Error(`unknown role ${role}`);
