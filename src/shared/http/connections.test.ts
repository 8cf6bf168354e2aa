import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { configOf, NamesOptions } from '../config/index.js';
import { createHttpApp, type HttpApp } from './app.js';
import { trustProxySetting, type ConnectionSettings } from './connections.js';

const settings = (overrides: Partial<ConnectionSettings>): ConnectionSettings => ({
  ...configOf(NamesOptions, {}),
  ...overrides,
});

async function listening(connections: ConnectionSettings): Promise<{ app: HttpApp; port: number }> {
  const app = await createHttpApp({
    service: 'names',
    title: 'Test',
    version: '1',
    logger: false,
    corsOrigin: '*',
    connections,
    errors: { render: (_error, kind) => ({ status: kind === 'validation' ? 400 : 500, body: { kind } }) },
  });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  app.post(
    '/flags',
    { schema: { body: Type.Object({ fid: Type.Integer(), accept: Type.Boolean() }) } },
    async (request) => request.body,
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

const closed = (socket: Socket) => once(socket, 'close');

describe('connection limits (issue 19, attacks 5 and 6)', () => {
  let app: HttpApp;
  let port: number;
  before(async () => ({ app, port } = await listening(settings({ headersTimeout: 1, maxConnections: 3 }))));
  after(() => app?.close());

  it('cuts off a client that sends its headers slowly', { timeout: 10_000 }, async () => {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const started = Date.now();
    socket.write('GET /ip HTTP/1.1\r\nHost: agora\r\n');
    // One header line every 200 ms, never the blank line that ends them: the socket would live for ever.
    const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => {});
    await closed(socket);
    clearInterval(drip);
    const heldMs = Date.now() - started;
    assert.ok(heldMs >= 900 && heldMs < 5000, `held for ${heldMs} ms`);
    assert.match(answer, /^HTTP\/1\.1 408/);
  });

  it('closes connections beyond the cap at once and serves the others', { timeout: 10_000 }, async () => {
    const sockets = await Promise.all(
      [1, 2, 3].map(async () => {
        const socket = connect(port, '127.0.0.1');
        await once(socket, 'connect');
        return socket;
      }),
    );
    const extra = connect(port, '127.0.0.1');
    extra.on('error', () => {});
    await closed(extra);
    for (const socket of sockets) socket.destroy();
    await Promise.all(sockets.map(closed));
    const response = await fetch(`http://127.0.0.1:${port}/ip`);
    assert.equal(response.status, 200);
  });
});

describe('JSON bodies keep their types (issue 19, attack 8)', () => {
  let app: HttpApp;
  before(async () => ({ app } = await listening(settings({}))));
  after(() => app?.close());

  const post = (body: unknown) => app.inject({ method: 'POST', url: '/flags', payload: body as object });

  it('refuses booleans, null and strings where integers and booleans belong', async () => {
    for (const body of [
      { fid: true, accept: true },
      { fid: '7', accept: true },
      { fid: 7, accept: null },
      { fid: 7, accept: 'false' },
      { fid: 7, accept: 0 },
    ]) {
      assert.equal((await post(body)).statusCode, 400, JSON.stringify(body));
    }
    assert.deepEqual((await post({ fid: 7, accept: false })).json(), { fid: 7, accept: false });
  });
});

describe('--trust-proxy', () => {
  it('parses hop counts and address lists, and refuses what is neither', () => {
    const hops = trustProxySetting('1');
    assert.equal(typeof hops, 'function');
    assert.deepEqual(
      [0, 1].map((hop) => (hops as (a: string, h: number) => boolean)('10.0.0.1', hop)),
      [true, false],
    );
    assert.deepEqual(trustProxySetting('10.0.0.0/8,::1'), ['10.0.0.0/8', '::1']);
    assert.equal(trustProxySetting(undefined), false);
    for (const bad of ['10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', 'fe80::/129']) {
      assert.throws(() => trustProxySetting(bad), /trust-proxy/);
    }
  });

  for (const [trustProxy, expected] of [
    [undefined, '127.0.0.1'],
    ['127.0.0.1', '198.51.100.7'],
    ['1', '198.51.100.7'],
    ['10.0.0.0/8', '127.0.0.1'],
  ] as const) {
    it(`with ${trustProxy ?? 'no proxy trusted'}, a client at 127.0.0.1 is seen as ${expected}`, async () => {
      const { app, port } = await listening(settings({ trustProxy }));
      try {
        const response = await fetch(`http://127.0.0.1:${port}/ip`, {
          headers: { 'x-forwarded-for': '203.0.113.1, 198.51.100.7' },
        });
        assert.deepEqual(await response.json(), { ip: expected });
      } finally {
        await app.close();
      }
    });
  }
});
