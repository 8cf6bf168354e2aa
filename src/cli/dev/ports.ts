import { createServer } from 'node:net';

export interface PortClaim {
  port: number;
  /** The flag that changes it, named in the error. */
  flag: string;
}

/** A port of `agora dev` is taken; the message is the one line the user sees. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

/**
 * Checks every fixed port before anything starts, so a clash is one clear line rather than a half-started
 * system. Port 0 (any free port) needs no check.
 */
export async function assertPortsFree(host: string, claims: readonly PortClaim[]): Promise<void> {
  for (const { port, flag } of claims) {
    if (port === 0) continue;
    const problem = await bindProblem(host, port);
    if (problem !== undefined) {
      throw new PortInUseError(`port ${port} on ${host} is ${problem}: choose another with ${flag} <port>`);
    }
  }
}

function bindProblem(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'EADDRINUSE' ? 'in use' : `not available (${error.code ?? error.message})`);
    });
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}
