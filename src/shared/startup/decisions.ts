import path from 'node:path';
import type { NetworkName } from '../../protocol/networks.js';
import { redactUrls } from '../status.js';

/**
 * What a production command decides at start, in plain lines, and the contradictions it refuses, so a
 * misconfigured service says so at once instead of waiting silently (a node on the wrong network for
 * its chain waits for a block that chain will never reach).
 */

/** A start the configuration contradicts; the command prints the message and exits 2 (a configuration error). */
export class StartRefused extends Error {
  override readonly name = 'StartRefused';
}

/** The logger's two levels a start uses; pino's Logger fits. */
export interface StartLog {
  info(message: string): void;
  warn(message: string): void;
}

export type ServiceName = 'node' | 'names' | 'social';

export interface StorageChoice {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
}

/**
 * The storage line: the SQLite file, or the PostgreSQL server and database (never the user or password).
 * Refuses SQLite without an explicit data directory: a service that opened an empty file wherever it was
 * started would look healthy while serving nothing.
 */
export function storageDecision(service: ServiceName, storage: StorageChoice): string {
  if (storage.databaseUrl !== undefined) {
    const url = new URL(storage.databaseUrl);
    return `storage: PostgreSQL ${url.host}${url.pathname}, schema agora_${service}`;
  }
  if (storage.dataDir === undefined) {
    throw new StartRefused(
      'no storage chosen: give --database-url (or DATABASE_URL) for PostgreSQL, or --data-dir <dir> for SQLite files in <dir>',
    );
  }
  return `storage: SQLite file ${path.resolve(storage.dataDir, `${service}.sqlite`)}`;
}

/** A peer's URL without credentials, query or fragment. */
export function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/** A chain RPC URL as scheme and host only: providers put their API key in the path. */
export function shownChainUrl(url: string): string {
  return new URL(url).origin;
}

/** The chain each network's registries live on: OP mainnet for both; a devnet runs on any dev chain. */
export const NETWORK_CHAIN_IDS: Record<NetworkName, number | undefined> = {
  mainnet: 10,
  testnet: 10,
  devnet: undefined,
};

/** Refuses a chain whose id is not the network's. */
export function checkChainId(network: NetworkName, chainId: number): void {
  const expected = NETWORK_CHAIN_IDS[network];
  if (expected !== undefined && chainId !== expected) {
    throw new StartRefused(
      `--network ${network} reads the registries on chain id ${expected}, but the chain RPC serves chain id ${chainId}: point --chain-rpc-url at the right chain, or use --network devnet for a dev chain`,
    );
  }
}

export interface ChainSeen {
  chainId: number;
  head: number;
  minesOnTransactions: boolean;
}

export function chainLine(rpcUrl: string, chain: ChainSeen): string {
  const mining = chain.minesOnTransactions ? ', mines a block per transaction' : '';
  return `chain: ${shownChainUrl(rpcUrl)}, chain id ${chain.chainId}, head block ${chain.head}${mining}`;
}

export function chainUnreachableLine(rpcUrl: string, error: unknown): string {
  const reason = redactUrls((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '');
  return `chain: ${shownChainUrl(rpcUrl)} did not answer at start (${reason}); chain id and head unchecked, reads retry until it answers`;
}

export interface ReaderPlan {
  nextBlock: number;
  /** True when the position comes from the database, false when it is the network's start block. */
  resumed: boolean;
  confirmations: number;
  chain: ChainSeen | undefined;
}

/** The chain reader's line, and warnings where its position or confirmations contradict the chain. */
export function readerDecisions(plan: ReaderPlan, log: StartLog): void {
  const from = plan.resumed ? 'where it stopped' : "the network's start block";
  log.info(
    `chain reader: on, reading from block ${plan.nextBlock} (${from}), ${plan.confirmations} confirmations`,
  );
  const { chain } = plan;
  if (chain === undefined) return;
  if (plan.nextBlock > chain.head) {
    log.warn(
      `chain reader: block ${plan.nextBlock} is above the chain's head ${chain.head}: nothing is read until the chain gets there (is --network right for this chain?)`,
    );
  }
  if (plan.confirmations > 0 && chain.minesOnTransactions) {
    log.warn(
      `chain reader: this chain mines a block only per transaction, so with ${plan.confirmations} confirmations the newest events wait for ${plan.confirmations} later transactions (use --chain-confirmations 0 on a dev chain)`,
    );
  }
}
