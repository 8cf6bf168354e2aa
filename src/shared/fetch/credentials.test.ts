import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { withoutCredentials } from './credentials.js';
import { createJsonClient } from './json-client.js';

it('moves user info into a basic Authorization header, percent-decoded', () => {
  const { url, headers } = withoutCredentials('https://hub%40ops:p%3Ass@example.com:8443/hub/v1/info?x=1');
  assert.equal(url.href, 'https://example.com:8443/hub/v1/info?x=1');
  assert.deepEqual(headers, { authorization: `Basic ${Buffer.from('hub@ops:p:ss').toString('base64')}` });
  assert.deepEqual(withoutCredentials('http://127.0.0.1:2281').headers, {});
});

it('reads a service behind basic auth, and names no password when it fails', async () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(request.url === '/hub/v1/info' ? 200 : 503, { 'content-type': 'application/json' });
    response.end('{"ok":true}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const getJson = createJsonClient({
      baseUrl: `http://reader:s3cret@127.0.0.1:${port}/hub`,
      timeoutMs: 5000,
      maxResponseBytes: 1024,
    });
    assert.deepEqual(await getJson('/v1/info'), { ok: true });
    assert.equal(seen[0]?.authorization, `Basic ${Buffer.from('reader:s3cret').toString('base64')}`);
    const failure = await getJson('/v1/other').catch((error: unknown) => error);
    assert.ok(failure instanceof Error);
    assert.doesNotMatch(String(failure), /s3cret/);
    server.close();
    const unreachable = await getJson('/v1/info').catch((error: unknown) => error);
    assert.ok(unreachable instanceof Error);
    assert.doesNotMatch(`${String(unreachable)} ${String(unreachable.cause)}`, /s3cret/);
  } finally {
    server.close();
  }
});
