import { CANONICAL_ADDRESSES, type ContractAddresses } from '../contracts.js';
import { DEVNET_ACCOUNTS, type DevAccount } from './accounts.js';
import type { DevnetConnection } from './clients.js';
import { DEFAULT_INSTALL_SETTINGS, installContracts } from './install.js';
import {
  DEVNET_CHAIN_ID,
  DEVNET_ROLES,
  launchAnvil,
  type DevnetOptions,
  type LaunchedAnvil,
} from './launch.js';

export interface Devnet extends DevnetConnection {
  chainId: typeof DEVNET_CHAIN_ID;
  accounts: DevAccount[];
  contracts: ContractAddresses;
  /** True when this start installed the contracts (an empty chain), false when they came from the state file. */
  fresh: boolean;
  /** Milliseconds from the launch of anvil to a usable chain (contracts installed). */
  startupMs: number;
  /** Stops anvil (writing the state file, if any). Idempotent. */
  stop(): Promise<void>;
}

/**
 * Starts anvil (chain id 10, the standard test mnemonic's first 10 accounts) with the Farcaster registry
 * contracts at their canonical OP-mainnet addresses. `launched`: an anvil spawned earlier by
 * {@link launchAnvil} with the same options (agora dev spawns it before loading the services).
 */
export async function startDevnet(options: DevnetOptions, launched?: LaunchedAnvil): Promise<Devnet> {
  const { logger } = options;
  const anvil = launched ?? (await launchAnvil(options));
  try {
    await anvil.ready;
    const accounts = [...DEVNET_ACCOUNTS];
    const contracts = { ...CANONICAL_ADDRESSES };
    const owner = accounts[DEVNET_ROLES.owner]!.address;
    const installStarted = performance.now();
    const outcome = await installContracts(
      { rpcUrl: anvil.rpcUrl, chainId: DEVNET_CHAIN_ID, contracts },
      { ...DEFAULT_INSTALL_SETTINGS, owner, storageOperator: owner },
      logger,
    );
    const startupMs = Math.round(performance.now() - anvil.launchedAt);
    // Both durations: in agora dev most of the first is the services' modules loading, not the chain.
    const installMs = Math.round(performance.now() - installStarted);
    logger?.info(
      `devnet ready at ${anvil.rpcUrl} ${startupMs} ms after anvil's launch (${outcome === 'installed' ? `contracts installed in ${installMs} ms` : 'state loaded'})`,
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
