/**
 * gRPC over HTTP/2 as the node's server speaks it (the gRPC project's PROTOCOL-HTTP2.md): each message
 * behind a 5-byte prefix (a compressed flag and a big-endian length), the status in trailers. Pure: no
 * sockets here, so the transport (rpc-server.ts) stays a thin loop over these.
 */

/** The prefix before each message: 1 byte compressed flag, 4 bytes length. */
export const PREFIX_BYTES = 5;

/** `bytes` as one length-prefixed, uncompressed message. */
export function framed(bytes: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(PREFIX_BYTES + bytes.length);
  frame[0] = 0;
  frame.writeUInt32BE(bytes.length, 1);
  frame.set(bytes, PREFIX_BYTES);
  return frame;
}

/** Why a request's bytes cannot be read as its messages. */
export type FrameFault = { kind: 'oversize'; size: number } | { kind: 'compressed' } | { kind: 'truncated' };

/**
 * Reads a request's messages from its DATA chunks as they arrive. A message whose prefix declares more
 * than `maxBytes` is refused from its prefix alone, before its body is buffered; a compressed one too, as
 * the server offers only the identity encoding.
 */
export class FrameReader {
  readonly messages: Buffer[] = [];
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The body length of the message being read, once its prefix is in. */
  private expected: number | undefined;

  constructor(private readonly maxBytes: number) {}

  /** Takes a chunk; the fault that ends the request, if this chunk shows one. */
  push(chunk: Buffer): FrameFault | undefined {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    for (;;) {
      if (this.expected === undefined) {
        if (this.pendingBytes < PREFIX_BYTES) return undefined;
        const prefix = this.take(PREFIX_BYTES);
        const size = prefix.readUInt32BE(1);
        if (prefix[0] !== 0) return { kind: 'compressed' };
        if (size > this.maxBytes) return { kind: 'oversize', size };
        this.expected = size;
      }
      if (this.pendingBytes < this.expected) return undefined;
      this.messages.push(this.take(this.expected));
      this.expected = undefined;
    }
  }

  /** At the request's end: a fault if a message was cut short. */
  end(): FrameFault | undefined {
    return this.expected !== undefined || this.pendingBytes > 0 ? { kind: 'truncated' } : undefined;
  }

  private take(length: number): Buffer {
    const joined = this.pending.length === 1 ? (this.pending[0] as Buffer) : Buffer.concat(this.pending);
    const taken = joined.subarray(0, length);
    const rest = joined.subarray(length);
    this.pending = rest.length === 0 ? [] : [rest];
    this.pendingBytes = rest.length;
    return taken;
  }
}

const TIMEOUT_UNITS_MS: Readonly<Record<string, number>> = {
  H: 3_600_000,
  M: 60_000,
  S: 1000,
  m: 1,
  u: 1e-3,
  n: 1e-6,
};

/** The longest delay a Node.js timer takes; a longer one would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * A `grpc-timeout` header (up to 8 digits and a unit) in milliseconds; undefined when absent, not of that
 * form, or beyond what a timer can wait (about 24 days): the client's own deadline then covers it.
 */
export function parseTimeout(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = /^(\d{1,8})([HMSmun])$/.exec(header);
  if (match === null) return undefined;
  const ms = Number(match[1]) * (TIMEOUT_UNITS_MS[match[2] as string] as number);
  return ms > MAX_TIMER_MS ? undefined : ms;
}

/**
 * A status message as `grpc-message` carries it: percent-encoded as grpc-js encodes it (its clients read
 * it with `decodeURI`); a string that cannot be encoded (a lone surrogate) is sent as its ASCII part.
 */
export function encodeStatusMessage(details: string): string {
  try {
    return encodeURI(details);
  } catch {
    return encodeURI(details.replace(/[^\x20-\x7e]/g, '?'));
  }
}
