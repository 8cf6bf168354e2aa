import type { Logger } from 'pino';
import { probeChain, type ChainFacts } from '../../chain/probe.js';
import {
  StartRefused,
  chainLine,
  chainUnreachableLine,
  storageDecision,
  type ServiceName,
  type StorageChoice,
} from '../../shared/startup/decisions.js';
import type { CliIo } from '../io.js';

/** The start's storage line; refuses SQLite without --data-dir. */
export function logStorage(service: ServiceName, storage: StorageChoice, logger: Logger): void {
  logger.info(storageDecision(service, storage));
}

/**
 * Reads the chain once and logs what it found; undefined (with a warning) when it does not answer, since a
 * chain that is down at start is an outage to ride out, not a configuration error.
 */
export async function observeChain(rpcUrl: string, logger: Logger): Promise<ChainFacts | undefined> {
  try {
    const chain = await probeChain(rpcUrl);
    logger.info(chainLine(rpcUrl, chain));
    return chain;
  } catch (error) {
    logger.warn(chainUnreachableLine(rpcUrl, error));
    return undefined;
  }
}

/** Runs a start; a refusal is printed and exits 2 (configuration error), as a bad option does. */
export async function refusingStart(
  command: ServiceName,
  io: CliIo,
  start: () => Promise<number>,
): Promise<number> {
  try {
    return await start();
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error;
    io.err(`agora ${command}: ${error.message}`);
    return 2;
  }
}
