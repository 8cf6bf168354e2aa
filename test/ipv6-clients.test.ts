import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Metadata } from '@farcaster/hub-nodejs';
import type { ClientReadableStream, HubEvent, ServiceError } from '@farcaster/hub-nodejs';
import { namesHarness } from '../src/names/testing.js';
import type { NamesConfig } from '../src/shared/config/index.js';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import { waitFor } from './support/wait.js';

/**
 * One subscriber is handed a whole IPv6 /64 (2^64 addresses), so per-IP limits that count each address
 * apart give it a fresh budget per address. Every per-IP limit keys IPv6 clients by network
 * (`--ipv6-prefix-length`, 64 by default): the node's submit limit, its event-stream slots on both
 * transports, and the name registry's transfer limit. The node's limits live in memory (SQLite only);
 * the registry's in the database (both dialects).
 */

/** The `n`th address of the /64 `2001:db8:0:<net>::/64`. */
const inNetwork = (net: number, n: number) => `2001:db8:0:${net.toString(16)}::${n.toString(16)}`;
const ADDRESSES = 12;

describe('node submit limit over IPv6', () => {
  const LIMIT = 3;
  const open = async (ipv6PrefixLength?: number) => {
    const node = await openNodeGrpc('sqlite', {
      submitRateLimit: LIMIT,
      connections: configOf(NodeOptions, ipv6PrefixLength === undefined ? {} : { ipv6PrefixLength }),
    });
    return { node, alice: await setUpAccount(node.database.db, 1) };
  };
  let sent = 0;
  /** One submit per address, each from its own address; the statuses. */
  const submitFrom = async (node: NodeGrpcHarness, alice: TestAccount, addresses: string[]) => {
    const statuses: number[] = [];
    for (const remoteAddress of addresses) {
      sent += 1;
      const cast = castAdd(alice, `from ${remoteAddress} ${sent}`, 1000 - sent);
      statuses.push((await node.post('/v1/submitMessage', cast.message, { remoteAddress })).status);
    }
    return statuses;
  };
  const admitted = (statuses: number[]) => statuses.filter((status) => status === 200).length;
  const oneNetwork = Array.from({ length: ADDRESSES }, (_, i) => inNetwork(1, i + 1));

  it('gives all the addresses of one /64 one budget, another /64 its own, IPv4-mapped as IPv4', async () => {
    const { node, alice } = await open();
    try {
      assert.equal(admitted(await submitFrom(node, alice, oneNetwork)), LIMIT);
      assert.deepEqual(await submitFrom(node, alice, [inNetwork(2, 1)]), [200]);
      const v4 = ['203.0.113.5', '::ffff:203.0.113.5', '203.0.113.5', '::ffff:203.0.113.5'];
      assert.deepEqual(await submitFrom(node, alice, v4), [200, 200, 200, 400]);
    } finally {
      await node.close();
    }
  });

  it('keys by the configured prefix length: 128 counts each address, 48 joins the /64s of a /48', async () => {
    const each = await open(128);
    try {
      assert.equal(admitted(await submitFrom(each.node, each.alice, oneNetwork)), ADDRESSES);
    } finally {
      await each.node.close();
    }
    const wide = await open(48);
    try {
      const networks = Array.from({ length: ADDRESSES }, (_, i) => inNetwork(i + 1, 1));
      assert.equal(admitted(await submitFrom(wide.node, wide.alice, networks)), LIMIT);
    } finally {
      await wide.node.close();
    }
  });
});

describe('node event streams over IPv6, both transports, behind a trusted proxy', () => {
  const PER_IP = 2;
  let node: NodeGrpcHarness;
  let sseUrl: string;
  const aborts: AbortController[] = [];
  const calls: ClientReadableStream<HubEvent>[] = [];
  before(async () => {
    node = await openNodeGrpc('sqlite', {
      streams: { perIpLimit: PER_IP },
      connections: configOf(NodeOptions, { trustProxy: '127.0.0.1' }),
    });
    await node.app.listen({ host: '127.0.0.1', port: 0 });
    sseUrl = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}/v1/events/stream`;
  });
  after(async () => {
    for (const call of calls) call.cancel();
    for (const abort of aborts) abort.abort();
    await node?.close();
  });

  /** Opens a gRPC Subscribe for `client`: 'opened', or the refusal's details. */
  const subscribe = async (client: string): Promise<string> => {
    const metadata = new Metadata();
    metadata.set('x-forwarded-for', client);
    const result = await node.client.subscribe({ eventTypes: [] }, metadata);
    assert.ok(result.isOk());
    calls.push(result.value);
    return new Promise((resolve) => {
      result.value.once('metadata', () => resolve('opened'));
      result.value.on('error', (error: ServiceError) => resolve(error.details));
    });
  };
  /** Opens an SSE stream for `client`: 'opened', or the refusal's details. */
  const sse = async (client: string): Promise<string> => {
    const abort = new AbortController();
    aborts.push(abort);
    const response = await fetch(sseUrl, { headers: { 'x-forwarded-for': client }, signal: abort.signal });
    if (response.status === 200) return 'opened';
    return ((await response.json()) as { details: string }).details;
  };

  it('gives all the addresses of one /64 its slots on gRPC and SSE together', async () => {
    const outcomes: string[] = [];
    for (let i = 1; i <= ADDRESSES; i++) {
      outcomes.push(await (i % 2 === 0 ? sse : subscribe)(inNetwork(1, i)));
    }
    assert.equal(outcomes.filter((outcome) => outcome === 'opened').length, PER_IP, outcomes.join());
    assert.equal(outcomes.at(-1), 'Too many connections from this IP: 2001:db8:0:1::/64');
    assert.deepEqual([await subscribe(inNetwork(2, 1)), await sse(inNetwork(2, 2))], ['opened', 'opened']);
    for (const call of calls) call.cancel();
    for (const abort of aborts) abort.abort();
    await waitFor('every stream ended', async () =>
      node.eventStreams.running().length === 0 ? true : undefined,
    );
  });
});

forEachDialect('name registry transfer limit over IPv6', (dialect) => {
  const LIMIT = 3;
  /** One registration per address, each from its own address; the statuses. */
  const registerFrom = async (config: Partial<NamesConfig>, addresses: string[]): Promise<number[]> => {
    const h = await namesHarness(dialect, {
      config: { transferIpLimit: LIMIT, transferFidLimit: 0, cooldownSeconds: 0, ...config },
    });
    try {
      const statuses: number[] = [];
      for (const [i, ip] of addresses.entries()) {
        const fields = { name: `v6n${i}`, from: 0, to: i + 1, timestamp: h.clock.seconds() };
        statuses.push((await h.post(fields, { ip })).statusCode);
      }
      return statuses;
    } finally {
      await h.cleanup();
    }
  };
  const oneNetwork = Array.from({ length: 6 }, (_, i) => inNetwork(7, i + 1));

  it('counts the addresses of one /64 as one client; another /64 has its own count', async () => {
    const statuses = await registerFrom({}, [...oneNetwork, inNetwork(8, 1)]);
    assert.deepEqual(statuses, [200, 200, 200, 429, 429, 429, 200]);
  });

  it('counts each address apart at --ipv6-prefix-length 128', async () => {
    assert.deepEqual(
      await registerFrom({ ipv6PrefixLength: 128 }, oneNetwork),
      oneNetwork.map(() => 200),
    );
  });
});
