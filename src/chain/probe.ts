import { createPublicClient, http } from 'viem';
import { fetchChainId, fetchHead, type ReaderClient } from './reader/rpc.js';

/** What a service reads once from its chain RPC at start, to say what it found and to check it. */
export interface ChainFacts {
  chainId: number;
  head: number;
  /**
   * The chain mines a block only when a transaction arrives (anvil's automine, as `agora chain` and
   * `agora dev` run it): events then wait for later transactions to be confirmed.
   */
  minesOnTransactions: boolean;
}

/** Reads the chain id, the head and whether it automines; rejects when the RPC does not answer in time. */
export async function probeChain(rpcUrl: string, timeoutMs = 5000): Promise<ChainFacts> {
  const client: ReaderClient = createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, timeout: timeoutMs }),
  });
  const [chainId, head, minesOnTransactions] = await Promise.all([
    fetchChainId(client),
    fetchHead(client),
    automines(client),
  ]);
  return { chainId, head, minesOnTransactions };
}

/** anvil answers `anvil_getAutomine`; a real node refuses the unknown method, which counts as no. */
async function automines(client: ReaderClient): Promise<boolean> {
  try {
    return (await client.request({ method: 'anvil_getAutomine' } as never)) === true;
  } catch {
    return false;
  }
}
