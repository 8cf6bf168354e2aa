import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import type { Hex } from '../protocol/hex.js';
import { createNodeClient } from './node-client.js';

it("follows a node's event stream behind basic auth", async () => {
  const expected = `Basic ${Buffer.from('indexer:pw').toString('base64')}`;
  const server = createServer((request, response) => {
    if (request.headers.authorization !== expected) {
      response.writeHead(401).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.end(`id: 7\ndata: {"type":"x"}\n\n`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    const node = createNodeClient({ nodeUrl: `http://indexer:pw@127.0.0.1:${port}` });
    const events = [];
    for await (const event of node.streamEvents(7, new AbortController().signal)) events.push(event);
    assert.deepEqual(events, [{ id: 7, event: { type: 'x' } }]);
  } finally {
    server.close();
  }
});

it("reads a signer's source, scopes and expiry from the node's record, and takes what it cannot read as the least", async () => {
  const now = 1_700_000_000;
  const answers: Record<string, [number, unknown]> = {
    onchain: [200, { signer: { source: 'SIGNER_SOURCE_ONCHAIN', key: '0x01', fid: 7 } }],
    gasless: [
      200,
      { signer: { source: 'SIGNER_SOURCE_OFFCHAIN', expiresAt: now, scopes: ['MESSAGE_TYPE_CAST_ADD'] } },
    ],
    expired: [
      200,
      { signer: { source: 'SIGNER_SOURCE_OFFCHAIN', expiresAt: now - 1, scopes: ['MESSAGE_TYPE_CAST_ADD'] } },
    ],
    unscoped: [200, { signer: { source: 'SIGNER_SOURCE_OFFCHAIN', expiresAt: now } }],
    unknownSource: [200, { signer: { expiresAt: now, scopes: ['MESSAGE_TYPE_REACTION_ADD', 3] } }],
    noExpiry: [200, { signer: { source: 'SIGNER_SOURCE_OFFCHAIN', scopes: ['MESSAGE_TYPE_CAST_ADD'] } }],
    missing: [400, { errCode: 'not_found', details: 'Active signer not found' }],
    malformed: [200, {}],
  };
  const node = createNodeClient({
    nodeUrl: 'http://node.invalid',
    clock: { now: () => now * 1000 },
    fetch: async (input) => {
      const [status, body] = answers[new URL(String(input)).searchParams.get('signer') as string] ?? [
        500,
        {},
      ];
      return new Response(JSON.stringify(body), { status });
    },
  });
  const read = (name: string) => node.isActiveSigner(7, name as Hex);
  assert.deepEqual(await read('onchain'), { source: 'onchain', scopes: [] });
  assert.deepEqual(await read('gasless'), { source: 'gasless', scopes: ['MESSAGE_TYPE_CAST_ADD'] });
  assert.equal(await read('expired'), undefined);
  assert.deepEqual(await read('unscoped'), { source: 'gasless', scopes: [] });
  assert.deepEqual(await read('unknownSource'), { source: 'gasless', scopes: ['MESSAGE_TYPE_REACTION_ADD'] });
  assert.equal(await read('noExpiry'), undefined);
  assert.equal(await read('missing'), undefined);
  await assert.rejects(read('malformed'), /no signer record/);
});
