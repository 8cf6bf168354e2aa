import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import { openNodeHttp, type NodeHttpHarness } from '../src/node/http/testing.js';
import { OPENAPI_PATH } from '../src/shared/http/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import { openServiceApps, type ServiceApp } from './support/service-apps.js';

/**
 * Every route in each service's OpenAPI document has a summary, its parameters and its 200
 * body's schema, so the `/docs` page shows all three. The node's response schemas document only (its
 * bodies are serialised as rendered), so here its real bodies are checked against them.
 */

interface Operation {
  summary?: string;
  parameters?: { name: string; in: string; schema?: object }[];
  requestBody?: { content?: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/**
 * GET routes that take no input at all. Any other GET must declare its query or path parameters: a
 * route added without them fails here until it declares them or is listed.
 */
const TAKES_NO_INPUT = new Set([
  '/_health',
  '/_status',
  '/_ready',
  '/metrics',
  '/signer',
  '/current-time',
  '/v2/all-channels',
  '/admin/bot-allowlist',
  '/admin/actions',
  '/admin/indexer',
]);

/** What is missing from one operation of the document; empty when it is complete. */
function gaps(path: string, method: string, operation: Operation): string[] {
  const missing: string[] = [];
  if ((operation.summary ?? '').trim() === '') missing.push('a summary');
  const parameters = operation.parameters ?? [];
  for (const name of path.match(/(?<=\{)[^}]+(?=\})/g) ?? []) {
    if (!parameters.some((each) => each.in === 'path' && each.name === name))
      missing.push(`its path parameter ${name}`);
  }
  for (const parameter of parameters) {
    if (parameter.schema === undefined) missing.push(`a schema for ${parameter.in} ${parameter.name}`);
  }
  if (method === 'get' && parameters.length === 0 && !TAKES_NO_INPUT.has(path)) {
    missing.push('its query parameters (or a place in TAKES_NO_INPUT)');
  }
  if (['post', 'put', 'patch', 'delete'].includes(method) && operation.requestBody === undefined) {
    if (parameters.length === 0) missing.push('its request body');
  }
  const body = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))?.[1];
  const schemas = Object.values(body?.content ?? {}).filter((media) => media.schema !== undefined);
  if (schemas.length === 0) missing.push('a 2xx response schema');
  return missing.map((gap) => `${method.toUpperCase()} ${path} lacks ${gap}`);
}

async function documentOf(app: ServiceApp['app']): Promise<OpenApi> {
  const response = await app.inject({ url: OPENAPI_PATH });
  assert.equal(response.statusCode, 200);
  return response.json() as OpenApi;
}

describe('the OpenAPI check', () => {
  it('names each gap of an incomplete operation', () => {
    assert.deepEqual(gaps('/v1/x/{id}', 'get', { responses: { 200: {} } }), [
      'GET /v1/x/{id} lacks a summary',
      'GET /v1/x/{id} lacks its path parameter id',
      'GET /v1/x/{id} lacks its query parameters (or a place in TAKES_NO_INPUT)',
      'GET /v1/x/{id} lacks a 2xx response schema',
    ]);
    assert.deepEqual(gaps('/v1/y', 'post', { summary: 'Y', responses: {} }), [
      'POST /v1/y lacks its request body',
      'POST /v1/y lacks a 2xx response schema',
    ]);
  });
});

forEachDialect('OpenAPI documents', (dialect) => {
  let services: ServiceApp[] = [];
  before(async () => {
    services = await openServiceApps(dialect);
  });
  after(() => Promise.all(services.map((each) => each.close())));

  for (const service of ['node', 'names', 'social'] as const) {
    it(`${service}: every route has a summary, its parameters and a 2xx response schema`, async () => {
      const { app } = services.find((each) => each.service === service)!;
      const document = await documentOf(app);
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
      assert.ok(operations.length > 8, `${service} documents its routes`);
      assert.deepEqual(
        operations.flatMap(({ path, method, operation }) => gaps(path, method, operation)),
        [],
      );
      // The page's own routes stay out of the document.
      assert.equal(
        Object.keys(document.paths).some((path) => path.startsWith('/docs')),
        false,
      );
    });
  }
});

forEachDialect("the node's documented bodies", (dialect) => {
  let node: NodeHttpHarness;
  let document: OpenApi;
  const ajv = new Ajv({ strict: false, allErrors: true });
  before(async () => {
    node = await openNodeHttp(dialect);
    document = await documentOf(node.app);
  });
  after(() => node?.close());

  function assertDocumented(method: 'get' | 'post', url: string, body: unknown): void {
    const path = url.split('?')[0] as string;
    const schema = document.paths[path]?.[method]?.responses?.['200']?.content?.['application/json']?.schema;
    assert.ok(schema !== undefined, `${path} has a JSON response schema`);
    const validate = ajv.compile(schema);
    assert.ok(validate(body), `${url}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
  }

  it('describes what the node answers, every field kept', async () => {
    const alice = await setUpAccount(node.database.db, 1);
    const cast = castAdd(alice, 'documented');
    const submitted = await node.post('/v1/submitMessage', cast.message);
    assert.equal(submitted.status, 200);
    assertDocumented('post', '/v1/submitMessage', submitted.body);
    // A message's body is not in its schema, and is still sent.
    assert.equal(submitted.body.data.castAddBody.text, 'documented');
    const validated = await node.post('/v1/validateMessage', cast.message);
    assertDocumented('post', '/v1/validateMessage', validated.body);

    const hash = submitted.body.hash as string;
    const signer = submitted.body.signer as string;
    const reads = [
      `/v1/castById?fid=1&hash=${hash}`,
      '/v1/castsByFid?fid=1',
      '/v1/onChainEventsByFid?fid=1&event_type=1',
      '/v1/onChainSignersByFid?fid=1',
      `/v1/onChainSignersByFid?fid=1&signer=${signer}`,
      '/v1/onChainIdRegistryEventByAddress?address=0x' + Buffer.from(alice.custody).toString('hex'),
      '/v1/events?from_event_id=0',
      '/v1/storageLimitsByFid?fid=1',
      '/v1/fids',
      '/v1/signersByFid?fid=1&requesterFids=1',
      `/v1/signer?fid=1&signer=${signer}`,
      '/v1/userNameProofsByFid?fid=1',
      '/v1/userDataByFid?fid=1',
      '/v1/fidAddressType?fid=1&address=0x0000000000000000000000000000000000000001',
      '/v1/info?dbstats=1',
    ];
    for (const url of reads) {
      const { status, body } = await node.get(url);
      assert.equal(status, 200, `${url}: ${JSON.stringify(body)}`);
      assertDocumented('get', url, body);
    }
    const events = await node.get('/v1/events?from_event_id=0');
    const first = events.body.events[0];
    assert.ok(first.mergeOnChainEventBody !== undefined, 'an event keeps its body');
    assertDocumented('get', '/v1/eventById', (await node.get(`/v1/eventById?event_id=${first.id}`)).body);
  });
});
