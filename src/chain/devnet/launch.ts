import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { spawnAnvil, type AnvilProcess, type DevnetLogger } from './anvil.js';

// This module imports nothing heavy (no viem), so `agora dev` can spawn anvil before loading the services:
// anvil boots in its own process while this one loads the rest.

/** OP mainnet's id: the canonical EIP-712 domains and `@farcaster/core`'s constants work unchanged. */
export const DEVNET_CHAIN_ID = 10;

/** anvil's (and Hardhat's) default mnemonic: its accounts are the well-known, publicly known test keys. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEVNET_ACCOUNT_COUNT = 10;

/**
 * Roles of the dev accounts (`accounts[i]`). The owner also operates storage credits; the relayer and
 * name-registry signer are suggestions for the services; fixtures fund new wallets from the funder.
 */
export const DEVNET_ROLES = { owner: 0, relayer: 1, nameRegistrySigner: 2, funder: 9 } as const;

export interface DevnetOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  /** Persistent chain: loaded at start if present, written when the devnet stops. */
  stateFile?: string;
  logger?: DevnetLogger;
  /** How long to wait for anvil to answer; default 10 s. */
  readyTimeoutMs?: number;
  /** How long `stop()` waits after SIGTERM before SIGKILL; default 5 s. */
  stopTimeoutMs?: number;
  /** The anvil executable; default: the npm package's binary, else `anvil` on PATH. */
  anvilBinary?: string;
}

/** A spawned devnet anvil and when it was launched; `startDevnet` (start-devnet.ts) makes it usable. */
export interface LaunchedAnvil extends AnvilProcess {
  /** `performance.now()` at launch, so the devnet's startup time counts from here. */
  launchedAt: number;
}

/** Spawns anvil (chain id 10, the standard test mnemonic's first 10 accounts) and returns at once. */
export async function launchAnvil(options: DevnetOptions): Promise<LaunchedAnvil> {
  const launchedAt = performance.now();
  if (options.stateFile !== undefined) mkdirSync(path.dirname(options.stateFile), { recursive: true });
  const anvil = await spawnAnvil({
    port: options.port,
    host: options.host ?? '127.0.0.1',
    chainId: DEVNET_CHAIN_ID,
    mnemonic: DEVNET_MNEMONIC,
    accounts: DEVNET_ACCOUNT_COUNT,
    stateFile: options.stateFile,
    logger: options.logger,
    readyTimeoutMs: options.readyTimeoutMs ?? 10_000,
    stopTimeoutMs: options.stopTimeoutMs ?? 5_000,
    binary: options.anvilBinary,
  });
  // Whoever awaits `ready` later still sees a failure; this only keeps an early one (no binary) from being
  // an unhandled rejection while the caller is busy elsewhere.
  anvil.ready.catch(() => undefined);
  return { ...anvil, launchedAt };
}
