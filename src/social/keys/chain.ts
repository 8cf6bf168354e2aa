import { setTimeout as delay } from 'node:timers/promises';
import { createPublicClient, http, type Address, type Hash, type PublicClient } from 'viem';
import {
  CANONICAL_ADDRESSES,
  idRegistryAbi,
  keyGatewayAbi,
  type ContractAddresses,
} from '../../chain/contracts.js';
import { contractDomain, type Eip712Domain, type FarcasterContract } from '../../protocol/eip712/index.js';
import type { Clock } from '../../shared/clock.js';
import { cachedCustodyLookup, readCustody } from '../../chain/custody.js';
import { SocialError } from '../errors.js';
import { createRelayer, type AddForCall, type Relayer } from './relay.js';

/**
 * What signed key requests need from the chain (chain.md §3-4): who holds an fid, the KeyGateway nonce of
 * an owner, the EIP-712 domains of the deployment, and a relayer that sends `addFor`. Every read that
 * cannot reach the chain throws a 503 CHAIN_UNAVAILABLE SocialError.
 */
export interface KeyChain {
  /** The EIP-712 domain of one of the contracts, on the chain's own id (read once from the RPC). */
  domainOf(contract: FarcasterContract): Promise<Eip712Domain>;
  /** Lowercase custody address of `fid`, undefined when it is not registered; cached briefly. */
  custodyOf(fid: number): Promise<Address | undefined>;
  /** The fid `address` holds, or undefined. */
  fidOf(address: Address): Promise<number | undefined>;
  /** `KeyGateway.nonces(owner)`: what the owner's next `Add` signature must carry. */
  gatewayNonce(owner: Address): Promise<bigint>;
  /** Sends `KeyGateway.addFor` from the relayer account (throws SocialErrors, see relay.ts). */
  sendAddFor(call: AddForCall): Promise<Hash>;
  /** The relayer account's balance in wei, cached briefly; absent when there is no relayer account. */
  relayerBalance?(): Promise<bigint>;
  /** Waits for the transaction; 'unknown' when it is not mined within the receipt timeout. */
  waitForReceipt(hash: Hash): Promise<'success' | 'reverted' | 'unknown'>;
  /** The transaction's outcome now, without waiting: 'unknown' while it is not mined or unreadable. */
  receiptOf(hash: Hash): Promise<'success' | 'reverted' | 'unknown'>;
}

export interface KeyChainOptions {
  rpcUrl: string;
  /** Where the contracts live; the canonical OP-mainnet addresses (also the devnet's) by default. */
  contracts?: Partial<ContractAddresses>;
  /** 0x private key of the funded relayer account; without it approvals answer 503. */
  relayerKey?: `0x${string}`;
  clock: Clock;
  /** How long a custody answer is reused; a custody transfer takes at most this long to be seen. */
  custodyCacheMs?: number;
  /** How long the relayer's balance is reused, so a flood of approvals does not flood the RPC. */
  balanceCacheMs?: number;
  /** How often receipts are polled; OP blocks come every 2 s. */
  pollingIntervalMs?: number;
  /** How long an approval waits for its transaction to be mined before answering. */
  receiptTimeoutMs?: number;
  /** Per RPC request. */
  requestTimeoutMs?: number;
}

const DEFAULT_CUSTODY_CACHE_MS = 5_000;
const DEFAULT_BALANCE_CACHE_MS = 10_000;
const DEFAULT_POLLING_INTERVAL_MS = 1_000;
const DEFAULT_RECEIPT_TIMEOUT_MS = 60_000;
const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

export function createKeyChain(options: KeyChainOptions): KeyChain {
  const contracts = { ...CANONICAL_ADDRESSES, ...options.contracts };
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, {
      timeout: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
      retryCount: 1,
    }),
    cacheTime: 0,
  });
  const relayer: Relayer | undefined =
    options.relayerKey === undefined
      ? undefined
      : createRelayer({
          client,
          rpcUrl: options.rpcUrl,
          keyGateway: contracts.keyGateway,
          privateKey: options.relayerKey,
        });
  let chainId: Promise<number> | undefined;
  const pollingIntervalMs = options.pollingIntervalMs ?? DEFAULT_POLLING_INTERVAL_MS;
  /** Not mined yet, or the chain could not say: either way the transaction may still be mined later. */
  const receiptOf = (hash: Hash) =>
    client.getTransactionReceipt({ hash }).then(
      (receipt) => receipt.status,
      () => 'unknown' as const,
    );

  const read = async <T>(what: string, call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw new SocialError('CHAIN_UNAVAILABLE', {
        message: `The chain could not be reached (${what}); try again`,
        cause: error,
      });
    }
  };

  // Cached and shared among concurrent callers like the name registry's; a chain failure is a 503 here.
  const custody = cachedCustodyLookup(
    {
      custodyOf: (fid) => read('IdRegistry.custodyOf', () => readCustody(client, contracts.idRegistry, fid)),
    },
    { ttlMs: options.custodyCacheMs ?? DEFAULT_CUSTODY_CACHE_MS, clock: options.clock },
  );

  return {
    async domainOf(contract) {
      chainId ??= read('chain id', () => client.getChainId()).catch((error: unknown) => {
        chainId = undefined;
        throw error;
      });
      return contractDomain(contract, { chainId: await chainId, address: contracts[contract] });
    },

    custodyOf: (fid) => custody.custodyOf(fid) as Promise<Address | undefined>,

    async fidOf(address) {
      const fid = await read('IdRegistry.idOf', () =>
        client.readContract({
          address: contracts.idRegistry,
          abi: idRegistryAbi,
          functionName: 'idOf',
          args: [address],
        }),
      );
      return fid === 0n ? undefined : Number(fid);
    },

    gatewayNonce: (owner) =>
      read('KeyGateway.nonces', () =>
        client.readContract({
          address: contracts.keyGateway,
          abi: keyGatewayAbi,
          functionName: 'nonces',
          args: [owner],
        }),
      ),

    async sendAddFor(call) {
      if (relayer === undefined) {
        throw new SocialError('RELAYER_UNAVAILABLE', {
          message: 'The service has no relayer key (--relayer-key); approvals cannot be relayed',
        });
      }
      return relayer.sendAddFor(call);
    },

    async waitForReceipt(hash) {
      // Polled here rather than with viem's waitForTransactionReceipt, whose timeout timer outlives it.
      const giveUpAt = performance.now() + (options.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS);
      for (;;) {
        const outcome = await receiptOf(hash);
        if (outcome !== 'unknown' || performance.now() >= giveUpAt) return outcome;
        await delay(pollingIntervalMs);
      }
    },

    receiptOf,

    ...(relayer !== undefined && {
      relayerBalance: cachedRead(
        () => read('relayer balance', () => client.getBalance({ address: relayer.address })),
        { ttlMs: options.balanceCacheMs ?? DEFAULT_BALANCE_CACHE_MS, clock: options.clock },
      ),
    }),
  };
}

/** Reuses one answer of `read` for `ttlMs`, concurrent callers included; a failure is not kept. */
function cachedRead<T>(read: () => Promise<T>, options: { ttlMs: number; clock: Clock }): () => Promise<T> {
  let kept: { value: Promise<T>; until: number } | undefined;
  return () => {
    const now = options.clock.now();
    if (kept === undefined || kept.until <= now) {
      const entry = { value: read(), until: now + options.ttlMs };
      kept = entry;
      entry.value.catch(() => {
        if (kept === entry) kept = undefined;
      });
    }
    return kept.value;
  };
}
