import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import type { Hex } from '../../protocol/hex.js';
import { consumedTopics } from './abi.js';
import type { RegistryAddresses, RegistryName } from './abi.js';
import type { RecordedBlock } from './checkpoint.js';
import { mapLog } from './map-log.js';
import type { ChainLog } from './map-log.js';
import { ChainChangedError } from './reorg.js';
import { fetchHeader, fetchLogs } from './rpc.js';
import type { BlockHeader, ReaderClient } from './rpc.js';

export interface RangeRequest {
  client: ReaderClient;
  chainId: number;
  addresses: RegistryAddresses;
  fromBlock: number;
  toBlock: number;
  /** Every block from here on gets its header read and hash-linked; below it only event blocks and the end. */
  linkFrom: number;
  /** The recorded block just below `fromBlock`, when there is one: the range must extend it. */
  previous?: RecordedBlock | undefined;
  /** Header requests in flight at once. */
  concurrency: number;
}

export interface RangeResult {
  /** In (blockNumber, logIndex) order. */
  events: OnChainEvent[];
  /** Every block whose header was read, ascending: the blocks to record in the checkpoint. */
  blocks: RecordedBlock[];
  /** Logs of consumed events that did not decode or did not fit their fields; the caller logs them. */
  rejected: { log: ChainLog; error: unknown }[];
}

/**
 * Reads one inclusive block range: the logs, then the headers of the blocks that matter, checked against
 * each other (log block hash = header hash, parent hash = hash of the block below) so that what is applied
 * and recorded is one chain.
 */
export async function readRange(request: RangeRequest): Promise<RangeResult> {
  const { client, fromBlock, toBlock } = request;
  const logs = await fetchLogs(client, {
    addresses: Object.values(request.addresses),
    topics: consumedTopics,
    fromBlock,
    toBlock,
  });

  const stray = logs.find((log) => log.blockNumber < fromBlock || log.blockNumber > toBlock);
  if (stray !== undefined) {
    throw new Error(`eth_getLogs for ${fromBlock}-${toBlock} returned a log of block ${stray.blockNumber}`);
  }

  const numbers = new Set([toBlock, ...logs.map((log) => log.blockNumber)]);
  for (let n = Math.max(fromBlock, request.linkFrom); n <= toBlock; n++) numbers.add(n);
  const headers = await mapLimit(
    [...numbers].sort((a, b) => a - b),
    request.concurrency,
    async (n) => {
      const header = await fetchHeader(client, n);
      if (header === undefined) throw new ChainChangedError(`block ${n} is not available`);
      return header;
    },
  );
  verifyLinks(headers, logs, request.previous);

  const registries = new Map<Hex, RegistryName>(
    Object.entries(request.addresses).map(([name, address]) => [
      address.toLowerCase() as Hex,
      name as RegistryName,
    ]),
  );
  const timestamps = new Map(headers.map((header) => [header.number, header.timestamp]));
  const events: OnChainEvent[] = [];
  const rejected: RangeResult['rejected'] = [];
  for (const log of logs) {
    const registry = registries.get(log.address);
    if (registry === undefined) continue;
    try {
      const blockTimestamp = timestamps.get(log.blockNumber) ?? 0;
      const event = mapLog(registry, log, { chainId: request.chainId, blockTimestamp });
      if (event !== undefined) events.push(event);
    } catch (error) {
      rejected.push({ log, error });
    }
  }
  events.sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex);
  return { events, blocks: headers.map(({ number, hash }) => ({ number, hash })), rejected };
}

function verifyLinks(headers: BlockHeader[], logs: ChainLog[], previous: RecordedBlock | undefined): void {
  const hashes = new Map<number, Hex>(headers.map((header) => [header.number, header.hash]));
  if (previous !== undefined) hashes.set(previous.number, previous.hash);
  for (const header of headers) {
    const parent = hashes.get(header.number - 1);
    if (parent !== undefined && parent !== header.parentHash) {
      throw new ChainChangedError(`block ${header.number} does not extend block ${header.number - 1}`);
    }
  }
  for (const log of logs) {
    if (hashes.get(log.blockNumber) !== log.blockHash) {
      throw new ChainChangedError(`log of block ${log.blockNumber} is from another chain`);
    }
  }
}

async function mapLimit<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
