import type { PublicClient } from 'viem';
import { normalizeHex } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';
import type { ChainLog } from './map-log.js';

/** All the reader needs of a viem client: raw JSON-RPC, so no client-side caching hides a new head. */
export type ReaderClient = Pick<PublicClient, 'request'>;

export interface BlockHeader {
  number: number;
  hash: Hex;
  parentHash: Hex;
  /** Unix seconds. */
  timestamp: number;
}

export interface LogFilter {
  addresses: readonly Hex[];
  topics: readonly Hex[];
  fromBlock: number;
  toBlock: number;
}

export async function fetchChainId(client: ReaderClient): Promise<number> {
  return quantity(await client.request({ method: 'eth_chainId' }), 'chainId');
}

export async function fetchHead(client: ReaderClient): Promise<number> {
  return quantity(await client.request({ method: 'eth_blockNumber' }), 'block number');
}

/** The canonical block at `number` as the node sees it now; undefined when it has no such block. */
export async function fetchHeader(client: ReaderClient, number: number): Promise<BlockHeader | undefined> {
  const block: unknown = await client.request({
    method: 'eth_getBlockByNumber',
    params: [toQuantity(number), false],
  });
  if (block === null || block === undefined) return undefined;
  const fields = record(block, 'block');
  const header = {
    number: quantity(fields.number, 'block number'),
    hash: hash(fields.hash, 'block hash'),
    parentHash: hash(fields.parentHash, 'parent hash'),
    timestamp: quantity(fields.timestamp, 'block timestamp'),
  };
  if (header.number !== number) throw new Error(`asked for block ${number}, got ${header.number}`);
  return header;
}

/** Logs of the given addresses and topic0 values in [fromBlock, toBlock] (inclusive). */
export async function fetchLogs(client: ReaderClient, filter: LogFilter): Promise<ChainLog[]> {
  const logs: unknown = await client.request({
    method: 'eth_getLogs',
    params: [
      {
        address: [...filter.addresses],
        topics: [[...filter.topics]],
        fromBlock: toQuantity(filter.fromBlock),
        toBlock: toQuantity(filter.toBlock),
      },
    ],
  });
  if (!Array.isArray(logs)) throw new Error('eth_getLogs did not return an array');
  return logs.map(parseLog);
}

/** Validates one RPC log; a log without a block position (pending) is an error here, never skipped. */
function parseLog(raw: unknown): ChainLog {
  const fields = record(raw, 'log');
  const topics = fields.topics;
  if (!Array.isArray(topics)) throw new Error('log topics are not an array');
  const data = normalizeHex(fields.data);
  const address = normalizeHex(fields.address, 20);
  if (data === undefined || address === undefined) throw new Error('log data or address is not hex');
  return {
    address,
    topics: topics.map((topic: unknown) => hash(topic, 'log topic')),
    data,
    blockNumber: quantity(fields.blockNumber, 'log blockNumber'),
    blockHash: hash(fields.blockHash, 'log blockHash'),
    transactionHash: hash(fields.transactionHash, 'log transactionHash'),
    transactionIndex: quantity(fields.transactionIndex, 'log transactionIndex'),
    logIndex: quantity(fields.logIndex, 'log logIndex'),
  };
}

function toQuantity(value: number): Hex {
  return `0x${value.toString(16)}`;
}

function record(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new Error(`${what} is not an object`);
  return value as Record<string, unknown>;
}

function quantity(value: unknown, what: string): number {
  const parsed = typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed)) throw new Error(`${what} is not a quantity: ${String(value)}`);
  return parsed;
}

function hash(value: unknown, what: string): Hex {
  const normalized = normalizeHex(value, 32);
  if (normalized === undefined) throw new Error(`${what} is not a 32-byte hash: ${String(value)}`);
  return normalized;
}
