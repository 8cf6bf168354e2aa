import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect as http2Connect, constants as h2 } from 'node:http2';
import type { ClientHttp2Session } from 'node:http2';
import { connect as netConnect } from 'node:net';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { connect as tlsConnect } from 'node:tls';
import { HubEventType, Message as CoreMessage } from '@farcaster/hub-nodejs';
import * as grpc from '@grpc/grpc-js';
import { castAdd, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { MAX_MESSAGE_BYTES, MAX_REQUEST_BYTES } from '../src/node/grpc/hub-service.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { Message, MessageData, MessageType } from '../src/protocol/gen/message.js';
import {
  SubmitBulkMessagesRequest,
  SubmitBulkMessagesResponse,
} from '../src/protocol/gen/request_response.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { startModuleWorker } from '../src/shared/module-worker.js';
import { forEachDialect } from '../src/storage/testing.js';
import { emptyMessages, rawUnary } from './support/raw-grpc.js';
import type { RawAnswer } from './support/raw-grpc.js';
import { assertResponsive, listenOnLoopback, responsiveDuring } from './support/responsiveness.js';
import { selfSignedCert } from './support/self-signed-cert.js';
import { waitFor } from './support/wait.js';

/**
 * The gRPC port against a stranger: requests decoded only once the caller is admitted and only up to
 * their bounds, a bulk call counted message by message, and the TCP side capped and timed out.
 */

/**
 * Time allowed beyond a timeout under test for the server to act on it and the close to reach the client:
 * ample on a loaded machine, yet short of the defaults (10 s handshake, 120 s idle), so a close within it
 * is the configured timeout's doing.
 */
const MARGIN_MS = 5000;

const core = (received: ReceivedMessage): CoreMessage =>
  CoreMessage.decode(Message.encode(received.message).finish());

/**
 * `calls` SubmitBulkMessages calls of `body` at once from an attacker thread (so the attacker's own work
 * is not measured as the node's), while this thread watches the node answer `/_health`; the calls' answers.
 */
async function bulkWhileProbing(
  node: NodeGrpcHarness,
  base: string,
  calls: number,
  body: Uint8Array,
): Promise<RawAnswer[]> {
  const attacker = startModuleWorker(new URL('support/bulk-flood-worker.js', import.meta.url), {
    port: node.grpc.port,
    calls,
    body,
  });
  await once(attacker, 'message'); // 'sending'
  const answered = once(attacker, 'message') as Promise<[RawAnswer[]]>;
  const measured = await responsiveDuring(base, answered);
  assertResponsive(measured);
  return measured.result[0];
}

forEachDialect('node gRPC submits against a stranger', (dialect) => {
  describe('request bounds', () => {
    let node: NodeGrpcHarness;
    let port: number;
    let base: string;
    before(async () => {
      node = await openNodeGrpc(dialect);
      port = node.grpc.port;
      base = await listenOnLoopback(node.app);
    });
    after(() => node.close());

    it('refuses a bulk call of two million empty messages at the cap, /_health answering meanwhile', async () => {
      const answers = await bulkWhileProbing(node, base, 1, emptyMessages(2_000_000));
      for (const answer of answers) {
        assert.equal(answer.code, grpc.status.INVALID_ARGUMENT);
        assert.equal(answer.errcode, 'bad_request.validation_failure');
        assert.equal(answer.message, 'at most 256 messages per call');
      }
    });

    it('decodes a bulk call of the largest messages a slice at a time, /_health answering meanwhile', async () => {
      // A cast whose body is as many embeds as fit: the slowest kind of message to decode for its size.
      const embeds = Array.from({ length: 12_000 }, () => ({ url: 'a' }));
      const data = MessageData.fromPartial({ type: MessageType.CAST_ADD, fid: 1, castAddBody: { embeds } });
      const message = Message.fromPartial({ data, hash: new Uint8Array(20), signature: new Uint8Array(64) });
      assert.ok(Message.encode(message).finish().length <= MAX_MESSAGE_BYTES);
      // 64 of them take several times the probes' bound to decode in one go.
      const body = SubmitBulkMessagesRequest.encode({ messages: Array(64).fill(message) }).finish();
      const answers = await bulkWhileProbing(node, base, 1, body);
      const [answer] = answers;
      assert.equal(answer?.code, grpc.status.OK);
      const refused = SubmitBulkMessagesResponse.decode(answer.body).messages;
      assert.equal(refused.filter((entry) => entry.messageError !== undefined).length, 64);
    });

    it('refuses a request over its method bound unread, with RESOURCE_EXHAUSTED', async () => {
      const client = new grpc.Client(node.grpc.address, grpc.credentials.createInsecure());
      const identity = (bytes: Buffer) => bytes;
      const call = (path: string, size: number) =>
        new Promise<grpc.ServiceError>((resolve, reject) =>
          client.makeUnaryRequest(path, identity, identity, Buffer.alloc(size), (error) =>
            error === null ? reject(new Error(`${path} answered`)) : resolve(error),
          ),
        );
      try {
        for (const [path, size] of [
          ['/HubService/SubmitMessage', MAX_MESSAGE_BYTES + 1],
          ['/HubService/ValidateMessage', MAX_MESSAGE_BYTES + 1],
          ['/HubService/GetInfo', 4097],
          ['/HubService/GetCastsByFid', 4097],
        ] as const) {
          const failure = await call(path, size);
          assert.equal(failure.code, grpc.status.RESOURCE_EXHAUSTED, path);
          assert.deepEqual(failure.metadata.get('errcode'), ['bad_request.parse_failure'], path);
          assert.match(failure.details, /takes requests of at most \d+ bytes; this one is \d+/, path);
        }
        const stream = client.makeServerStreamRequest(
          '/HubService/Subscribe',
          identity,
          identity,
          Buffer.alloc(4097),
        );
        const streamed = await new Promise<grpc.ServiceError>((resolve) => stream.on('error', resolve));
        assert.equal(streamed.code, grpc.status.RESOURCE_EXHAUSTED);
        // Past every method's bound, grpc-js refuses it as the length prefix arrives.
        const past = await call('/HubService/SubmitBulkMessages', MAX_REQUEST_BYTES + 1);
        assert.equal(past.code, grpc.status.RESOURCE_EXHAUSTED);
      } finally {
        client.close();
      }
    });

    it('answers a bulk entry larger than one submit may be with its own error, unread', async () => {
      const big = Buffer.alloc(MAX_MESSAGE_BYTES + 1);
      const length = Buffer.from([0x81, 0x80, 0x04]); // varint 65537
      const answer = await rawUnary(
        port,
        '/HubService/SubmitBulkMessages',
        Buffer.concat([Buffer.from([0x0a]), length, big]),
      );
      assert.equal(answer.code, grpc.status.OK);
      const [entry] = SubmitBulkMessagesResponse.decode(answer.body).messages;
      assert.equal(entry?.messageError?.errCode, 'bad_request.parse_failure');
      assert.match(entry?.messageError?.message ?? '', /at most 65536 bytes; this one is 65537/);
    });
  });

  describe('per-IP limit', () => {
    let node: NodeGrpcHarness;
    let alice: TestAccount;
    before(async () => {
      node = await openNodeGrpc(dialect, { submitRateLimit: 5, loopbackExempt: false });
      alice = await setUpAccount(node.database.db, 1);
    });
    after(() => node.close());

    it('counts each message of a bulk call, and refuses a caller over the limit before reading its request', async () => {
      const first = [1, 2, 3].map((n) => castAdd(alice, `first ${n}`, 50 + n));
      const admitted = await node.client.submitBulkMessages({ messages: first.map(core) });
      assert.ok(admitted.isOk());
      assert.ok(admitted.value.messages.every((answer) => answer.message !== undefined));

      // 3 counted; this call's first message makes 4, its other two 6: over the limit of 5.
      const second = [1, 2, 3].map((n) => castAdd(alice, `second ${n}`, 40 + n));
      const refused = await node.client.submitBulkMessages({ messages: second.map(core) });
      assert.ok(refused.isErr());
      assert.equal(refused.error.errCode, 'unavailable');
      assert.equal(refused.error.message, 'API rate limit exceeded');
      for (const cast of second) {
        const read = await node.client.getCast({ fid: 1, hash: cast.message.hash });
        assert.equal(read.isErr() && read.error.errCode, 'not_found');
      }

      // Over the limit, a list far past the cap is refused by the limit: it is never read.
      const flood = await rawUnary(node.grpc.port, '/HubService/SubmitBulkMessages', emptyMessages(100_000));
      assert.equal(flood.errcode, 'unavailable');
      const http = await node.post('/v1/submitMessage', castAdd(alice, 'over http', 30).message);
      assert.equal(http.body.errCode, 'unavailable');
    });
  });
});

/** A TCP connection to the gRPC port that sends nothing unless told to. */
async function rawSocket(port: number): Promise<Socket> {
  const socket = netConnect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  return socket;
}

/** An HTTP/2 session, once the server has sent its SETTINGS (so it is being served). */
async function servedSession(authority: string, options = {}): Promise<ClientHttp2Session> {
  const session = http2Connect(authority, options);
  session.on('error', () => {});
  await once(session, 'remoteSettings');
  return session;
}

const HANDSHAKE_MS = 300;
const IDLE_MS = 400;

describe('node gRPC connections', () => {
  let node: NodeGrpcHarness;
  let authority: string;
  before(async () => {
    node = await openNodeGrpc('sqlite', {
      grpc: { connections: { handshakeTimeoutMs: HANDSHAKE_MS, idleTimeoutMs: IDLE_MS, maxStreams: 7 } },
    });
    authority = `http://127.0.0.1:${node.grpc.port}`;
  });
  after(() => node.close());

  it('closes connections that do not send the HTTP/2 preface within the handshake timeout', async () => {
    const silent = await Promise.all([0, 1, 2].map(() => rawSocket(node.grpc.port)));
    const partial = await rawSocket(node.grpc.port);
    partial.write('PRI * HTTP/2.0\r\n');
    await waitFor(
      'closing the silent connections',
      Promise.all([...silent, partial].map((socket) => once(socket, 'close'))),
      HANDSHAKE_MS + MARGIN_MS,
    );
    // A client that sends the preface is served.
    const session = await servedSession(authority);
    session.close();
  });

  it('advertises its stream limit, and closes a connection idle past the idle timeout', async () => {
    const session = await servedSession(authority);
    assert.equal(session.remoteSettings.maxConcurrentStreams, 7);
    const [code] = (await waitFor(
      'closing the idle session',
      once(session, 'goaway'),
      IDLE_MS + MARGIN_MS,
    )) as [number];
    assert.equal(code, h2.NGHTTP2_NO_ERROR);
    await once(session, 'close');
  });

  it('keeps a connection with an open Subscribe stream past the idle timeout', async () => {
    const alice = await setUpAccount(node.database.db, 1);
    const subscribed = await node.client.subscribe({ eventTypes: [HubEventType.MERGE_MESSAGE], fromId: 0 });
    assert.ok(subscribed.isOk());
    const stream = subscribed.value;
    let received = 0;
    stream.on('data', () => (received += 1));
    const submit = async (text: string, ago: number) =>
      assert.equal((await node.post('/v1/submitMessage', castAdd(alice, text, ago).message)).status, 200);
    try {
      await submit('before', 20);
      await waitFor('the first event', async () => (received >= 1 ? true : undefined));
      // A connection opened after the stream and closed for idleness: the stream has outlived the timeout.
      const idle = await servedSession(authority);
      await waitFor('closing the idle session', once(idle, 'close'), IDLE_MS + MARGIN_MS);
      await submit('after', 19);
      await waitFor('the second event', async () => (received >= 2 ? true : undefined));
    } finally {
      stream.cancel();
    }
  });
});

describe('node gRPC connection cap', () => {
  const CAP = 3;
  let node: NodeGrpcHarness;
  let authority: string;
  before(async () => {
    node = await openNodeGrpc('sqlite', { grpc: { connections: { maxConnections: CAP } } });
    authority = `http://127.0.0.1:${node.grpc.port}`;
  });
  after(() => node.close());

  it('closes connections past the cap at once, and takes new ones when others have left', async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => servedSession(authority)));
    const extra = http2Connect(authority);
    extra.on('error', () => {});
    let served = false;
    extra.on('remoteSettings', () => (served = true));
    await waitFor('closing the connection past the cap', once(extra, 'close'));
    assert.equal(served, false);

    held.pop()?.destroy();
    const next = await waitFor('a connection served once one has left', async () => {
      const session = http2Connect(authority);
      session.on('error', () => {});
      const [outcome] = await Promise.race([once(session, 'remoteSettings'), once(session, 'close')]);
      return outcome === undefined ? undefined : session;
    });
    for (const session of [...held, next]) session.destroy();
  });
});

describe('node gRPC connections over TLS', () => {
  const cert = selfSignedCert();
  let node: NodeGrpcHarness;
  before(async () => {
    node = await openNodeGrpc('sqlite', {
      grpc: {
        tls: { certFile: cert.certFile, keyFile: cert.keyFile },
        connections: { handshakeTimeoutMs: HANDSHAKE_MS },
      },
    });
  });
  after(async () => {
    await node.close();
    cert.remove();
  });

  it('closes a connection silent before or after its handshake, and serves one that sends the preface', async () => {
    const silent = await rawSocket(node.grpc.port);
    const handshaken = tlsConnect({
      port: node.grpc.port,
      host: '127.0.0.1',
      rejectUnauthorized: false,
      ALPNProtocols: ['h2'],
    });
    handshaken.on('error', () => {});
    await once(handshaken, 'secureConnect');
    assert.equal(handshaken.alpnProtocol, 'h2');
    await waitFor(
      'closing the silent connections',
      Promise.all([once(silent, 'close'), once(handshaken, 'close')]),
      HANDSHAKE_MS + MARGIN_MS,
    );
    const session = await servedSession(`https://127.0.0.1:${node.grpc.port}`, { rejectUnauthorized: false });
    session.close();
  });
});
