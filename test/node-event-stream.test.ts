import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { eventsPage } from '../src/node/events/index.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { openNodeHttp, openApiShape } from '../src/node/http/testing.js';
import type { Json } from '../src/node/http/testing.js';
import { HubEventType } from '../src/protocol/gen/hub_event.js';
import { forEachDialect } from '../src/storage/testing.js';
import { waitFor } from './support/wait.js';

/** `GET /v1/events/stream` (Server-Sent Events) as a client reads it over a real socket with fetch. */

const KEEP_ALIVE_MS = 200;
const BASIC = `Basic ${Buffer.from('shuttle:secret').toString('base64')}`;

interface Frame {
  id?: string;
  data?: string;
  comment?: string;
}

/** An open stream: its response and the frames read so far (`read` pulls more). */
interface Stream {
  response: Response;
  frames: Frame[];
  /** Reads until `done` holds for the frames so far; false when the stream ended first. */
  readUntil(done: (frames: Frame[]) => boolean): Promise<boolean>;
  close(): void;
}

async function openStream(url: string, headers: Record<string, string> = {}): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const frames: Frame[] = [];
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let pending = '';
  const parse = () => {
    let end: number;
    while ((end = pending.indexOf('\n\n')) >= 0) {
      const frame: Frame = {};
      for (const line of pending.slice(0, end).split('\n')) {
        if (line.startsWith(':')) frame.comment = line.slice(1).trim();
        else if (line.startsWith('id: ')) frame.id = line.slice(4);
        else if (line.startsWith('data: ')) frame.data = line.slice(6);
      }
      frames.push(frame);
      pending = pending.slice(end + 2);
    }
  };
  return {
    response,
    frames,
    async readUntil(done) {
      assert.ok(reader !== undefined);
      while (!done(frames)) {
        const { done: ended, value } = await reader.read();
        if (ended) return false;
        pending += decoder.decode(value, { stream: true });
        parse();
      }
      return true;
    },
    close: () => abort.abort(),
  };
}

const eventsOf = (frames: Frame[]) => frames.filter((frame) => frame.data !== undefined);
const idsOf = (frames: Frame[]) => eventsOf(frames).map((frame) => Number(frame.id));
const lastIdIs = (id: number) => (frames: Frame[]) => idsOf(frames).at(-1) === id;

forEachDialect('node event stream (Server-Sent Events)', (dialect) => {
  let node: NodeGrpcHarness;
  let base: string;
  let alice: TestAccount;
  const open: Stream[] = [];

  before(async () => {
    node = await openNodeGrpc(dialect, { rpcAuth: ['shuttle:secret'], streamKeepAliveMs: KEEP_ALIVE_MS });
    await node.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}/v1/events/stream`;
    alice = await setUpAccount(node.database.db, 1);
    const merged = await node.engine.mergeMessages([castAdd(alice, 'one'), castAdd(alice, 'two')]);
    assert.ok(merged.every((outcome) => outcome.ok));
  });
  after(async () => {
    for (const stream of open) stream.close();
    await node?.close();
  });

  const stream = async (query: string, headers?: Record<string, string>) => {
    const opened = await openStream(`${base}${query}`, headers);
    open.push(opened);
    return opened;
  };
  const log = async () => (await eventsPage(node.database.db, 0, 1000)).events;
  const streamsRunning = (count: number) =>
    waitFor(`${count} streams running`, async () =>
      node.eventStreams.running().length === count ? true : undefined,
    );

  it('sends each event as `id` and its hub JSON as `data`, backfilled from from_event_id, then live', async () => {
    const events = await log();
    const sse = await stream('?from_event_id=0');
    assert.equal(sse.response.status, 200);
    assert.equal(sse.response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(sse.response.headers.get('cache-control'), 'no-cache');
    assert.equal(sse.response.headers.get('access-control-allow-origin'), '*');
    assert.ok(await sse.readUntil(lastIdIs((events.at(-1) as { id: number }).id)));
    for (const [index, frame] of eventsOf(sse.frames).entries()) {
      const json = JSON.parse(frame.data as string) as Json;
      assert.equal(json.id, events[index]?.id);
      assert.equal(frame.id, String(json.id));
      openApiShape.hubEvent(json);
      assert.deepEqual(json, (await node.get(`/v1/eventById?event_id=${json.id}`)).body);
    }

    const [live] = await node.engine.mergeMessages([castAdd(alice, 'live')]);
    assert.ok(live?.ok);
    assert.ok(await sse.readUntil(lastIdIs(live.event.id)));
    const json = JSON.parse(eventsOf(sse.frames).at(-1)?.data as string) as Json;
    assert.equal(json.type, 'HUB_EVENT_TYPE_MERGE_MESSAGE');
    assert.equal(json.mergeMessageBody.message.data.castAddBody.text, 'live');
    sse.close();
  });

  it('resumes after Last-Event-ID (exclusive), which wins over from_event_id', async () => {
    const ids = (await log()).map((event) => event.id);
    const sse = await stream('?from_event_id=0', { 'last-event-id': String(ids[2]) });
    assert.ok(await sse.readUntil(lastIdIs(ids.at(-1) as number)));
    assert.deepEqual(idsOf(sse.frames), ids.slice(3));
    sse.close();
  });

  it('filters by event_types given by name, short name or number', async () => {
    const events = await log();
    const merges = events.filter((event) => event.type === HubEventType.MERGE_MESSAGE).map(({ id }) => id);
    const onChain = events.filter((event) => event.type === HubEventType.MERGE_ON_CHAIN_EVENT);
    for (const types of ['merge_message', 'HUB_EVENT_TYPE_MERGE_MESSAGE', '1']) {
      const sse = await stream(`?from_event_id=0&event_types=${types}`);
      assert.ok(await sse.readUntil(lastIdIs(merges.at(-1) as number)));
      assert.deepEqual(idsOf(sse.frames), merges);
      sse.close();
    }
    const both = await stream('?from_event_id=0&event_types=9,%20merge_message');
    assert.ok(await both.readUntil(lastIdIs(merges.at(-1) as number)));
    assert.equal(idsOf(both.frames).length, merges.length + onChain.length);
    both.close();
  });

  it('sends a keep-alive comment while nothing happens', async () => {
    const sse = await stream('');
    assert.ok(await sse.readUntil((frames) => frames.some((frame) => frame.comment === 'keep-alive')));
    assert.deepEqual(eventsOf(sse.frames), []);
    sse.close();
  });

  it('shares the per-IP limit with gRPC: the fifth stream is refused with the node error body', async () => {
    await streamsRunning(0);
    const grpc = await Promise.all(
      [0, 1].map(async () => {
        const result = await node.client.subscribe({ eventTypes: [] });
        assert.ok(result.isOk());
        return result.value;
      }),
    );
    const sse = await Promise.all([stream(''), stream('')]);
    await streamsRunning(4);
    const refused = await fetch(base);
    assert.equal(refused.status, 400);
    openApiShape.error(await refused.json(), 'unavailable', 14);
    const authorized = await stream('', { authorization: BASIC });
    assert.equal(authorized.response.status, 200);

    // A client that hangs up frees its slot.
    sse[0]?.close();
    await streamsRunning(4);
    const again = await stream('');
    assert.equal(again.response.status, 200);
    for (const call of grpc) call.cancel();
    for (const opened of [...sse, authorized, again]) opened.close();
    await streamsRunning(0);
  });

  it('answers malformed parameters with 400 and the node error body', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['?from_event_id=abc', {}, 'from_event_id must be a non-negative integer'],
      ['?event_types=bogus', {}, 'event_types "bogus" is not a known value'],
      ['?event_types=merge_failure', {}, 'event_types: HUB_EVENT_TYPE_MERGE_FAILURE is not streamed'],
      ['?event_types=1,', {}, 'event_types "" is not a known value'],
      ['', { 'last-event-id': 'x' }, 'Last-Event-ID must be a non-negative integer'],
    ];
    for (const [query, headers, details] of cases) {
      const response = await fetch(`${base}${query}`, { headers });
      assert.equal(response.status, 400, query);
      const body = (await response.json()) as Json;
      openApiShape.error(body, 'bad_request.validation_failure', 3);
      assert.ok(body.details.startsWith(details), `${query}: ${body.details}`);
    }
    assert.deepEqual(node.eventStreams.running(), []);
  });
});

describe('node event stream at shutdown', () => {
  it('ends open streams when the app closes, and the close does not wait for their clients', async () => {
    const node = await openNodeHttp('sqlite');
    try {
      await node.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = node.app.server.address() as AddressInfo;
      const sse = await openStream(`http://127.0.0.1:${port}/v1/events/stream?from_event_id=0`);
      await node.app.close();
      assert.equal(await sse.readUntil(() => false), false);
      assert.deepEqual(sse.frames.at(-1), { comment: 'the node is shutting down' });
      assert.deepEqual(node.eventStreams.running(), []);
    } finally {
      await node.close();
    }
  });
});
