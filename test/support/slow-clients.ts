import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** What a slow or hoarding client would do, made on a raw socket. */

const closed = (socket: Socket) => once(socket, 'close');

async function connected(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await once(socket, 'connect');
  return socket;
}

/**
 * Sends a request's headers one line every 200 ms, never the blank line that ends them, until the
 * server closes the socket; returns how long that took and what the server answered.
 */
export async function slowHeaders(port: number): Promise<{ heldMs: number; answer: string }> {
  const socket = await connected(port);
  const started = Date.now();
  socket.write('GET /_health HTTP/1.1\r\nHost: agora\r\n');
  const drip = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  await closed(socket);
  clearInterval(drip);
  return { heldMs: Date.now() - started, answer };
}

/** Opens `cap` idle connections, then one more; resolves once the server has closed the extra one. */
export async function connectionBeyondCap(port: number, cap: number): Promise<void> {
  const held = await Promise.all(Array.from({ length: cap }, () => connected(port)));
  try {
    const extra = connect(port, '127.0.0.1');
    extra.on('error', () => {});
    await closed(extra);
  } finally {
    for (const socket of held) socket.destroy();
    await Promise.all(held.map(closed));
  }
}
