// A minimal HTTP/1.1 keep-alive client for load generators: requests are pre-encoded bytes written straight
// to a socket, and a response is read only as far as its status and length. Node's `http.request` costs
// about 260 µs per request on the benchmark machine, more than the server under test spends on many of
// them; this costs a small fraction of that, so the load generator takes less of the cores it shares.
import net from 'node:net';

const HEADER_END = Buffer.from('\r\n\r\n');

/** The wire form of `POST <path>` with `body`, ready to be written to any connection to `url`. */
export function encodePost(url: URL, body: Uint8Array, contentType: string): Buffer {
  const head =
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n` +
    `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}

/** The wire form of `GET <path and query>`, ready to be written to any connection to `url`'s host. */
export function encodeGet(url: URL): Buffer {
  return Buffer.from(
    `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: keep-alive\r\n\r\n`,
    'latin1',
  );
}

/** One keep-alive connection; `send` answers the response status. One request at a time. */
export interface RawConnection {
  send(request: Buffer): Promise<number>;
  close(): void;
}

export async function openRawConnection(url: URL): Promise<RawConnection> {
  const socket = net.connect({ host: url.hostname, port: Number(url.port), noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  // The head is collected until its blank line; the body is only counted off, never copied, so a large
  // response (a list of a thousand channels) costs the load generator no more than a few small ones.
  let head: Buffer = Buffer.alloc(0);
  let status = 0;
  let bodyLeft = -1;
  let waiting: { resolve(status: number): void; reject(error: Error): void } | undefined;
  const failWith = (error: Error) => {
    waiting?.reject(error);
    waiting = undefined;
  };
  const complete = () => {
    bodyLeft = -1;
    const done = waiting;
    waiting = undefined;
    done?.resolve(status);
  };
  socket.on('error', failWith);
  socket.on('close', () => failWith(new Error('connection closed')));
  socket.on('data', (chunk: Buffer) => {
    let rest = chunk;
    while (rest.length > 0) {
      if (bodyLeft >= 0) {
        const taken = Math.min(bodyLeft, rest.length);
        bodyLeft -= taken;
        rest = rest.subarray(taken);
        if (bodyLeft === 0) complete();
        continue;
      }
      head = head.length === 0 ? rest : Buffer.concat([head, rest]);
      const end = head.indexOf(HEADER_END);
      if (end < 0) return;
      const text = head.subarray(0, end).toString('latin1');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (length === null) return failWith(new Error(`response without content-length: ${text}`));
      status = Number(text.slice(9, 12));
      bodyLeft = Number(length[1]);
      rest = head.subarray(end + HEADER_END.length);
      head = Buffer.alloc(0);
      if (bodyLeft === 0) complete();
    }
  });
  return {
    send(request) {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket.write(request);
      });
    },
    close: () => socket.destroy(),
  };
}
