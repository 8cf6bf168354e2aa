/**
 * One node process of a test: a script run as `node --import tsx <script> <args...>` that serves the node
 * service and prints `listening on <http url> grpc <host:port>`, with a hub-nodejs client of its gRPC API.
 * The process exits when its stdin ends, so it cannot outlive the test process.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getInsecureHubRpcClient, Message as CoreMessage } from '@farcaster/hub-nodejs';
import type { HubRpcClient } from '@farcaster/hub-nodejs';
import { sql } from 'kysely';
import type { Json } from '../../src/node/http/testing.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import { Message } from '../../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../../src/protocol/message.js';
import type { DatabaseOptions, Dialect } from '../../src/storage/index.js';
import type { TestDatabase } from '../../src/storage/testing.js';
import { request } from './crash-process.js';
import { waitFor } from './wait.js';

/** Kept per process for failure messages; the tail is what matters. */
const MAX_OUTPUT_CHARS = 64 * 1024;
const START_TIMEOUT_MS = 60_000;

export interface NodeProcess {
  /** Who it is in failure messages. */
  readonly name: string;
  readonly url: string;
  /** `host:port` of its gRPC API. */
  readonly grpcAddress: string;
  /** A hub-nodejs client of the process's gRPC API. */
  readonly client: HubRpcClient;
  /** GETs a path of the HTTP API: the status and the JSON body. */
  get(path: string): Promise<{ status: number; body: Json }>;
  /** POSTs the message's bytes to /v1/submitMessage: the status and the JSON body. */
  offer(received: ReceivedMessage): Promise<{ status: number; body: Json }>;
  /** offer, and the message must be merged. */
  submit(received: ReceivedMessage): Promise<void>;
  /** The same over gRPC SubmitMessage. */
  submitOverGrpc(received: ReceivedMessage): Promise<void>;
  /** What the process printed so far (stdout and stderr, the last 64 KiB). */
  output(): string;
  /** SIGKILL; resolves once the process is gone. Safe to call more than once. */
  kill(): Promise<void>;
}

/** How a node process opens the test's database: as `agora node` opens its own (service-database.ts). */
export async function processOptions(
  database: TestDatabase<NodeTables>,
  dialect: Dialect,
): Promise<DatabaseOptions> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{
      file: string;
    }>`select file from pragma_database_list where name = 'main'`.execute(database.db);
    return { sqliteFile: rows[0]?.file, backgroundCheckpoints: true };
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
  return { url: process.env['AGORA_TEST_DATABASE_URL'], schema: rows[0]?.schema, poolSize: 4 };
}

/**
 * Every child still running, killed when the test process exits (a runner's forced exit included); a test
 * process killed outright closes the children's stdin, which ends them too.
 */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export async function startNodeProcess(
  script: URL,
  args: readonly string[],
  name: string,
): Promise<NodeProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(script), ...args],
    // stdin stays open: the child exits when it ends.
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  let output = '';
  const append = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout.on('data', append);
  child.stderr.on('data', append);
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  let listening: RegExpExecArray;
  try {
    listening = await waitFor(
      `the ${name} node listening`,
      new Promise<RegExpExecArray>((resolve, reject) => {
        const check = () => {
          const match = /listening on (http:\/\/\S+) grpc (\S+)/.exec(output);
          if (match !== null) resolve(match);
        };
        child.stdout.on('data', check);
        void exited.then(() => reject(new Error(`the ${name} node exited before listening:\n${output}`)));
      }),
      START_TIMEOUT_MS,
    );
  } catch (error) {
    await kill();
    throw error;
  }
  const [, url = '', grpcAddress = ''] = listening;
  const client = getInsecureHubRpcClient(grpcAddress);
  const offer = async (received: ReceivedMessage) => {
    const { status, body } = await request(`${url}/v1/submitMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Message.encode(received.message).finish(),
    });
    return { status, body: JSON.parse(body) as Json };
  };

  return {
    name,
    url,
    grpcAddress,
    client,
    async get(path) {
      const { status, body } = await request(`${url}${path}`);
      return { status, body: JSON.parse(body) as Json };
    },
    offer,
    async submit(received) {
      const { status, body } = await offer(received);
      assert.equal(status, 200, `submit through the ${name}: ${JSON.stringify(body)}`);
    },
    async submitOverGrpc(received) {
      const result = await client.submitMessage(
        CoreMessage.decode(Message.encode(received.message).finish()),
      );
      assert.ok(
        result.isOk(),
        result.isErr() ? `gRPC submit through the ${name}: ${result.error.message}` : '',
      );
    },
    output: () => output,
    async kill() {
      // hub-nodejs's own close() hands back the channel's close function without calling it.
      client.$.close();
      await kill();
    },
  };
}
