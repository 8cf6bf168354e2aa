import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  type Account,
  type Address,
  type Chain,
} from 'viem';
import type { ContractAddresses } from '../contracts.js';
import type { DevAccount } from './accounts.js';

/** What a program needs to use a running devnet (also what `.agora/devnet.json` holds). */
export interface DevnetConnection {
  rpcUrl: string;
  chainId: number;
  accounts: readonly DevAccount[];
  contracts: ContractAddresses;
}

/** anvil mines each transaction as it arrives, so polling can be fast and nothing needs caching. */
const POLLING = { pollingInterval: 20, cacheTime: 0 } as const;

export function devnetChain(devnet: Pick<DevnetConnection, 'rpcUrl' | 'chainId'>): Chain {
  return defineChain({
    id: devnet.chainId,
    name: 'Agora devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [devnet.rpcUrl] } },
  });
}

export function devnetPublicClient(devnet: Pick<DevnetConnection, 'rpcUrl' | 'chainId'>) {
  return createPublicClient({ chain: devnetChain(devnet), transport: http(devnet.rpcUrl), ...POLLING });
}

export function devnetTestClient(devnet: Pick<DevnetConnection, 'rpcUrl' | 'chainId'>) {
  return createTestClient({
    mode: 'anvil',
    chain: devnetChain(devnet),
    transport: http(devnet.rpcUrl),
    ...POLLING,
  });
}

/**
 * A wallet client for `account`: a local account signs in-process; an address must be one of anvil's
 * unlocked dev accounts, and anvil then signs and assigns the nonce itself, so concurrent senders
 * sharing that account never race on nonces.
 */
export function devnetWalletClient(
  devnet: Pick<DevnetConnection, 'rpcUrl' | 'chainId'>,
  account: Account | Address,
) {
  return createWalletClient({
    account,
    chain: devnetChain(devnet),
    transport: http(devnet.rpcUrl),
    ...POLLING,
  });
}
