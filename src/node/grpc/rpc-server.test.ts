import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect as http2Connect } from 'node:http2';
import type { ClientHttp2Session, IncomingHttpHeaders } from 'node:http2';
import { connect as netConnect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import * as grpc from '@grpc/grpc-js';
import { createRpcServer, RequestFault } from './rpc-server.js';
import type { GrpcStatus, Route, RpcServerOptions, StreamingCall } from './rpc-server.js';
import { framed } from './wire.js';

const identity = (bytes: Buffer) => bytes;

/** A thrown value as a status the tests can recognise: a RequestFault names its kind. */
function statusOf(error: unknown): GrpcStatus {
  if (error instanceof RequestFault) {
    return { code: grpc.status.INVALID_ARGUMENT, details: `fault ${error.fault.kind}`, metadata: {} };
  }
  return {
    code: grpc.status.NOT_FOUND,
    details: (error as Error).message,
    metadata: { errcode: 'not_found' },
  };
}

async function serve(routes: Record<string, Route>, options: Partial<RpcServerOptions> = {}) {
  const rpc = createRpcServer({
    routes: new Map(Object.entries(routes)),
    statusOf,
    maxStreams: 10,
    idleTimeoutMs: 60_000,
    keepalive: { intervalMs: 60_000, timeoutMs: 60_000 },
    ...options,
  });
  const server = createServer((socket) => rpc.accept(socket));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async close() {
      server.close();
      await rpc.close(1000);
    },
  };
}

/** One raw HTTP/2 call: the response's headers (trailers too, for a trailers-only answer) and its body. */
async function rawCall(
  session: ClientHttp2Session,
  path: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ headers: IncomingHttpHeaders; trailers: IncomingHttpHeaders; body: Buffer }> {
  const request = session.request({
    ':method': 'POST',
    ':path': path,
    'content-type': 'application/grpc',
    ...headers,
  });
  let trailers: IncomingHttpHeaders = {};
  request.on('trailers', (received: IncomingHttpHeaders) => (trailers = received));
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.end(body);
  const [responseHeaders] = (await once(request, 'response')) as [IncomingHttpHeaders];
  await once(request, 'close');
  return { headers: responseHeaders, trailers, body: Buffer.concat(chunks) };
}

describe('gRPC server over node:http2', () => {
  const streamed: { cancelled: boolean }[] = [];
  let server: Awaited<ReturnType<typeof serve>>;
  let client: grpc.Client;
  let session: ClientHttp2Session;
  before(async () => {
    server = await serve({
      '/T/Echo': { kind: 'unary', maxRequestBytes: 16, handle: async (request) => request },
      '/T/Missing': {
        kind: 'unary',
        maxRequestBytes: 16,
        handle: async () => {
          throw new Error('nothing here: “none”');
        },
      },
      '/T/Never': {
        kind: 'unary',
        maxRequestBytes: 16,
        handle: () => new Promise<Uint8Array>(() => undefined),
      },
      '/T/Count': {
        kind: 'streaming',
        maxRequestBytes: 16,
        handle(request: Buffer, call: StreamingCall) {
          const seen = { cancelled: false };
          streamed.push(seen);
          call.onCancel(() => (seen.cancelled = true));
          // request: [how many messages, then 0 to end with OK, 1 with a failure, 2 to stay open]
          for (let i = 1; i <= request.readUInt8(0); i += 1) call.write(Buffer.from([i]));
          const end = request.readUInt8(1);
          if (end === 0) call.finish();
          else if (end === 1) call.finish(statusOf(new Error('ended early')));
        },
      },
    });
    client = new grpc.Client(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    session = http2Connect(`http://127.0.0.1:${server.port}`);
  });
  after(async () => {
    client.close();
    session.close();
    await server.close();
  });

  const unary = (path: string, request: Buffer, options: grpc.CallOptions = {}) =>
    new Promise<{ answer?: Buffer; error?: grpc.ServiceError }>((resolve) =>
      client.makeUnaryRequest(
        path,
        identity,
        identity,
        request,
        new grpc.Metadata(),
        options,
        (error, answer) => resolve(error === null ? { answer: answer as Buffer } : { error }),
      ),
    );

  it('answers a unary call, and a thrown failure with its code, details and metadata', async () => {
    assert.deepEqual((await unary('/T/Echo', Buffer.from('hello'))).answer, Buffer.from('hello'));
    assert.deepEqual((await unary('/T/Echo', Buffer.alloc(0))).answer, Buffer.alloc(0));
    const { error } = await unary('/T/Missing', Buffer.from('x'));
    assert.equal(error?.code, grpc.status.NOT_FOUND);
    assert.equal(error?.details, 'nothing here: “none”');
    assert.deepEqual(error?.metadata.get('errcode'), ['not_found']);
  });

  it('refuses an unknown method, a request over its bound and a compressed one before any handler', async () => {
    assert.equal((await unary('/T/Nowhere', Buffer.from('x'))).error?.details, 'fault unknown_method');
    assert.equal((await unary('/T/Echo', Buffer.alloc(17))).error?.details, 'fault oversize');
    const compressed = framed(Buffer.from('x'));
    compressed[0] = 1;
    const answer = await rawCall(session, '/T/Echo', compressed);
    assert.equal(answer.headers['grpc-message'], 'fault%20compressed');
  });

  it('answers an oversize request from its prefix, without waiting for the body', async () => {
    const request = session.request({
      ':method': 'POST',
      ':path': '/T/Echo',
      'content-type': 'application/grpc',
    });
    request.on('error', () => undefined);
    request.write(framed(Buffer.alloc(1000)).subarray(0, 5));
    const [headers] = (await once(request, 'response')) as [IncomingHttpHeaders];
    assert.equal(headers['grpc-status'], String(grpc.status.INVALID_ARGUMENT));
    assert.equal(headers['grpc-message'], 'fault%20oversize');
    request.close();
  });

  it('takes exactly one request message on a call', async () => {
    const none = await rawCall(session, '/T/Echo', Buffer.alloc(0));
    assert.equal(none.headers['grpc-message'], 'fault%20message_count');
    const two = await rawCall(
      session,
      '/T/Echo',
      Buffer.concat([framed(Buffer.from('a')), framed(Buffer.from('b'))]),
    );
    assert.equal(two.headers['grpc-message'], 'fault%20message_count');
    const cut = await rawCall(session, '/T/Echo', framed(Buffer.from('abc')).subarray(0, 6));
    assert.equal(cut.headers['grpc-message'], 'fault%20truncated');
  });

  it('answers a request that is not gRPC with HTTP 415', async () => {
    const answer = await rawCall(session, '/T/Echo', framed(Buffer.from('x')), {
      'content-type': 'text/plain',
    });
    assert.equal(answer.headers[':status'], 415);
  });

  it("ends a call past its grpc-timeout with DEADLINE_EXCEEDED, the server's own doing", async () => {
    const answer = await rawCall(session, '/T/Never', framed(Buffer.from('x')), { 'grpc-timeout': '50m' });
    assert.equal(answer.headers['grpc-status'], String(grpc.status.DEADLINE_EXCEEDED));
  });

  it('streams messages then OK, or then a failure', async () => {
    const read = (request: Buffer) =>
      new Promise<{ messages: number[]; error?: grpc.ServiceError }>((resolve) => {
        const messages: number[] = [];
        const stream = client.makeServerStreamRequest('/T/Count', identity, identity, request);
        stream.on('data', (message: Buffer) => messages.push(message.readUInt8(0)));
        stream.on('error', (error: grpc.ServiceError) => resolve({ messages, error }));
        stream.on('status', (status: grpc.StatusObject) => {
          if (status.code === grpc.status.OK) resolve({ messages });
        });
      });
    assert.deepEqual(await read(Buffer.from([3, 0])), { messages: [1, 2, 3] });
    assert.deepEqual(await read(Buffer.from([0, 0])), { messages: [] });
    const failed = await read(Buffer.from([2, 1]));
    assert.deepEqual(failed.messages, [1, 2]);
    assert.equal(failed.error?.details, 'ended early');
  });

  it('tells a streaming handler when its client cancels', async () => {
    const stream = client.makeServerStreamRequest('/T/Count', identity, identity, Buffer.from([1, 2]));
    stream.on('error', () => undefined);
    await once(stream, 'data');
    const seen = streamed.at(-1);
    assert.equal(seen?.cancelled, false);
    stream.cancel();
    await new Promise<void>((resolve) => {
      const check = () => (seen?.cancelled === true ? resolve() : setImmediate(check));
      check();
    });
  });
});

describe('gRPC server keepalive', () => {
  it('drops a connection that does not answer its ping, and keeps one that does', async () => {
    const server = await serve({}, { keepalive: { intervalMs: 50, timeoutMs: 100 } });
    try {
      const answering = http2Connect(`http://127.0.0.1:${server.port}`);
      await once(answering, 'remoteSettings');
      // A client that sends the preface and its settings, then acknowledges nothing (what it reads is dropped).
      const silent = netConnect(server.port, '127.0.0.1');
      silent.on('error', () => undefined).resume();
      silent.write('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
      silent.write(Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]));
      await once(silent, 'close');
      assert.equal(answering.closed || answering.destroyed, false);
      answering.close();
    } finally {
      await server.close();
    }
  });
});
