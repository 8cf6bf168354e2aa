import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port free right now, for options where 0 means "off" rather than "any" (--grpc-port). */
export function freePort(): Promise<number> {
  const server = createServer();
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
