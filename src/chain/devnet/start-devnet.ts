import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CANONICAL_ADDRESSES, type ContractAddresses } from '../contracts.js';
import { deriveDevAccounts, DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC, type DevAccount } from './accounts.js';
import { spawnAnvil, type DevnetLogger } from './anvil.js';
import type { DevnetConnection } from './clients.js';
import { DEFAULT_INSTALL_SETTINGS, installContracts } from './install.js';

/** OP mainnet's id: the canonical EIP-712 domains and `@farcaster/core`'s constants work unchanged. */
export const DEVNET_CHAIN_ID = 10;

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

export interface Devnet extends DevnetConnection {
  chainId: typeof DEVNET_CHAIN_ID;
  accounts: DevAccount[];
  contracts: ContractAddresses;
  /** True when this start installed the contracts (an empty chain), false when they came from the state file. */
  fresh: boolean;
  /** Milliseconds from the call to a usable chain (contracts installed). */
  startupMs: number;
  /** Stops anvil (writing the state file, if any). Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts anvil (chain id 10, the standard test mnemonic's first 10 accounts) with the Farcaster registry
 * contracts at their canonical OP-mainnet addresses.
 */
export async function startDevnet(options: DevnetOptions): Promise<Devnet> {
  const started = performance.now();
  const { logger } = options;
  if (options.stateFile !== undefined) mkdirSync(path.dirname(options.stateFile), { recursive: true });
  const anvil = await spawnAnvil({
    port: options.port,
    host: options.host ?? '127.0.0.1',
    chainId: DEVNET_CHAIN_ID,
    mnemonic: DEVNET_MNEMONIC,
    accounts: DEVNET_ACCOUNT_COUNT,
    stateFile: options.stateFile,
    logger,
    readyTimeoutMs: options.readyTimeoutMs ?? 10_000,
    stopTimeoutMs: options.stopTimeoutMs ?? 5_000,
    binary: options.anvilBinary,
  });
  try {
    // Derived while anvil boots; Promise.all also keeps a failed start from going unhandled.
    const [accounts] = await Promise.all([(async () => deriveDevAccounts())(), anvil.ready]);
    const contracts = { ...CANONICAL_ADDRESSES };
    const owner = accounts[DEVNET_ROLES.owner]!.address;
    const outcome = await installContracts(
      { rpcUrl: anvil.rpcUrl, chainId: DEVNET_CHAIN_ID, contracts },
      { ...DEFAULT_INSTALL_SETTINGS, owner, storageOperator: owner },
      logger,
    );
    const startupMs = Math.round(performance.now() - started);
    logger?.info(
      `devnet ready at ${anvil.rpcUrl} in ${startupMs} ms (${outcome === 'installed' ? 'contracts installed' : 'state loaded'})`,
    );
    return {
      rpcUrl: anvil.rpcUrl,
      chainId: DEVNET_CHAIN_ID,
      accounts,
      contracts,
      fresh: outcome === 'installed',
      startupMs,
      stop: anvil.stop,
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
