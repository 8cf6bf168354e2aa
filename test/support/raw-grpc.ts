import { connect } from 'node:http2';
import type { IncomingHttpHeaders } from 'node:http2';

/** A gRPC call's outcome as the wire carries it. */
export interface RawAnswer {
  code: number;
  message: string;
  errcode: string | undefined;
  /** The response message's bytes, without the 5-byte prefix. */
  body: Buffer;
}

/** A gRPC message on the wire: uncompressed flag, big-endian length, the bytes. */
export function grpcFrame(body: Uint8Array): Buffer {
  const prefix = Buffer.alloc(5);
  prefix.writeUInt32BE(body.length, 1);
  return Buffer.concat([prefix, body]);
}

/** `count` empty messages as SubmitBulkMessagesRequest bytes: two bytes each (field 1, length 0). */
export const emptyMessages = (count: number) => Buffer.alloc(count * 2, Buffer.from([0x0a, 0x00]));

/**
 * A unary call made by hand over node:http2 on a connection of its own, as a client below the gRPC
 * libraries would make it; the status comes from a trailers-only response or from the trailers.
 */
export async function rawUnary(port: number, path: string, body: Uint8Array): Promise<RawAnswer> {
  const session = connect(`http://127.0.0.1:${port}`);
  session.on('error', () => {});
  try {
    const stream = session.request({
      ':method': 'POST',
      ':path': path,
      'content-type': 'application/grpc',
      te: 'trailers',
    });
    const status: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (headers) => Object.assign(status, headers));
    stream.on('trailers', (trailers) => Object.assign(status, trailers));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('error', () => {});
    stream.end(grpcFrame(body));
    await new Promise((resolve) => stream.on('close', resolve));
    const header = (name: string) => status[name] as string | undefined;
    return {
      code: Number(header('grpc-status')),
      message: decodeURIComponent(header('grpc-message') ?? ''),
      errcode: header('errcode'),
      body: Buffer.concat(chunks).subarray(5),
    };
  } finally {
    session.close();
  }
}
