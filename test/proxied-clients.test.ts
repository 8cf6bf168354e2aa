import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Message as CoreMessage, Metadata } from '@farcaster/hub-nodejs';
import type { ClientReadableStream, HubEvent, ServiceError } from '@farcaster/hub-nodejs';
import { namesHarness } from '../src/names/testing.js';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { GrpcHarnessOptions, NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { Message } from '../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import { waitFor } from './support/wait.js';

/**
 * The services behind a reverse proxy on their own machine, as docs/deploy.md sets nginx up: every call
 * arrives from 127.0.0.1 and names its client in X-Forwarded-For (gRPC metadata, through nginx's
 * `grpc_set_header`). With `--trust-proxy`, each client the proxy names has its own budget, and loopback,
 * which is now the proxy and the whole internet behind it, is not exempt. The node's limits are kept in
 * memory, so its suites run on SQLite alone; the name registry's are in the database, tested on both.
 */

const RESOURCE_EXHAUSTED = 8;
const SUBMIT_LIMIT = 3;
/** Submits one client makes: 1,000 got through before, at this limit, behind the documented proxy. */
const ATTEMPTS = 20;

const core = (received: ReceivedMessage): CoreMessage =>
  CoreMessage.decode(Message.encode(received.message).finish());

/** The metadata a proxy sends: the X-Forwarded-For it built, when it sent one. */
function forwardedFor(header: string | undefined): Metadata {
  const metadata = new Metadata();
  if (header !== undefined) metadata.set('x-forwarded-for', header);
  return metadata;
}

async function nodeBehind(trustProxy: string, options: GrpcHarnessOptions = {}) {
  const node = await openNodeGrpc('sqlite', {
    submitRateLimit: SUBMIT_LIMIT,
    connections: configOf(NodeOptions, { trustProxy }),
    ...options,
  });
  return { node, alice: await setUpAccount(node.database.db, 1) };
}

/** Submits `count` distinct casts over gRPC with this X-Forwarded-For; each one's outcome. */
function grpcSubmitter(harness: () => { node: NodeGrpcHarness; alice: TestAccount }) {
  let sent = 0;
  return async (header: string | undefined, count = 1): Promise<string[]> => {
    const { node, alice } = harness();
    const outcomes: string[] = [];
    for (let i = 0; i < count; i++) {
      sent += 1;
      const cast = core(castAdd(alice, `proxied ${sent}`, 1000 - sent));
      const result = await node.client.submitMessage(cast, forwardedFor(header));
      outcomes.push(result.isOk() ? 'ok' : (result.error.errCode ?? 'no errCode'));
    }
    return outcomes;
  };
}

const admitted = (outcomes: string[]) => outcomes.filter((outcome) => outcome === 'ok').length;

describe('node gRPC behind a trusted proxy on loopback', () => {
  let setup: { node: NodeGrpcHarness; alice: TestAccount };
  before(async () => (setup = await nodeBehind('127.0.0.1', { streams: { perIpLimit: 2 } })));
  after(() => setup?.node.close());
  const submit = grpcSubmitter(() => setup);

  it('counts submits per forwarded client; a client cannot buy a budget by writing its own entries', async () => {
    const first = await submit('198.51.100.1', ATTEMPTS);
    assert.equal(admitted(first), SUBMIT_LIMIT, first.join());
    assert.equal(first.at(-1), 'unavailable');
    // The client's own X-Forwarded-For comes first; the proxy appends the address it saw.
    assert.deepEqual(await submit('203.0.113.9, 198.51.100.1'), ['unavailable']);
    assert.deepEqual(await submit('198.51.100.2', 1), ['ok'], 'another client has its own budget');
  });

  it('limits loopback like any client: behind the proxy it is the proxy, not the operator', async () => {
    const bare = await submit(undefined, ATTEMPTS);
    assert.equal(admitted(bare), SUBMIT_LIMIT, bare.join());
  });

  it('gives each forwarded client its own Subscribe slots', async () => {
    const opened: ClientReadableStream<HubEvent>[] = [];
    const subscribe = async (header: string): Promise<'opened' | ServiceError> => {
      const result = await setup.node.client.subscribe({ eventTypes: [] }, forwardedFor(header));
      assert.ok(result.isOk());
      const stream = result.value;
      opened.push(stream);
      return new Promise((resolve) => {
        stream.once('metadata', () => resolve('opened'));
        stream.on('error', (error: ServiceError) => resolve(error));
      });
    };
    assert.deepEqual(
      [await subscribe('198.51.100.1'), await subscribe('198.51.100.1')],
      ['opened', 'opened'],
    );
    const third = await subscribe('198.51.100.1');
    assert.ok(third !== 'opened');
    assert.equal(third.code, RESOURCE_EXHAUSTED);
    assert.equal(third.details, 'Too many connections from this IP: 198.51.100.1');
    assert.equal(await subscribe('198.51.100.2'), 'opened', 'another client behind the same proxy');
    for (const stream of opened) stream.cancel();
    await waitFor('every stream ended', async () =>
      setup.node.eventStreams.running().length === 0 ? true : undefined,
    );
  });
});

describe('node gRPC with a proxy trusted at another address', () => {
  let setup: { node: NodeGrpcHarness; alice: TestAccount };
  before(async () => (setup = await nodeBehind('10.0.0.0/8')));
  after(() => setup?.node.close());
  const submit = grpcSubmitter(() => setup);

  it('ignores the x-forwarded-for of a peer that is not a trusted proxy', async () => {
    const outcomes: string[] = [];
    for (let i = 1; i <= ATTEMPTS; i++) outcomes.push(...(await submit(`198.51.100.${i}`)));
    assert.equal(admitted(outcomes), SUBMIT_LIMIT, outcomes.join());
  });
});

describe('node HTTP with a trusted proxy', () => {
  let setup: { node: NodeGrpcHarness; alice: TestAccount };
  before(async () => (setup = await nodeBehind('10.0.0.0/8')));
  after(() => setup?.node.close());

  it('limits loopback callers like any other', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ATTEMPTS; i++) {
      const cast = castAdd(setup.alice, `local ${i}`, 500 - i);
      statuses.push((await setup.node.post('/v1/submitMessage', cast.message)).status);
    }
    assert.equal(statuses.filter((status) => status === 200).length, SUBMIT_LIMIT, statuses.join());
  });
});

forEachDialect('name registry with a trusted proxy', (dialect) => {
  it('counts loopback callers against the per-IP transfer limit', async () => {
    const h = await namesHarness(dialect, {
      config: { trustProxy: '10.0.0.0/8', transferIpLimit: 2, transferFidLimit: 0, cooldownSeconds: 0 },
    });
    try {
      const statuses: number[] = [];
      for (let fid = 1; fid <= 4; fid++) {
        const fields = { name: `local${fid}`, from: 0, to: fid, timestamp: h.clock.seconds() };
        statuses.push((await h.post(fields)).statusCode);
      }
      assert.deepEqual(statuses, [200, 200, 429, 429]);
    } finally {
      await h.cleanup();
    }
  });
});
