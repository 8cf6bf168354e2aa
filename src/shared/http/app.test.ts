import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Type } from '@sinclair/typebox';
import type { InjectOptions } from 'fastify';
import { pino } from 'pino';
import { AGORA_USER_AGENT } from '../fetch/user-agent.js';
import { createHttpApp, parseCorsOrigin } from './app.js';
import type { HttpApp, HttpAppOptions } from './app.js';
import { BadCursorError, encodeCursor, readCursor } from './cursor.js';
import { RouteNotFoundError } from './errors.js';
import type { ErrorRenderer, HttpFailureKind } from './errors.js';
import { pagingQuery } from './schemas.js';

/** Statuses deliberately unlike Fastify's own, so a test can tell the renderer's answer from a default. */
const STATUS_BY_KIND: Record<HttpFailureKind, number> = {
  validation: 422,
  not_found: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  bad_request: 409,
  internal: 500,
};

interface Rendered {
  error: unknown;
  kind: HttpFailureKind;
}

function recordingRenderer(): ErrorRenderer & { calls: Rendered[] } {
  const calls: Rendered[] = [];
  return {
    calls,
    render(error, kind) {
      calls.push({ error, kind });
      return { status: STATUS_BY_KIND[kind], body: { rendered: kind }, headers: { 'x-rendered': kind } };
    },
  };
}

interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

function recordingLogger(): { logger: pino.Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as LogLine) },
  );
  return { logger, lines };
}

const PINO_ERROR = 50;

async function buildApp(overrides: Partial<HttpAppOptions> = {}): Promise<{
  app: HttpApp;
  renderer: ReturnType<typeof recordingRenderer>;
}> {
  const renderer = recordingRenderer();
  const app = await createHttpApp({
    service: 'social',
    title: 'Test API',
    version: '1.2.3',
    logger: false,
    corsOrigin: '*',
    errors: renderer,
    ...overrides,
  });
  const CursorShape = Type.Object({ after: Type.Integer() });
  app.get(
    '/v1/things',
    { schema: { summary: 'List things', querystring: pagingQuery(100) } },
    async (request) => ({
      limit: request.query.limit ?? null,
      after: readCursor(request.query.cursor, CursorShape)?.after ?? null,
    }),
  );
  app.get('/v1/things/:id', { schema: { params: Type.Object({ id: Type.String() }) } }, async (request) => ({
    id: request.params.id,
  }));
  app.post(
    '/v1/echo',
    { schema: { body: Type.Object({ name: Type.String() }) } },
    async (request) => request.body,
  );
  app.post(
    '/v1/strict',
    { schema: { body: Type.Object({ name: Type.String() }, { additionalProperties: false }) } },
    async (request) => request.body,
  );
  app.get('/v1/boom', async () => {
    throw new Error('secret detail at /srv/app/db.ts:12');
  });
  app.get('/v1/domain/:status', async (request) => {
    const { status } = request.params as { status: string };
    throw Object.assign(new Error('domain failure'), { statusCode: Number(status) });
  });
  await app.ready();
  return { app, renderer };
}

describe('parseCorsOrigin', () => {
  it('maps * and lists', () => {
    assert.equal(parseCorsOrigin('*'), '*');
    assert.equal(parseCorsOrigin(' https://a.example '), 'https://a.example');
    assert.deepEqual(parseCorsOrigin('https://a.example,https://b.example'), [
      'https://a.example',
      'https://b.example',
    ]);
    assert.equal(parseCorsOrigin('https://a.example,*'), '*');
  });

  it('rejects an empty setting with a clear error', () => {
    assert.throws(() => parseCorsOrigin(' , '), { name: 'TypeError', message: /CORS origin/ });
  });
});

describe('createHttpApp', () => {
  it('allows any origin by default', async () => {
    const { app } = await buildApp();
    const response = await app.inject({ url: '/_health', headers: { origin: 'https://x.example' } });
    assert.equal(response.headers['access-control-allow-origin'], '*');
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/echo',
      headers: { origin: 'https://x.example', 'access-control-request-method': 'DELETE' },
    });
    assert.equal(preflight.statusCode, 204);
    assert.match(String(preflight.headers['access-control-allow-methods']), /DELETE/);
    await app.close();
  });

  it('allows only the configured origins', async () => {
    const { app } = await buildApp({ corsOrigin: 'https://a.example, https://b.example' });
    const allowed = await app.inject({ url: '/_health', headers: { origin: 'https://b.example' } });
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://b.example');
    const other = await app.inject({ url: '/_health', headers: { origin: 'https://c.example' } });
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    await app.close();

    const single = (await buildApp({ corsOrigin: 'https://a.example' })).app;
    const response = await single.inject({ url: '/_health', headers: { origin: 'https://a.example' } });
    assert.equal(response.headers['access-control-allow-origin'], 'https://a.example');
    await single.close();
  });

  it('serves an OpenAPI document built from route schemas', async () => {
    const { app } = await buildApp();
    const response = await app.inject({ url: '/docs/openapi.json' });
    assert.equal(response.statusCode, 200);
    const doc = response.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, { summary?: string; parameters?: { name: string }[] }>>;
    }>();
    assert.match(doc.openapi, /^3\./);
    assert.deepEqual(doc.info, { title: 'Test API', version: '1.2.3' });
    const list = doc.paths['/v1/things']?.get;
    assert.equal(list?.summary, 'List things');
    assert.deepEqual(list?.parameters?.map((p) => p.name).sort(), ['cursor', 'limit']);
    assert.ok(doc.paths['/_health']);
    assert.equal(doc.paths['/docs/openapi.json'], undefined);
    await app.close();
  });

  it('reports health, and unavailability when the check throws', async () => {
    const { app } = await buildApp();
    const ok = await app.inject({ url: '/_health' });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(ok.json(), { status: 'ok', service: 'social' });
    await app.close();

    const failing = (
      await buildApp({
        service: 'names',
        healthCheck: async () => {
          throw new Error('connect ECONNREFUSED 10.1.2.3:5432');
        },
      })
    ).app;
    const down = await failing.inject({ url: '/_health' });
    assert.equal(down.statusCode, 503);
    // The cause stays in the log: the answer names no host, port or driver text.
    assert.deepEqual(down.json(), {
      status: 'unavailable',
      service: 'names',
      error: 'a dependency is unavailable',
    });
    await failing.close();
  });

  it('coerces query strings and reads cursors', async () => {
    const { app } = await buildApp();
    const cursor = encodeCursor({ after: 7 });
    const response = await app.inject({ url: `/v1/things?limit=5&cursor=${cursor}` });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { limit: 5, after: 7 });
    await app.close();
  });

  it('echoes a usable caller request id and makes one otherwise', async () => {
    const { app } = await buildApp();
    const given = await app.inject({ url: '/_health', headers: { 'x-request-id': 'abc-123' } });
    assert.equal(given.headers['x-request-id'], 'abc-123');
    const replaced = await app.inject({ url: '/_health', headers: { 'x-request-id': 'bad id\u0001' } });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('keeps fields a body schema does not list, and rejects them when it says so', async () => {
    const { app, renderer } = await buildApp();
    const loose = await app.inject({ method: 'POST', url: '/v1/echo', payload: { name: 'a', extra: 1 } });
    assert.deepEqual(loose.json(), { name: 'a', extra: 1 });
    const strict = await app.inject({ method: 'POST', url: '/v1/strict', payload: { name: 'a', extra: 1 } });
    assert.equal(strict.statusCode, 422);
    assert.equal(renderer.calls[0]?.kind, 'validation');
    await app.close();
  });

  it('runs onClose when the app closes', async () => {
    let closed = false;
    const { app } = await buildApp({
      onClose: async () => {
        closed = true;
      },
    });
    await app.close();
    assert.equal(closed, true);
  });

  it('closes at once with a connected socket that never sent a request', async () => {
    const { app } = await buildApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    const started = performance.now();
    await app.close();
    // Node's headers timeout (about a minute) is what the close would otherwise wait for.
    assert.ok(performance.now() - started < 5000);
    socket.destroy();
  });
});

describe('failures go through the renderer', () => {
  interface FailureCase {
    name: string;
    kind: HttpFailureKind;
    request: InjectOptions;
    /** URL faults are found before onRequest hooks run, so they carry no CORS headers. */
    corsHeader?: false;
  }
  const cases: FailureCase[] = [
    { name: 'schema failure', kind: 'validation', request: { url: '/v1/things?limit=0' } },
    {
      name: 'wrong body type',
      kind: 'validation',
      request: { method: 'POST', url: '/v1/echo', payload: {} },
    },
    {
      name: 'malformed JSON',
      kind: 'bad_request',
      request: {
        method: 'POST',
        url: '/v1/echo',
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      },
    },
    {
      name: 'empty JSON body',
      kind: 'bad_request',
      request: {
        method: 'POST',
        url: '/v1/echo',
        payload: '',
        headers: { 'content-type': 'application/json' },
      },
    },
    {
      name: 'oversized body',
      kind: 'payload_too_large',
      request: { method: 'POST', url: '/v1/echo', payload: { name: 'x'.repeat(500) } },
    },
    {
      name: 'unsupported content type',
      kind: 'unsupported_media_type',
      request: { method: 'POST', url: '/v1/echo', payload: '<a/>', headers: { 'content-type': 'text/xml' } },
    },
    {
      // What fetch sends for a string body without a Content-Type.
      name: 'JSON sent as text/plain',
      kind: 'unsupported_media_type',
      request: {
        method: 'POST',
        url: '/v1/echo',
        payload: '{"name":"x"}',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      },
    },
    { name: 'unknown route', kind: 'not_found', request: { url: '/v1/nothing?x=1' } },
    {
      name: 'bad percent-encoding',
      kind: 'bad_request',
      request: { url: '/v1/things/%E0%A4%A' },
      corsHeader: false,
    },
    { name: 'bad cursor', kind: 'bad_request', request: { url: '/v1/things?cursor=abc.def' } },
    { name: 'domain 4xx error', kind: 'bad_request', request: { url: '/v1/domain/404' } },
    { name: 'domain 5xx error', kind: 'internal', request: { url: '/v1/domain/503' } },
    { name: 'thrown error', kind: 'internal', request: { url: '/v1/boom' } },
  ];

  for (const { name, kind, request, corsHeader = true } of cases) {
    it(`${name} → ${kind}`, async () => {
      const { logger, lines } = recordingLogger();
      const { app, renderer } = await buildApp({ bodyLimit: 256, logger });
      const response = await app.inject({
        ...request,
        headers: { origin: 'https://x.example', ...request.headers },
      });
      assert.deepEqual(
        renderer.calls.map((call) => call.kind),
        [kind],
      );
      assert.equal(response.statusCode, STATUS_BY_KIND[kind]);
      assert.deepEqual(response.json(), { rendered: kind });
      assert.equal(response.headers['x-rendered'], kind);
      if (corsHeader) assert.equal(response.headers['access-control-allow-origin'], '*');
      const errorLogs = lines.filter((line) => line.level >= PINO_ERROR);
      assert.equal(errorLogs.length, kind === 'internal' ? 1 : 0);
      await app.close();
    });
  }

  it('logs one line per request, and the services’ own polls at debug', async () => {
    const { logger, lines } = recordingLogger();
    const { app } = await buildApp({ logger });
    await app.inject({ url: '/v1/things?limit=2' });
    await app.inject({ url: '/v1/things', headers: { 'user-agent': AGORA_USER_AGENT } });
    const requests = lines.filter((line) => line.msg?.startsWith('GET '));
    assert.equal(requests.length, 1, JSON.stringify(lines));
    assert.match(requests[0]?.msg ?? '', /^GET \/v1\/things 200 \d+(\.\d)? ms$/);
    const { level, method, path, status, ms, reqId } = requests[0] ?? ({} as LogLine);
    assert.deepEqual(
      { level, method, path, status },
      { level: 30, method: 'GET', path: '/v1/things', status: 200 },
    );
    assert.equal(typeof ms, 'number');
    assert.equal(typeof reqId, 'string');
    assert.equal(requests[0]?.error, undefined);
    await app.close();
  });

  it('passes the framework or domain error itself', async () => {
    const { app, renderer } = await buildApp();
    await app.inject({ url: '/v1/nothing?token=secret' });
    await app.inject({ url: '/v1/things?cursor=abc.def' });
    const [notFound, badCursor] = renderer.calls.map((call) => call.error);
    assert.ok(notFound instanceof RouteNotFoundError);
    assert.equal(notFound.method, 'GET');
    assert.equal(notFound.url, '/v1/nothing');
    assert.ok(badCursor instanceof BadCursorError);
    assert.equal(badCursor.reason, 'tampered');
    await app.close();
  });

  const brokenRenderers: [string, ErrorRenderer][] = [
    [
      'throws',
      {
        render() {
          throw new Error('renderer bug');
        },
      },
    ],
    ['returns an unusable status', { render: () => ({ status: 42, body: { oops: true } }) }],
  ];
  for (const [name, errors] of brokenRenderers) {
    it(`never leaks a stack, even when the renderer ${name}`, async () => {
      const { app } = await buildApp({ errors });
      const response = await app.inject({ url: '/v1/boom' });
      assert.equal(response.statusCode, 500);
      assert.deepEqual(response.json(), { error: 'Internal Server Error' });
      assert.doesNotMatch(response.body, /secret detail|renderer bug|\.ts:/);
      await app.close();
    });
  }
});
