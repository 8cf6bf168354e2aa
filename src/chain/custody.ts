import { createPublicClient, http, zeroAddress, type Address, type PublicClient } from 'viem';
import { CANONICAL_ADDRESSES, idRegistryAbi } from './contracts.js';
import type { Hex } from '../protocol/hex.js';
import type { Clock } from '../shared/clock.js';

/** Where the registry learns which address holds an fid. */
export interface CustodyLookup {
  /**
   * The custody address of `fid` as lowercase hex, or undefined when the fid is not registered. Throws
   * when the chain cannot be read.
   */
  custodyOf(fid: number): Promise<Hex | undefined>;
}

export interface ChainCustodyOptions {
  rpcUrl: string;
  /** IdRegistry address; the canonical OP-mainnet one (where the devnet installs it too) when absent. */
  idRegistry?: Address;
  /** How long an answer is reused; a custody transfer on chain takes at most this long to be seen. */
  cacheTtlMs?: number;
  /** Per RPC request. */
  timeoutMs?: number;
}

const DEFAULT_CUSTODY_CACHE_TTL_MS = 5_000;
const DEFAULT_TIMEOUT_MS = 5_000;
/** Bounds the cache's memory; the oldest entries go first. */
const MAX_CACHED_FIDS = 10_000;

/** `IdRegistry.custodyOf(fid)` over JSON-RPC, behind a short cache. */
export function chainCustodyLookup(options: ChainCustodyOptions, clock: Clock): CustodyLookup {
  const client = createPublicClient({
    transport: http(options.rpcUrl, { timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, retryCount: 1 }),
  });
  const idRegistry = options.idRegistry ?? CANONICAL_ADDRESSES.idRegistry;
  const uncached: CustodyLookup = { custodyOf: (fid) => readCustody(client, idRegistry, fid) };
  return cachedCustodyLookup(uncached, { ttlMs: options.cacheTtlMs ?? DEFAULT_CUSTODY_CACHE_TTL_MS, clock });
}

/** `IdRegistry.custodyOf(fid)` read once: lowercase hex, or undefined for an unregistered fid. */
export async function readCustody(
  client: PublicClient,
  idRegistry: Address,
  fid: number,
): Promise<Hex | undefined> {
  const custody = await client.readContract({
    address: idRegistry,
    abi: idRegistryAbi,
    functionName: 'custodyOf',
    args: [BigInt(fid)],
  });
  return custody === zeroAddress ? undefined : (custody.toLowerCase() as Hex);
}

/**
 * Reuses answers for `ttlMs` and shares one lookup among concurrent callers asking for the same fid.
 * Failures are not cached, so the next request tries the chain again.
 */
export function cachedCustodyLookup(
  inner: CustodyLookup,
  options: { ttlMs: number; clock: Clock; maxEntries?: number },
): CustodyLookup {
  const { ttlMs, clock } = options;
  const maxEntries = options.maxEntries ?? MAX_CACHED_FIDS;
  const answers = new Map<number, { custody: Hex | undefined; expiresAt: number }>();
  const pending = new Map<number, Promise<Hex | undefined>>();

  const remember = (fid: number, custody: Hex | undefined): void => {
    answers.delete(fid);
    answers.set(fid, { custody, expiresAt: clock.now() + ttlMs });
    for (const oldest of answers.keys()) {
      if (answers.size <= maxEntries) break;
      answers.delete(oldest);
    }
  };

  return {
    custodyOf(fid) {
      const cached = answers.get(fid);
      if (cached !== undefined && cached.expiresAt > clock.now()) return Promise.resolve(cached.custody);
      const inFlight = pending.get(fid);
      if (inFlight !== undefined) return inFlight;
      const lookup = inner
        .custodyOf(fid)
        .then((custody) => {
          if (ttlMs > 0) remember(fid, custody);
          return custody;
        })
        .finally(() => pending.delete(fid));
      pending.set(fid, lookup);
      return lookup;
    },
  };
}
