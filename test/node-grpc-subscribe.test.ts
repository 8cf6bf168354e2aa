import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getAuthMetadata, HubEventType, Message as ClientMessage } from '@farcaster/hub-nodejs';
import type { ClientReadableStream, HubEvent, Metadata, ServiceError } from '@farcaster/hub-nodejs';
import { sql } from 'kysely';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { eventsPage } from '../src/node/events/index.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { Message } from '../src/protocol/gen/message.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { WRITER_PROCESS, writerCasts } from './support/event-writer-process.js';
import { waitFor } from './support/wait.js';

/** gRPC Subscribe as a hub-nodejs 0.17 client sees it: backfill, live, filters, limits, stalls, shutdown. */

const RESOURCE_EXHAUSTED = 8;
const UNAVAILABLE = 14;
const STALL_TIMEOUT_MS = 1500;
/** Submits need them (rpc-auth is on); on Subscribe they lift the per-IP limit. */
const credentials = () => getAuthMetadata('shuttle', 'secret');

interface Recording {
  events: HubEvent[];
  /** The status error the stream ended with, once it has. */
  error: ServiceError | undefined;
  /** Resolves when the server has answered the call's headers (the subscription is in place). */
  opened: Promise<void>;
  /** Resolves when the stream ends, with its error if any. */
  ended: Promise<ServiceError | undefined>;
  stream: ClientReadableStream<HubEvent>;
}

function record(stream: ClientReadableStream<HubEvent>): Recording {
  const ended = new Promise<ServiceError | undefined>((resolve) => {
    stream.once('error', (error: ServiceError) => {
      recording.error = error;
      resolve(error);
    });
    stream.once('end', () => resolve(recording.error));
  });
  const recording: Recording = {
    events: [],
    error: undefined,
    stream,
    opened: new Promise((resolve, reject) => {
      stream.once('metadata', () => resolve());
      void ended.then((error) => reject(new Error(`the stream ended unopened: ${error?.details}`)));
    }),
    ended,
  };
  // A refusal settles `opened` too; only tests that wait for it should hear of it.
  recording.opened.catch(() => undefined);
  stream.on('data', (event: HubEvent) => recording.events.push(event));
  return recording;
}

const ids = (events: readonly { id: number }[]) => events.map((event) => event.id);
const castHash = (event: HubEvent) =>
  event.mergeMessageBody?.message === undefined ? undefined : bytesToHex(event.mergeMessageBody.message.hash);
const errCodeOf = (error: ServiceError | undefined) => error?.metadata.get('errcode')[0];

/** Every id in the log, oldest first. */
async function logIds(node: NodeGrpcHarness, type?: HubEventType): Promise<number[]> {
  const all: number[] = [];
  for (let from = 0; ;) {
    const page = await eventsPage(node.database.db, from, 1000);
    all.push(...ids(page.events.filter((event) => type === undefined || event.type === type)));
    if (page.events.length < 1000) return all;
    from = page.nextPageEventId;
  }
}

/** Waits until the recording holds `id` (or fails with the stream's error). */
function receivedUpTo(recording: Recording, id: number): Promise<true> {
  return waitFor(`event ${id}`, async () => {
    if (recording.error !== undefined) throw recording.error;
    return (recording.events.at(-1)?.id ?? -1) >= id ? true : undefined;
  });
}

forEachDialect('node gRPC Subscribe', (dialect) => {
  let node: NodeGrpcHarness;
  let alice: TestAccount;
  const open: Recording[] = [];

  before(async () => {
    node = await openNodeGrpc(dialect, {
      rpcAuth: ['shuttle:secret'],
      streams: { stallTimeoutMs: STALL_TIMEOUT_MS },
    });
    alice = await setUpAccount(node.database.db, 1, { units: 5 });
  });
  after(async () => {
    for (const recording of open) recording.stream.cancel();
    await node?.close();
  });

  const subscribe = async (
    request: { eventTypes?: HubEventType[]; fromId?: number; shardIndex?: number },
    metadata?: Metadata,
  ) => {
    const result = await node.client.subscribe({ eventTypes: [], ...request }, metadata);
    assert.ok(result.isOk());
    const recording = record(result.value);
    open.push(recording);
    return recording;
  };
  const submit = async (received: ReceivedMessage) => {
    const bytes = Message.encode(received.message).finish();
    const result = await node.client.submitMessage(ClientMessage.decode(bytes), credentials());
    assert.ok(result.isOk(), result.isErr() ? result.error.message : '');
  };
  const cancel = async (recording: Recording) => {
    recording.stream.cancel();
    await recording.ended;
  };
  const streamsRunning = (count: number) =>
    waitFor(`${count} streams running`, async () =>
      node.eventStreams.running().length === count ? true : undefined,
    );

  it('backfills from 0, then streams what is merged next', async () => {
    await submit(castAdd(alice, 'first'));
    const recording = await subscribe({ fromId: 0 });
    const backlog = await logIds(node);
    await receivedUpTo(recording, backlog.at(-1) as number);
    assert.deepEqual(ids(recording.events), backlog);

    const live = castAdd(alice, 'live');
    await submit(live);
    const [last] = (await logIds(node)).slice(-1);
    await receivedUpTo(recording, last as number);
    assert.equal(castHash(recording.events.at(-1) as HubEvent), bytesToHex(live.message.hash));
    assert.deepEqual(ids(recording.events), await logIds(node));
    await cancel(recording);
  });

  it('without from_id, streams only what is merged after the subscription is answered', async () => {
    await submit(castAdd(alice, 'before'));
    const recording = await subscribe({});
    await recording.opened;
    const after = castAdd(alice, 'after');
    await submit(after);
    await waitFor('the live event', async () => (recording.events.length > 0 ? true : undefined));
    assert.deepEqual(recording.events.map(castHash), [bytesToHex(after.message.hash)]);
    await cancel(recording);
  });

  it('honours event_types and a from_id that is inclusive', async () => {
    const merges = await logIds(node, HubEventType.MERGE_MESSAGE);
    const from = merges[1] as number;
    const recording = await subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE], fromId: from });
    await receivedUpTo(recording, merges.at(-1) as number);
    assert.deepEqual(ids(recording.events), merges.slice(1));
    assert.ok(recording.events.every((event) => event.type === HubEventType.MERGE_MESSAGE));
    await cancel(recording);
  });

  it('loses and repeats nothing where the backfill meets the live stream, under a concurrent submit stream', async () => {
    const bob = await setUpAccount(node.database.db, 2, { units: 5 });
    const casts = Array.from({ length: 2400 }, (_, i) => castAdd(i % 2 === 0 ? alice : bob, `load ${i}`));
    let submitted = 0;
    let midway: Promise<Recording> | undefined;
    // 48 clients submitting over gRPC; a subscriber from 0 joins halfway through.
    const workers = Array.from({ length: 48 }, async (_, worker) => {
      for (let i = worker; i < casts.length; i += 48) {
        await submit(casts[i] as ReceivedMessage);
        submitted += 1;
        if (submitted === casts.length / 2) midway = subscribe({ fromId: 0 });
      }
    });
    await Promise.all(workers);
    assert.ok(midway !== undefined);
    const recording = await midway;
    const all = await logIds(node);
    await receivedUpTo(recording, all.at(-1) as number);
    assert.equal(new Set(ids(recording.events)).size, recording.events.length, 'no event twice');
    assert.deepEqual(ids(recording.events), all);
    const hashes = new Set(recording.events.map(castHash));
    assert.ok(
      casts.every((cast) => hashes.has(bytesToHex(cast.message.hash))),
      'every cast streamed',
    );
    await cancel(recording);
  });

  it('refuses a fifth stream from one IP with RESOURCE_EXHAUSTED; credentials lift the limit; a cancel frees a slot', async () => {
    await streamsRunning(0);
    const four = await Promise.all([0, 1, 2, 3].map(() => subscribe({ fromId: 0 })));
    await Promise.all(four.map((recording) => recording.opened));
    const fifth = await subscribe({ fromId: 0 });
    const refusal = await fifth.ended;
    assert.equal(refusal?.code, RESOURCE_EXHAUSTED);
    assert.equal(refusal?.details, 'Too many connections from this IP: 127.0.0.1');
    assert.equal(errCodeOf(refusal), 'unavailable');

    const authorized = await subscribe({ fromId: 0 }, credentials());
    await authorized.opened;
    const wrong = await subscribe({ fromId: 0 }, getAuthMetadata('shuttle', 'wrong'));
    assert.equal((await wrong.ended)?.code, RESOURCE_EXHAUSTED);

    await cancel(four[0] as Recording);
    await streamsRunning(4);
    const again = await subscribe({ fromId: 0 });
    await again.opened;
    for (const recording of [...four.slice(1), authorized, again]) await cancel(recording);
    await streamsRunning(0);
  });

  it('refuses a shard other than 0 or 1 with INVALID_ARGUMENT', async () => {
    const recording = await subscribe({ fromId: 0, shardIndex: 2 });
    const error = await recording.ended;
    assert.equal(error?.code, 3);
    assert.equal(errCodeOf(error), 'bad_request.invalid_param');
    const shardOne = await subscribe({ fromId: 0, shardIndex: 1 });
    await receivedUpTo(shardOne, (await logIds(node)).at(-1) as number);
    await cancel(shardOne);
  });

  it('reads no further for a client that stopped reading, and cuts it after the stall timeout', async () => {
    const backlog = await logIds(node);
    assert.ok(backlog.length > 2000);
    await streamsRunning(0);
    const recording = await subscribe({ fromId: 0 });
    recording.stream.once('data', () => recording.stream.pause());
    // While it is paused, the node hands the transport only what its buffers hold, not the backlog.
    const most = { written: 0 };
    const ended = recording.ended;
    await waitFor('the cut', async () => {
      const [stream] = node.eventStreams.running();
      if (stream !== undefined) most.written = Math.max(most.written, stream.written);
      return stream === undefined ? true : undefined;
    });
    assert.ok(most.written < backlog.length / 2, `${most.written} of ${backlog.length} events read`);
    const error = await ended;
    assert.equal(error?.code, RESOURCE_EXHAUSTED);
    assert.equal(recording.events.length, 1);
  });

  it(
    'streams merges made by another process on the same database',
    { skip: dialect === 'postgres' ? false : 'node processes share a database only on PostgreSQL' },
    async () => {
      const carol = await setUpAccount(node.database.db, 3, { units: 5 });
      const recording = await subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE] });
      await recording.opened;
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(
        node.database.db,
      );
      const url = process.env['AGORA_TEST_DATABASE_URL'] as string;
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(WRITER_PROCESS), url, rows[0]?.schema ?? '', `${carol.fid}`, '30'],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
      const code = await new Promise((resolve) => child.once('exit', resolve));
      assert.equal(code, 0);
      const expected = writerCasts(carol.fid, 30).map((cast) => bytesToHex(cast.message.hash));
      await waitFor('the other process’s casts', async () =>
        recording.events.length >= expected.length ? true : undefined,
      );
      assert.deepEqual(recording.events.map(castHash), expected);
      await cancel(recording);
    },
  );
});

describe('node gRPC Subscribe at shutdown', () => {
  it('ends open streams with UNAVAILABLE "the node is shutting down" and closes', async () => {
    const node = await openNodeGrpc('sqlite');
    try {
      const result = await node.client.subscribe({ eventTypes: [], fromId: 0 });
      assert.ok(result.isOk());
      const recording = record(result.value);
      await recording.opened;
      await node.grpc.close();
      const error = await recording.ended;
      assert.equal(error?.code, UNAVAILABLE);
      assert.equal(error?.details, 'the node is shutting down');
      assert.equal(errCodeOf(error), 'unavailable');
      assert.deepEqual(node.eventStreams.running(), []);
    } finally {
      await node.close();
    }
  });
});
