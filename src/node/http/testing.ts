/**
 * Test harness for the node's HTTP API: the app on a disposable database, with the engine fixtures'
 * clock and accounts (src/node/engine/testing.ts). Test-only.
 */
import assert from 'node:assert/strict';
import type { InjectOptions } from 'fastify';
import { Message } from '../../protocol/gen/message.js';
import {
  clientAddresses,
  DEFAULT_CLIENT_ADDRESSES,
  type ClientAddresses,
} from '../../shared/client-address.js';
import type { Clock } from '../../shared/clock.js';
import type { ConnectionSettings, HttpApp } from '../../shared/http/index.js';
import type { Dialect } from '../../storage/index.js';
import { openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import { createNodeApi } from '../api.js';
import type { BatchingOptions, NodeApi } from '../api.js';
import type { Engine, EngineOptions } from '../engine/index.js';
import { clock, testEngine } from '../engine/testing.js';
import { createEventStreams } from '../events/event-stream.js';
import type { EventStreams } from '../events/event-stream.js';
import { createEventFeed } from '../events/feed.js';
import type { EventFeed } from '../events/feed.js';
import type { NodeTables } from '../store/schema.js';
import { createSubmitGuard } from '../submit-guard.js';
import type { SubmitGuard } from '../submit-guard.js';
import { createNodeHttpApp } from './app.js';
import type { NodeHttpOptions } from './app.js';

export interface NodeHttpHarness {
  app: HttpApp;
  api: NodeApi;
  engine: Engine;
  database: TestDatabase<NodeTables>;
  /** The submit limit and credentials, for a gRPC server beside the app (grpc/testing.ts). */
  submitGuard: SubmitGuard;
  /** Who a client is (from `connections`), for a gRPC server beside the app. */
  clients: ClientAddresses;
  /** The event feed and streams behind `/v1/events/stream`, for gRPC Subscribe beside the app. */
  feed: EventFeed;
  eventStreams: EventStreams;
  /** GET a path; the body parsed as JSON. */
  get(path: string): Promise<{ status: number; body: Json }>;
  /** POST protobuf bytes (or a message, encoded) to a submit route. */
  post(
    path: string,
    body: Message | Uint8Array | string,
    options?: { headers?: Record<string, string>; remoteAddress?: string },
  ): Promise<{ status: number; body: Json }>;
  close(): Promise<void>;
}

// Tests read responses loosely; the renderers' own types are `unknown`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface HarnessOptions extends Partial<
  Omit<NodeHttpOptions, 'api' | 'submitGuard' | 'eventStreams'>
> {
  /** Options of the test engine, e.g. small store limits. */
  engine?: Partial<EngineOptions>;
  /** Wraps the test engine, e.g. to count batches. */
  wrapEngine?: (engine: Engine) => Engine;
  /** `user:password` pairs required to submit; none means no auth. */
  rpcAuth?: readonly string[];
  /** Submits per client IP per minute (on the test clock); 0 (the default) turns the limit off. */
  submitRateLimit?: number;
  /** Whether loopback callers escape the submit limit, as in production without a proxy (default true). */
  loopbackExempt?: boolean;
  batching?: Partial<BatchingOptions>;
  /** Event streams: per-IP limit (default 4, as the node's), stall timeout and the feed's poll interval. */
  streams?: { perIpLimit?: number; stallTimeoutMs?: number; pollIntervalMs?: number };
  /** Times the API's caches (dbStats); the system clock when absent. */
  apiClock?: Clock;
  /**
   * The HTTP server's connection options (e.g. `trustProxy`), also who a client is for the per-IP limits of
   * both transports; Node's defaults and the options' defaults when absent.
   */
  connections?: ConnectionSettings;
}

export async function openNodeHttp(dialect: Dialect, options: HarnessOptions = {}): Promise<NodeHttpHarness> {
  const database = await openTestDatabase<NodeTables>(dialect, 'node');
  const base = testEngine(database.db, options.engine);
  const engine = options.wrapEngine?.(base) ?? base;
  const api = createNodeApi({
    database,
    engine,
    version: 'test',
    batching: options.batching,
    clock: options.apiClock,
  });
  const clients = options.connections ? clientAddresses(options.connections) : DEFAULT_CLIENT_ADDRESSES;
  const submitGuard = createSubmitGuard({
    rpcAuth: options.rpcAuth,
    perMinute: options.submitRateLimit ?? 0,
    now: () => clock.now(),
    clients: options.loopbackExempt === false ? { ...clients, isOperator: () => false } : clients,
  });
  const feed = createEventFeed({ db: database.db, pollIntervalMs: options.streams?.pollIntervalMs });
  const eventStreams = createEventStreams({
    feed,
    perIpLimit: options.streams?.perIpLimit ?? 4,
    clients,
    authenticated: submitGuard.authenticated,
    stallTimeoutMs: options.streams?.stallTimeoutMs,
  });
  const app = await createNodeHttpApp({
    api,
    logger: options.logger ?? false,
    corsOrigin: options.corsOrigin ?? '*',
    connections: options.connections,
    submitGuard,
    eventStreams,
    streamKeepAliveMs: options.streamKeepAliveMs,
  });
  const send = async (request: InjectOptions) => {
    const response = await app.inject(request);
    return { status: response.statusCode, body: response.json() as Json };
  };
  return {
    app,
    api,
    engine,
    database,
    submitGuard,
    clients,
    feed,
    eventStreams,
    get: (url) => send({ method: 'GET', url }),
    post: (url, body, { headers = {}, remoteAddress } = {}) =>
      send({
        method: 'POST',
        url,
        payload: Buffer.from(
          body instanceof Uint8Array || typeof body === 'string' ? body : Message.encode(body).finish(),
        ),
        headers: { 'content-type': 'application/octet-stream', ...headers },
        ...(remoteAddress !== undefined && { remoteAddress }),
      }),
    async close() {
      await app.close();
      await feed.close();
      await api.close();
      await database.cleanup();
    },
  };
}

/**
 * Hand-written checks of the schemas in the reference's hub-openapi.yaml (required keys and patterns),
 * for the response kinds clients generated from it rely on.
 */
const HEX = /^0x[0-9a-f]+$/;
const MESSAGE_HASH = /^0x[0-9a-f]{40}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function hasKeys(value: Json, keys: readonly string[], what: string): void {
  assert.ok(typeof value === 'object' && value !== null, `${what} is an object`);
  for (const key of keys) assert.ok(key in value, `${what} has ${key}: ${JSON.stringify(value)}`);
}

export const openApiShape = {
  message(message: Json): void {
    hasKeys(message, ['data', 'hash', 'hashScheme', 'signature', 'signatureScheme', 'signer'], 'Message');
    hasKeys(message.data, ['fid', 'network', 'timestamp', 'type'], 'MessageData');
    assert.match(message.hash, MESSAGE_HASH);
    assert.match(message.signer, HEX);
    assert.match(message.signature, BASE64);
    assert.equal(message.hashScheme, 'HASH_SCHEME_BLAKE3');
  },
  messagesPage(body: Json): void {
    hasKeys(body, ['messages', 'nextPageToken'], 'MessagesResponse');
    assert.ok(Array.isArray(body.messages));
    assert.match(body.nextPageToken, BASE64);
    for (const message of body.messages) openApiShape.message(message);
  },
  onChainEvent(event: Json): void {
    const common = ['type', 'chainId', 'blockNumber', 'blockHash', 'blockTimestamp', 'transactionHash'];
    hasKeys(event, [...common, 'logIndex', 'txIndex', 'fid'], 'OnChainEvent');
    const body = {
      EVENT_TYPE_SIGNER: 'signerEventBody',
      EVENT_TYPE_SIGNER_MIGRATED: 'signerMigratedEventBody',
      EVENT_TYPE_ID_REGISTER: 'idRegisterEventBody',
      EVENT_TYPE_STORAGE_RENT: 'storageRentEventBody',
    }[event.type as string];
    assert.ok(body !== undefined && body in event, `OnChainEvent body of ${event.type}`);
    assert.match(event.blockHash, HEX);
    assert.match(event.transactionHash, HEX);
  },
  hubEvent(event: Json): void {
    hasKeys(event, ['type', 'id'], 'HubEvent');
    const body = {
      HUB_EVENT_TYPE_MERGE_MESSAGE: 'mergeMessageBody',
      HUB_EVENT_TYPE_PRUNE_MESSAGE: 'pruneMessageBody',
      HUB_EVENT_TYPE_REVOKE_MESSAGE: 'revokeMessageBody',
      HUB_EVENT_TYPE_MERGE_USERNAME_PROOF: 'mergeUsernameProofBody',
      HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT: 'mergeOnChainEventBody',
    }[event.type as string];
    assert.ok(body !== undefined && body in event, `HubEvent body of ${event.type}`);
  },
  usernameProof(proof: Json): void {
    hasKeys(proof, ['timestamp', 'name', 'owner', 'signature', 'fid', 'type'], 'UserNameProof');
    assert.match(proof.owner, /^0x[0-9a-f]{40}$/);
    assert.match(proof.signature, BASE64);
  },
  error(body: Json, errCode: string, code: number): void {
    assert.deepEqual(Object.keys(body), ['errCode', 'presentable', 'name', 'code', 'details', 'metadata']);
    assert.equal(body.errCode, errCode);
    assert.equal(body.code, code);
    assert.equal(body.presentable, false);
    assert.equal(body.name, 'HubError');
    assert.equal(typeof body.details, 'string');
    assert.deepEqual(body.metadata, { errcode: [errCode] });
  },
};
