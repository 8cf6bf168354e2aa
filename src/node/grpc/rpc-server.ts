import { constants as http2, createServer } from 'node:http2';
import type {
  IncomingHttpHeaders,
  OutgoingHttpHeaders,
  ServerHttp2Session,
  ServerHttp2Stream,
} from 'node:http2';
import type { Duplex } from 'node:stream';
import { encodeStatusMessage, FrameReader, framed, parseTimeout } from './wire.js';
import type { FrameFault } from './wire.js';

/** A call's final status: its code, its message and the trailing metadata beside them. */
export interface GrpcStatus {
  code: number;
  details: string;
  metadata: Readonly<Record<string, string>>;
}

/** What a handler may know of its call. */
export interface RpcCall {
  /** The request's headers: gRPC metadata, lower-cased, repeated entries joined with ", ". */
  readonly headers: IncomingHttpHeaders;
  /** The TCP peer's address, without the port. */
  readonly peerAddress: string;
}

/** A server-streaming call, as its handler writes it. */
export interface StreamingCall extends RpcCall {
  /** Sends the response headers now, before the first message (the first write sends them anyway). */
  sendHeaders(): void;
  /** Writes one encoded message; false when the client's window is full (wait for `onDrain`). */
  write(message: Uint8Array): boolean;
  onDrain(listener: () => void): () => void;
  /** `listener` runs once if the client cancels, its deadline passes or its connection goes. */
  onCancel(listener: () => void): void;
  readonly cancelled: boolean;
  /** Ends the call with OK, or with `status`. */
  finish(status?: GrpcStatus): void;
  /** Resets the stream (RST_STREAM ENHANCE_YOUR_CALM) without a status, for a client that stopped reading. */
  reset(): void;
}

/** A method: unary (an answer, or a thrown value that `statusOf` makes a status) or server-streaming. */
export type Route =
  | {
      kind: 'unary';
      maxRequestBytes: number;
      handle(request: Buffer, call: RpcCall): Promise<Uint8Array>;
    }
  | { kind: 'streaming'; maxRequestBytes: number; handle(request: Buffer, call: StreamingCall): void };

/** A request the server refuses before any handler sees it; `statusOf` says how the client is told. */
export class RequestFault extends Error {
  constructor(
    readonly method: string,
    readonly fault: FrameFault | { kind: 'unknown_method' } | { kind: 'message_count'; count: number },
    readonly maxRequestBytes = 0,
  ) {
    super(`${method}: ${fault.kind}`);
  }
}

export interface RpcServerOptions {
  /** By `:path`, `/<Service>/<Method>`. */
  routes: ReadonlyMap<string, Route>;
  /** A handler's thrown value, or a RequestFault, as the status the client gets. */
  statusOf(error: unknown): GrpcStatus;
  /** Streams open at once on one connection, advertised in SETTINGS. */
  maxStreams: number;
  /** ms a connection may stay with no call open before it is closed with GOAWAY. */
  idleTimeoutMs: number;
  /** A ping every `intervalMs`; a connection that does not answer one within `timeoutMs` is dropped. */
  keepalive: { intervalMs: number; timeoutMs: number };
}

export interface RpcServer {
  /** Serves HTTP/2 on a connection whose client preface may already be buffered on it. */
  accept(connection: Duplex): void;
  /**
   * Sends GOAWAY on every connection and resolves once each is gone: calls in flight finish, and after
   * `graceMs` whatever is left is cut.
   */
  close(graceMs: number): Promise<void>;
}

/** Each header is work per call (HPACK), so only what clients read: no encoding means identity. */
const RESPONSE_HEADERS: OutgoingHttpHeaders = {
  [http2.HTTP2_HEADER_STATUS]: 200,
  [http2.HTTP2_HEADER_CONTENT_TYPE]: 'application/grpc+proto',
};
const OK_TRAILERS: OutgoingHttpHeaders = { 'grpc-status': '0' };
const DEADLINE_EXCEEDED: GrpcStatus = { code: 4, details: 'Deadline exceeded', metadata: {} };

function trailersOf(status: GrpcStatus): OutgoingHttpHeaders {
  return {
    ...status.metadata,
    'grpc-status': String(status.code),
    'grpc-message': encodeStatusMessage(status.details),
  };
}

function sendOkTrailers(this: ServerHttp2Stream): void {
  this.sendTrailers(OK_TRAILERS);
}

const ignore = () => undefined;

/** A connection's calls in progress and its timers. */
interface Connection {
  peerAddress: string;
  open: number;
  idle: NodeJS.Timeout;
  keepalive: NodeJS.Timeout;
}

/** One call on its HTTP/2 stream: answered once, with headers, messages and a status in that order. */
class Call implements StreamingCall {
  /** new: nothing sent; open: headers sent; done: the status is sent or the stream is gone. */
  private state: 'new' | 'open' | 'done' = 'new';
  private wasCancelled = false;
  private trailers = OK_TRAILERS;
  private cancelListeners: (() => void)[] | undefined;
  private deadline: NodeJS.Timeout | undefined;

  constructor(
    private readonly stream: ServerHttp2Stream,
    readonly headers: IncomingHttpHeaders,
    private readonly connection: Connection,
  ) {
    connection.open += 1;
    stream.once('close', () => this.gone());
    const timeoutMs = parseTimeout(headers['grpc-timeout'] as string | undefined);
    if (timeoutMs !== undefined) {
      this.deadline = setTimeout(() => {
        this.finish(DEADLINE_EXCEEDED);
        this.cancel();
      }, timeoutMs);
    }
  }

  get peerAddress(): string {
    return this.connection.peerAddress;
  }

  get cancelled(): boolean {
    return this.wasCancelled;
  }

  /** Whether nothing more can be sent: the status went out, or the client reset the stream. */
  private get shut(): boolean {
    return this.stream.closed || this.stream.destroyed;
  }

  /** A unary call's answer. */
  answer(message: Uint8Array): void {
    if (this.state !== 'new') return;
    this.settle();
    if (this.shut) return;
    this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    this.stream.once('wantTrailers', sendOkTrailers);
    this.stream.end(framed(message));
  }

  sendHeaders(): void {
    if (this.state !== 'new' || this.shut) return;
    this.state = 'open';
    this.stream.respond(RESPONSE_HEADERS, { waitForTrailers: true });
    this.stream.once('wantTrailers', () => this.stream.sendTrailers(this.trailers));
  }

  write(message: Uint8Array): boolean {
    this.sendHeaders();
    if (this.state !== 'open') return true;
    return this.stream.write(framed(message));
  }

  onDrain(listener: () => void): () => void {
    this.stream.once('drain', listener);
    return () => this.stream.off('drain', listener);
  }

  onCancel(listener: () => void): void {
    if (this.cancelled) listener();
    else (this.cancelListeners ??= []).push(listener);
  }

  finish(status?: GrpcStatus): void {
    const was = this.state;
    if (was === 'done') return;
    this.settle();
    if (this.shut) return;
    if (was === 'new') {
      const headers = status === undefined ? OK_TRAILERS : trailersOf(status);
      this.stream.respond({ ...RESPONSE_HEADERS, ...headers }, { endStream: true });
    } else {
      if (status !== undefined) this.trailers = trailersOf(status);
      this.stream.end();
    }
  }

  reset(): void {
    this.settle();
    if (!this.shut) this.stream.close(http2.NGHTTP2_ENHANCE_YOUR_CALM);
  }

  /** Stops reading what is left of a request answered early: the stream is closed once the status is out. */
  stopReading(): void {
    if (!this.shut) this.stream.close(http2.NGHTTP2_NO_ERROR);
  }

  private settle(): void {
    this.state = 'done';
    if (this.deadline !== undefined) clearTimeout(this.deadline);
  }

  /** The stream closed: if the call was not answered, the client is gone. */
  private gone(): void {
    const { connection } = this;
    connection.open -= 1;
    // The idle timer runs from when the connection's last call ended.
    if (connection.open === 0) connection.idle.refresh();
    if (this.state !== 'done') {
      this.settle();
      this.cancel();
    }
  }

  private cancel(): void {
    this.wasCancelled = true;
    const listeners = this.cancelListeners ?? [];
    this.cancelListeners = undefined;
    for (const listener of listeners) listener();
  }
}

/**
 * A gRPC server over `node:http2`, for unary and server-streaming calls of uncompressed protobuf. It
 * takes connections that are already accepted (and past TLS), so the port's own limits stay in front of
 * it (connection-limits.ts). The transport only frames: decoding, auth and errors are the routes'.
 */
export function createRpcServer(options: RpcServerOptions): RpcServer {
  const { routes, statusOf, idleTimeoutMs, keepalive } = options;
  const connections = new Map<ServerHttp2Session, Connection>();
  let closing = false;

  const h2 = createServer({ settings: { maxConcurrentStreams: options.maxStreams } });

  h2.on('session', (session: ServerHttp2Session) => {
    if (closing) {
      session.destroy();
      return;
    }
    const connection: Connection = {
      peerAddress: session.socket.remoteAddress ?? '',
      open: 0,
      // An idle connection is closed gracefully; the timer is refreshed each time the last call ends.
      idle: setTimeout(() => {
        if (connection.open === 0) session.close();
      }, idleTimeoutMs).unref(),
      keepalive: setInterval(() => {
        if (session.closed || session.destroyed) return;
        const unanswered = setTimeout(() => session.destroy(), keepalive.timeoutMs).unref();
        // False while an earlier ping is still out: that one's timer stands.
        const sent = session.ping((error) => {
          clearTimeout(unanswered);
          if (error !== null) session.destroy();
        });
        if (!sent) clearTimeout(unanswered);
      }, keepalive.intervalMs).unref(),
    };
    connections.set(session, connection);
    session.on('error', ignore);
    session.once('close', () => {
      clearTimeout(connection.idle);
      clearInterval(connection.keepalive);
      connections.delete(session);
    });
  });

  h2.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders) => {
    stream.on('error', ignore);
    const connection = connections.get(stream.session as ServerHttp2Session);
    if (connection === undefined) {
      stream.close(http2.NGHTTP2_REFUSED_STREAM);
      return;
    }
    const contentType = headers[http2.HTTP2_HEADER_CONTENT_TYPE];
    const path = headers[http2.HTTP2_HEADER_PATH];
    if (
      headers[http2.HTTP2_HEADER_METHOD] !== 'POST' ||
      typeof contentType !== 'string' ||
      !contentType.startsWith('application/grpc')
    ) {
      stream.respond({ [http2.HTTP2_HEADER_STATUS]: 415 }, { endStream: true });
      return;
    }
    const method = typeof path === 'string' ? path : '';
    const call = new Call(stream, headers, connection);
    const route = routes.get(method);
    if (route === undefined) {
      call.finish(statusOf(new RequestFault(method, { kind: 'unknown_method' })));
      call.stopReading();
      return;
    }
    let refused = false;
    const refuse = (error: unknown) => {
      refused = true;
      call.finish(statusOf(error));
      call.stopReading();
    };
    const reader = new FrameReader(route.maxRequestBytes);
    stream.on('data', (chunk: Buffer) => {
      const fault = refused ? undefined : reader.push(chunk);
      if (fault !== undefined) refuse(new RequestFault(method, fault, route.maxRequestBytes));
    });
    stream.once('end', () => {
      if (refused) return;
      const fault = reader.end();
      if (fault !== undefined) return refuse(new RequestFault(method, fault, route.maxRequestBytes));
      const [request, ...more] = reader.messages;
      if (request === undefined || more.length > 0) {
        return refuse(new RequestFault(method, { kind: 'message_count', count: reader.messages.length }));
      }
      try {
        if (route.kind === 'streaming') return route.handle(request, call);
        route.handle(request, call).then(
          (answer) => call.answer(answer),
          (error: unknown) => call.finish(statusOf(error)),
        );
      } catch (error) {
        call.finish(statusOf(error));
      }
    });
  });

  return {
    accept(connection) {
      if (closing) connection.destroy();
      else h2.emit('connection', connection);
    },
    async close(graceMs) {
      closing = true;
      const sessions = [...connections.keys()];
      const gone = sessions.map((session) => new Promise((resolve) => session.once('close', resolve)));
      for (const session of sessions) session.close();
      const cut = setTimeout(() => {
        for (const session of sessions) session.destroy();
      }, graceMs);
      await Promise.all(gone);
      clearTimeout(cut);
    },
  };
}
