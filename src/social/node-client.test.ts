import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
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
