/**
 * Test helpers: encode registry logs, and a fake chain served over a viem custom transport, whose blocks
 * can be reorganised and whose RPC methods can be made to fail.
 */
import { createPublicClient, custom, encodeAbiParameters, encodeEventTopics, keccak256, toHex } from 'viem';
import type { AbiEvent } from 'viem';
import type { Hex } from '../../protocol/hex.js';
import type { ReaderClient } from './rpc.js';

export interface EncodedLog {
  topics: Hex[];
  data: Hex;
}

/** topics and data of `eventName` from `abi` with `args` (indexed dynamic values are hashed, as on chain). */
export function encodeLog(
  abi: readonly AbiEvent[],
  eventName: string,
  args: Record<string, unknown>,
): EncodedLog {
  const event = abi.find((item) => item.name === eventName);
  if (event === undefined) throw new Error(`no event ${eventName}`);
  const topics = encodeEventTopics({ abi: [event], eventName, args } as never) as Hex[];
  const inputs = event.inputs.filter((input) => !input.indexed);
  const data = encodeAbiParameters(
    inputs,
    inputs.map((input) => args[input.name ?? '']),
  );
  return { topics, data };
}

export interface FakeLog extends EncodedLog {
  address: Hex;
}

interface FakeBlock {
  number: number;
  hash: Hex;
  parentHash: Hex;
  timestamp: number;
  logs: FakeLog[];
}

export interface FakeChainOptions {
  chainId?: number;
  /** Unix seconds of block 0; each block adds 2 s (OP's block time). */
  genesisTimestamp?: number;
  /** Serve eth_getLogs results newest first, to show the reader orders events itself. */
  reverseLogs?: boolean;
}

/** A chain of blocks in memory, answering the JSON-RPC methods the reader uses. */
export class FakeChain {
  readonly chainId: number;
  /** Every RPC request, in order. */
  readonly requests: { method: string; params: unknown[] }[] = [];
  /** Runs before each request is answered, e.g. to reorganise the chain in the middle of a read. */
  onRequest: ((method: string) => void) | undefined;
  private readonly blocks: FakeBlock[] = [];
  private readonly reverseLogs: boolean;
  private readonly genesisTimestamp: number;
  private readonly failures: { method: string | undefined; remaining: number; message: string }[] = [];
  private forks = 0;

  constructor(options: FakeChainOptions = {}) {
    this.chainId = options.chainId ?? 10;
    this.genesisTimestamp = options.genesisTimestamp ?? 1_700_000_000;
    this.reverseLogs = options.reverseLogs ?? false;
    this.mine([]);
  }

  get head(): number {
    return this.blocks.length - 1;
  }

  /** Hash of block `number` on the current chain. */
  hashOf(number: number): Hex {
    const block = this.blocks[number];
    if (block === undefined) throw new Error(`no block ${number}`);
    return block.hash;
  }

  timestampOf(number: number): number {
    return this.genesisTimestamp + number * 2;
  }

  /** Mines one block holding `logs` (one transaction each); returns its number. */
  mine(logs: FakeLog[] = []): number {
    const number = this.blocks.length;
    const parentHash = this.blocks[number - 1]?.hash ?? `0x${'00'.repeat(32)}`;
    const hash = keccak256(toHex(`block ${number} fork ${this.forks} parent ${parentHash}`));
    this.blocks.push({ number, hash, parentHash, timestamp: this.timestampOf(number), logs });
    return number;
  }

  mineEmpty(count: number): void {
    for (let i = 0; i < count; i++) this.mine();
  }

  /** Drops the newest `depth` blocks and mines `replacement` in their place (new hashes, new logs). */
  reorg(depth: number, replacement: FakeLog[][]): void {
    this.forks++;
    this.blocks.splice(this.blocks.length - depth, depth);
    for (const logs of replacement) this.mine(logs);
  }

  /** The next `count` calls of `method` (any method when undefined) reject with `message`. */
  failNext(method: string | undefined, count: number, message = 'injected RPC failure'): void {
    this.failures.push({ method, remaining: count, message });
  }

  client(): ReaderClient {
    return createPublicClient({
      transport: custom({ request: (args) => this.request(args) }, { retryCount: 0 }),
    });
  }

  async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    const args = (params ?? []) as unknown[];
    this.requests.push({ method, params: args });
    this.onRequest?.(method);
    const failure = this.failures.find(
      (f) => f.remaining > 0 && (f.method === undefined || f.method === method),
    );
    if (failure !== undefined) {
      failure.remaining--;
      throw new Error(failure.message);
    }
    switch (method) {
      case 'eth_chainId':
        return toHex(this.chainId);
      case 'eth_blockNumber':
        return toHex(this.head);
      case 'eth_getBlockByNumber': {
        const block = this.blocks[Number(args[0])];
        if (block === undefined) return null;
        const { number, hash, parentHash, timestamp } = block;
        return { number: toHex(number), hash, parentHash, timestamp: toHex(timestamp), transactions: [] };
      }
      case 'eth_getLogs':
        return this.logs(args[0] as LogQuery);
      default:
        throw new Error(`fake chain does not serve ${method}`);
    }
  }

  private logs(query: LogQuery): unknown[] {
    const addresses = new Set(query.address.map((address) => address.toLowerCase()));
    const selectors = new Set(query.topics[0]);
    const from = Number(query.fromBlock);
    const to = Math.min(Number(query.toBlock), this.head);
    const found = this.blocks
      .slice(from, to + 1)
      .flatMap((block) => block.logs.map((log, index) => ({ log, index, block })));
    const matching = found.filter(
      ({ log }) => addresses.has(log.address.toLowerCase()) && selectors.has(log.topics[0] as Hex),
    );
    const rpcLogs = matching.map(({ log, index, block }) => ({
      address: log.address,
      topics: log.topics,
      data: log.data,
      blockNumber: toHex(block.number),
      blockHash: block.hash,
      transactionHash: keccak256(toHex(`tx ${block.hash} ${index}`)),
      transactionIndex: toHex(index),
      logIndex: toHex(index),
      removed: false,
    }));
    return this.reverseLogs ? rpcLogs.reverse() : rpcLogs;
  }
}

interface LogQuery {
  address: Hex[];
  topics: [Hex[]];
  fromBlock: Hex;
  toBlock: Hex;
}
