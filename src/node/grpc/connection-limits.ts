import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import type { TLSSocket } from 'node:tls';

/** What the gRPC port allows its clients' connections. */
export interface GrpcConnectionLimits {
  /** Connections open at once; one more is closed as soon as it is accepted. */
  maxConnections: number;
  /** ms a connection has to finish its TLS handshake (with TLS) and send the HTTP/2 client preface. */
  handshakeTimeoutMs: number;
  /** ms a connection may stay open with no call in progress (closed with GOAWAY). */
  idleTimeoutMs: number;
  /** Calls (HTTP/2 streams) open at once on one connection, advertised in the server's SETTINGS. */
  maxStreams: number;
}

/** The node's defaults, as `--grpc-max-connections` and the options beside it document them. */
export const DEFAULT_GRPC_CONNECTION_LIMITS: GrpcConnectionLimits = {
  maxConnections: 4096,
  handshakeTimeoutMs: 10_000,
  idleTimeoutMs: 120_000,
  maxStreams: 100,
};

/** "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n": what an HTTP/2 client sends first (RFC 9113 §3.4). */
const PREFACE_BYTES = 24;

export interface ConnectionGateOptions {
  host: string;
  port: number;
  /** PEM certificate chain and key: the gate ends TLS, so what it hands over is plaintext HTTP/2. */
  tls?: { cert: Buffer; key: Buffer } | undefined;
  limits: Pick<GrpcConnectionLimits, 'maxConnections' | 'handshakeTimeoutMs'>;
  /** Takes a connection whose client has sent the HTTP/2 preface; those bytes are still to be read. */
  accept(connection: Duplex): void;
  /** A failure to accept a connection (e.g. out of file descriptors): the port goes on listening. */
  onError(error: Error): void;
}

export interface ConnectionGate {
  readonly port: number;
  /** Stops accepting and drops connections not yet handed over; resolves once every connection is gone. */
  close(): Promise<void>;
}

/**
 * The gRPC port's TCP side: caps the connections open at once, and hands a connection over (to the RPC
 * server) only once its client has sent the HTTP/2 preface within the handshake timeout, so a client that
 * connects and sends nothing, or stalls in the TLS handshake, holds a socket for that long at most.
 * Everything after the preface (streams, idle connections, keepalive) is HTTP/2's, and the RPC server
 * bounds it.
 */
export async function openConnectionGate(options: ConnectionGateOptions): Promise<ConnectionGate> {
  const { maxConnections, handshakeTimeoutMs } = options.limits;
  const open = new Set<Socket>();
  const waiting = new Set<Socket>();
  /** With TLS, each connection in its handshake, by the peer's `address:port` (unique while it is open). */
  const handshaking = new Map<string, (secure: Duplex) => void>();
  const peerOf = (socket: Socket) => `${socket.remoteAddress}:${socket.remotePort}`;

  const tls =
    options.tls &&
    createTlsServer({ ...options.tls, ALPNProtocols: ['h2'] })
      .on('secureConnection', (secure: TLSSocket) => {
        const awaitPreface = handshaking.get(peerOf(secure));
        if (awaitPreface === undefined) secure.destroy();
        else awaitPreface(secure);
      })
      .on('tlsClientError', (_error, secure: TLSSocket) => secure.destroy());

  const admit = (socket: Socket) => {
    const peer = peerOf(socket);
    open.add(socket);
    waiting.add(socket);
    const timer = setTimeout(() => socket.destroy(), handshakeTimeoutMs);
    // A failed connection has nothing to tell: it is closed either way.
    socket.on('error', () => socket.destroy());
    socket.once('close', () => {
      clearTimeout(timer);
      open.delete(socket);
      waiting.delete(socket);
      handshaking.delete(peer);
    });

    /** Reads the preface (decrypted, with TLS) and hands the stream over with those bytes unread. */
    const awaitPreface = (stream: Duplex) => {
      handshaking.delete(peer);
      const chunks: Buffer[] = [];
      let length = 0;
      const onData = (chunk: Buffer) => {
        chunks.push(chunk);
        length += chunk.length;
        if (length < PREFACE_BYTES) return;
        clearTimeout(timer);
        waiting.delete(socket);
        stream.off('data', onData);
        stream.pause();
        stream.unshift(Buffer.concat(chunks));
        options.accept(stream);
      };
      stream.on('data', onData);
    };
    if (tls === undefined) return awaitPreface(socket);
    handshaking.set(peer, awaitPreface);
    tls.emit('connection', socket);
  };

  const server: Server = createServer((socket) => {
    // Past the cap, or gone already (no peer address to tell it apart by): closed at once.
    if (open.size < maxConnections && socket.remoteAddress !== undefined) admit(socket);
    else socket.on('error', () => undefined).destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: options.host, port: options.port }, () => {
      server.off('error', reject).on('error', options.onError);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;

  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of waiting) socket.destroy();
      }),
  };
}
