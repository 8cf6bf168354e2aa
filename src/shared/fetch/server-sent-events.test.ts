import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { serverSentEvents } from './server-sent-events.js';

function bodyOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events = [];
  for await (const event of serverSentEvents(bodyOf(chunks))) events.push(event);
  return events;
}

describe('server-sent events reader', () => {
  it('reads ids and data across chunk boundaries, skipping comments', async () => {
    const events = await collect([
      ': keep-alive\n\nid: 7\nda',
      'ta: {"a":1}\n',
      '\nid: 8\r\ndata: x\r\ndata: y\r\n\r\n',
    ]);
    assert.deepEqual(events, [
      { id: '7', data: '{"a":1}' },
      { id: '8', data: 'x\ny' },
    ]);
  });

  it('drops a message the stream ended in the middle of', async () => {
    assert.deepEqual(await collect(['id: 1\ndata: whole\n\nid: 2\ndata: cut']), [{ id: '1', data: 'whole' }]);
  });
});
