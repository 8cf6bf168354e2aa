import { createServer } from 'node:net';

export interface PortClaim {
  port: number;
  /** The flag that changes it, named in the error. */
  flag: string;
  /** Whose port, when the flag sets several (one per dev node): named in the error. */
  owner?: string;
}

/** A port of `agora dev` is taken; the message is the one line the user sees. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
}

/**
 * Checks every fixed port before anything starts, so a clash (with another program, or between two parts
 * of agora dev) is one clear line rather than a half-started system. Port 0 (any free port) needs no check.
 */
export async function assertPortsFree(host: string, claims: readonly PortClaim[]): Promise<void> {
  const claimed = new Map<number, PortClaim>();
  for (const claim of claims) {
    const { port, flag } = claim;
    if (port === 0) continue;
    const first = claimed.get(port);
    if (first !== undefined) {
      throw new PortInUseError(
        `port ${port} is given to both ${ownerOf(first)} and ${ownerOf(claim)}: choose another with ${flag} <port>`,
      );
    }
    claimed.set(port, claim);
    const problem = await bindProblem(host, port);
    if (problem !== undefined) {
      const owner = claim.owner === undefined ? '' : ` (${claim.owner})`;
      throw new PortInUseError(
        `port ${port}${owner} on ${host} is ${problem}: choose another with ${flag} <port>`,
      );
    }
  }
}

function ownerOf(claim: PortClaim): string {
  return claim.owner ?? claim.flag;
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
