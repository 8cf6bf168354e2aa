import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { configOf, NamesOptions } from '../config/index.js';
import { createHttpApp, type HttpApp } from './app.js';
import { trustProxyOf } from '../client-address.js';
import type { ConnectionSettings } from './connections.js';

/**
 * What the shared app makes of the connection options. The slow-client attacks are made against each
 * service in test/http-slow-clients.test.ts.
 */
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

describe('JSON bodies keep their types', () => {
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
    const hops = trustProxyOf('1');
    assert.deepEqual(
      [0, 1].map((hop) => hops?.('10.0.0.1', hop)),
      [true, false],
    );
    const listed = trustProxyOf('10.0.0.0/8,::1');
    assert.deepEqual(
      ['10.1.2.3', '::ffff:10.1.2.3', '::1', '11.0.0.1', '127.0.0.1'].map((address) => listed?.(address, 0)),
      [true, true, true, false, false],
    );
    assert.equal(trustProxyOf(undefined), undefined);
    for (const bad of ['10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', 'fe80::/129']) {
      assert.throws(() => trustProxyOf(bad), /trust-proxy/);
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
