import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import { bytesToHex } from '../../protocol/hex.js';
import type { Hex } from '../../protocol/hex.js';
import { idRegistryEvents, keyRegistryEvents, storageRegistryEvents } from './abi.js';
import type { ReaderCheckpoint } from './checkpoint.js';
import { MemorySink } from './memory-sink.js';
import { startChainReader } from './reader.js';
import type { ChainReaderOptions, ReaderLogger, ReaderStatus } from './reader.js';
import type { Sleep } from '../../shared/retry.js';
import { encodeLog, FakeChain } from './testing.js';
import type { FakeLog } from './testing.js';
import { waitFor } from '../../../test/support/wait.js';
import { watchedSleep } from '../../../test/support/watched-sleep.js';

const ADDRESSES = {
  idRegistry: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
  keyRegistry: '0x00000000Fc1237824fb747aBDE0FF18990E59b7e',
  storageRegistry: '0x00000000fcCe7f938e7aE6D3c335bD6a1a7c593D',
} as const;
const PAYER = '0x1111111111111111111111111111111111111111';
const POLL_MS = 7;

const rent = (fid: number): FakeLog => ({
  address: ADDRESSES.storageRegistry,
  ...encodeLog(storageRegistryEvents, 'Rent', { payer: PAYER, fid: BigInt(fid), units: 1n }),
});
const register = (fid: number): FakeLog => ({
  address: ADDRESSES.idRegistry,
  ...encodeLog(idRegistryEvents, 'Register', { to: PAYER, id: BigInt(fid), recovery: PAYER }),
});
/** IdRegistry emits Migrated too; the reader consumes it only from the KeyRegistry. */
const idRegistryMigrated = (): FakeLog => ({
  address: ADDRESSES.idRegistry,
  ...encodeLog(keyRegistryEvents, 'Migrated', { keysMigratedAt: 1n }),
});
/** A consumed event from an address the reader does not follow. */
const foreignRent = (fid: number): FakeLog => ({ ...rent(fid), address: `0x${'99'.repeat(20)}` });

interface Harness {
  sink: MemorySink;
  sleeps: number[];
  errors: { error: unknown; status: ReaderStatus }[];
  lines: { level: string; message: string }[];
  start(overrides?: Partial<ChainReaderOptions>): ReturnType<typeof startChainReader>;
}

function harness(t: TestContext, chain: FakeChain, sink = new MemorySink()): Harness {
  const sleeps: number[] = [];
  const errors: Harness['errors'] = [];
  const lines: Harness['lines'] = [];
  const record =
    (level: string) =>
    (_details: object, message: string): void => {
      lines.push({ level, message });
    };
  const logger: ReaderLogger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  // Fake time: every wait is one turn of the event loop, and the requested delay is recorded.
  const sleep: Sleep = async (ms) => {
    sleeps.push(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  return {
    sink,
    sleeps,
    errors,
    lines,
    start(overrides = {}) {
      const reader = startChainReader({
        client: chain.client(),
        chainId: 10,
        addresses: ADDRESSES,
        startBlock: 1,
        sink,
        logger,
        confirmations: 0,
        pollIntervalMs: POLL_MS,
        sleep,
        now: () => 1234,
        onError: (error, status) => errors.push({ error, status }),
        ...overrides,
      });
      t.after(() => reader.stop());
      return reader;
    },
  };
}

/** [blockNumber, fid] of each applied event, in delivery order. */
const applied = (sink: MemorySink) => sink.events.map((event) => [event.blockNumber, event.fid]);
const backoffs = (sleeps: number[]) => sleeps.filter((ms) => ms !== POLL_MS);
const logRanges = (chain: FakeChain) =>
  chain.requests
    .filter((request) => request.method === 'eth_getLogs')
    .map(({ params }) => {
      const { fromBlock, toBlock } = params[0] as { fromBlock: Hex; toBlock: Hex };
      return [Number(fromBlock), Number(toBlock)];
    });

/** Recorded blocks of the checkpoint must be the current chain's blocks. */
function assertRecordedOnChain(chain: FakeChain, checkpoint: ReaderCheckpoint | undefined): void {
  assert.ok(checkpoint);
  for (const block of checkpoint.blocks)
    assert.equal(block.hash, chain.hashOf(block.number), `${block.number}`);
}

describe('chain reader', { timeout: 20_000 }, () => {
  it('catches up in inclusive chunks from the start block and delivers events in (block, logIndex) order', async (t) => {
    const chain = new FakeChain({ reverseLogs: true });
    chain.mine([rent(900)]); // block 1, before the start block
    chain.mineEmpty(2);
    chain.mine([register(1), rent(1), idRegistryMigrated(), foreignRent(5)]); // block 4
    chain.mineEmpty(3);
    chain.mine([rent(2), register(2)]); // block 8
    chain.mine([rent(3)]); // block 9
    const h = harness(t, chain);
    const reader = h.start({ startBlock: 2, chunkSize: 3 });
    await reader.caughtUp();

    assert.deepEqual(applied(h.sink), [
      [4, 1],
      [4, 1],
      [8, 2],
      [8, 2],
      [9, 3],
    ]);
    assert.deepEqual(
      h.sink.events.map((event) => event.logIndex),
      [0, 1, 0, 1, 0],
    );
    assert.deepEqual(logRanges(chain), [
      [2, 4],
      [5, 7],
      [8, 9],
    ]);
    for (const event of h.sink.events) {
      assert.equal(bytesToHex(event.blockHash), chain.hashOf(event.blockNumber));
      assert.equal(event.blockTimestamp, chain.timestampOf(event.blockNumber));
      assert.equal(event.chainId, 10);
    }
    assert.deepEqual(h.sink.checkpoint?.nextBlock, 10);
    assertRecordedOnChain(chain, h.sink.checkpoint);
    assert.deepEqual(reader.status(), {
      state: 'live',
      nextBlock: 10,
      head: 9,
      consecutiveFailures: 0,
      lastError: undefined,
      reorgs: 0,
      rejectedLogs: 0,
      rereads: 0,
      caughtUpAt: 1234,
    });
  });

  it('leaves out, logs and counts a consumed log that cannot be mapped, and goes on', async (t) => {
    const chain = new FakeChain();
    const tooManyUnits = {
      address: ADDRESSES.storageRegistry,
      ...encodeLog(storageRegistryEvents, 'Rent', { payer: PAYER, fid: 9n, units: 2n ** 40n }),
    };
    chain.mine([tooManyUnits, rent(1)]);
    const h = harness(t, chain);
    const reader = h.start();
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink), [[1, 1]]);
    assert.equal(reader.status().rejectedLogs, 1);
    assert.deepEqual(
      h.lines.filter((line) => line.level === 'error').map((line) => line.message),
      ['chain reader: consumed event log could not be mapped, left out'],
    );
  });

  it('refuses nonsensical settings at start', (t) => {
    const h = harness(t, new FakeChain());
    assert.throws(() => h.start({ chunkSize: 0 }), /chunkSize/);
    assert.throws(() => h.start({ confirmations: -1 }), /confirmations/);
    assert.throws(() => h.start({ reorgWindow: 1.5 }), /reorgWindow/);
  });

  it('applies a block only once the head is `confirmations` past it', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]); // block 1
    const h = harness(t, chain);
    const reader = h.start({ confirmations: 2 });
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink), []);
    chain.mine();
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink), []);
    chain.mine([rent(2)]); // block 3
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink), [[1, 1]]);
    assert.equal(reader.status().nextBlock, 2);
    chain.mineEmpty(2);
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink), [
      [1, 1],
      [3, 2],
    ]);
  });

  it('retries a failing range with backoff, surfaces the error, never advances past it, applies once', async (t) => {
    const chain = new FakeChain();
    for (let fid = 1; fid <= 8; fid++) chain.mine([rent(fid)]);
    chain.failNext('eth_getLogs', 3, 'upstream timeout');
    const h = harness(t, chain);
    const reader = h.start({ chunkSize: 8 });
    await reader.caughtUp();

    assert.deepEqual(backoffs(h.sleeps), [500, 1000, 2000]);
    assert.deepEqual(
      h.errors.map(({ error, status }) => [
        (error as Error).message.includes('upstream timeout'),
        status.nextBlock,
        status.consecutiveFailures,
      ]),
      [
        [true, 1, 1],
        [true, 1, 2],
        [true, 1, 3],
      ],
    );
    // Each retry asks for a smaller range, so a provider's result limit cannot wedge the reader.
    assert.deepEqual(logRanges(chain).slice(0, 5), [
      [1, 8],
      [1, 4],
      [1, 2],
      [1, 1],
      [2, 9 - 1],
    ]);
    assert.deepEqual(
      applied(h.sink),
      [1, 2, 3, 4, 5, 6, 7, 8].map((fid) => [fid, fid]),
    );
    const status = reader.status();
    assert.equal(status.consecutiveFailures, 0);
    assert.deepEqual(status.lastError, {
      message: 'An unknown RPC error occurred. (upstream timeout)',
      at: 1234,
    });
    assert.equal(h.lines.filter((line) => line.level === 'warn').length, 3);
  });

  it('retries when the sink fails to apply, without losing or repeating events', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]);
    chain.mine([rent(2)]);
    const sink = new MemorySink();
    const apply = sink.apply.bind(sink);
    let failures = 1;
    sink.apply = async (events, checkpoint) => {
      if (failures-- > 0) throw new Error('database is locked');
      return apply(events, checkpoint);
    };
    const h = harness(t, chain, sink);
    const reader = h.start();
    await reader.caughtUp();
    assert.deepEqual(applied(sink), [
      [1, 1],
      [2, 2],
    ]);
    assert.equal(reader.status().lastError?.message, 'database is locked');
  });

  it('retracts the orphaned blocks of a reorg and applies the replacement blocks, with no duplicates', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]);
    chain.mine([rent(2)]);
    chain.mine(); // 3
    chain.mine([rent(4)]);
    chain.mine([rent(5)]);
    chain.mine(); // 6
    const h = harness(t, chain);
    const reader = h.start();
    await reader.caughtUp();
    const orphanedHashes = [4, 5, 6].map((n) => chain.hashOf(n));

    chain.reorg(3, [[rent(40)], [], [rent(60), rent(61)], [rent(70)]]);
    await reader.caughtUp();

    assert.deepEqual(
      h.sink.retractions.map((blocks) => blocks.map((block) => [block.number, bytesToHex(block.hash)])),
      [
        [
          [4, orphanedHashes[0]],
          [5, orphanedHashes[1]],
          [6, orphanedHashes[2]],
        ],
      ],
    );
    assert.deepEqual(applied(h.sink), [
      [1, 1],
      [2, 2],
      [4, 40],
      [6, 60],
      [6, 61],
      [7, 70],
    ]);
    assertRecordedOnChain(chain, h.sink.checkpoint);
    assert.equal(reader.status().reorgs, 1);
  });

  it('retracts nothing and keeps reporting an error when a reorg goes below every recorded block', async (t) => {
    const chain = new FakeChain();
    for (let n = 1; n <= 30; n++) chain.mine(n % 5 === 0 ? [rent(n)] : []);
    const h = harness(t, chain);
    // A small window: only the newest 4 recorded blocks are kept.
    const reader = h.start({ chunkSize: 10, reorgWindow: 4 });
    await reader.caughtUp();
    assert.deepEqual(
      h.sink.checkpoint?.blocks.map((block) => block.number),
      [27, 28, 29, 30],
    );
    chain.reorg(
      12,
      Array.from({ length: 12 }, (_, i) => (i === 0 ? [rent(1900)] : [])),
    );
    await waitFor('two errors', () => h.errors.length >= 2);
    assert.deepEqual(
      new Set(h.errors.map(({ error }) => (error as Error).name)),
      new Set(['ReorgTooDeepError']),
      'the same error each time',
    );
    assert.match(reader.status().lastError?.message ?? '', /reorg below block 27/);
    assert.deepEqual(h.sink.retractions, [], 'nothing is retracted when the fork point is unknown');
    assert.equal(reader.status().nextBlock, 31);
    assert.deepEqual(
      applied(h.sink),
      [5, 10, 15, 20, 25, 30].map((n) => [n, n]),
    );
  });

  it('walks back through the recorded window to the fork point of a deeper reorg', async (t) => {
    const chain = new FakeChain();
    for (let n = 1; n <= 30; n++) chain.mine(n % 5 === 0 ? [rent(n)] : []);
    const h = harness(t, chain);
    const reader = h.start({ chunkSize: 10, reorgWindow: 16 });
    await reader.caughtUp();
    assert.deepEqual(
      h.sink.checkpoint?.blocks.map((block) => block.number),
      Array.from({ length: 16 }, (_, i) => 15 + i),
    );
    chain.reorg(
      12,
      Array.from({ length: 13 }, (_, i) => (i === 2 ? [rent(2100)] : [])),
    );
    await reader.caughtUp();

    assert.deepEqual(
      h.sink.retractions.flat().map((block) => block.number),
      Array.from({ length: 12 }, (_, i) => 19 + i),
    );
    assert.deepEqual(applied(h.sink), [
      [5, 5],
      [10, 10],
      [15, 15],
      [21, 2100],
    ]);
    assertRecordedOnChain(chain, h.sink.checkpoint);
    assert.equal(reader.status().nextBlock, 32);
  });

  it('ignores a reorg of blocks not yet confirmed', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]);
    chain.mine([rent(2)]);
    chain.mine([rent(3)]);
    const h = harness(t, chain);
    const reader = h.start({ confirmations: 2 });
    await reader.caughtUp();
    chain.reorg(2, [[rent(20)], [rent(30)]]);
    await reader.caughtUp();
    assert.deepEqual(h.sink.retractions, []);
    chain.mineEmpty(2);
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink), [
      [1, 1],
      [2, 20],
      [3, 30],
    ]);
  });

  it('retries a range whose logs and headers disagree (reorg during the read)', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]);
    const h = harness(t, chain);
    const reader = h.start();
    await reader.caughtUp();
    chain.mine([rent(2)]); // block 2, replaced after its logs are served
    let reorged = false;
    chain.onRequest = (method) => {
      if (method === 'eth_getBlockByNumber' && !reorged && chain.requests.at(-2)?.method === 'eth_getLogs') {
        reorged = true;
        chain.reorg(1, [[rent(20)]]);
      }
    };
    await reader.caughtUp();
    assert.ok(reorged);
    assert.match(reader.status().lastError?.message ?? '', /another chain/);
    assert.deepEqual(applied(h.sink), [
      [1, 1],
      [2, 20],
    ]);
    assert.deepEqual(h.sink.retractions, []);
  });

  it('refuses a range that does not extend the recorded tip, then handles the reorg', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]);
    chain.mine([rent(2)]);
    const h = harness(t, chain);
    const reader = h.start();
    await reader.caughtUp();
    chain.mine([rent(3)]);
    let reorged = false;
    chain.onRequest = (method) => {
      // After the tip check passed, block 2 (the tip) is replaced before the next range is read.
      if (method === 'eth_getLogs' && !reorged) {
        reorged = true;
        chain.reorg(2, [[rent(20)], [rent(30)]]);
      }
    };
    await reader.caughtUp();
    assert.match(reader.status().lastError?.message ?? '', /does not extend/);
    assert.deepEqual(
      h.sink.retractions.flat().map((block) => block.number),
      [2],
    );
    assert.deepEqual(applied(h.sink), [
      [1, 1],
      [2, 20],
      [3, 30],
    ]);
  });

  it('resumes from the saved checkpoint and detects a reorg that happened while stopped', async (t) => {
    const chain = new FakeChain();
    chain.mine([rent(1)]);
    chain.mine([rent(2)]);
    const h = harness(t, chain);
    const first = h.start();
    await first.caughtUp();
    await first.stop();
    assert.equal(first.status().state, 'stopped');
    await assert.rejects(first.caughtUp(), /stopped/);

    chain.reorg(1, [[rent(22)], [rent(3)]]);
    const second = h.start({ startBlock: 0 });
    await second.caughtUp();
    assert.deepEqual(applied(h.sink), [
      [1, 1],
      [2, 22],
      [3, 3],
    ]);
    assert.equal(second.status().reorgs, 1);
  });

  it('does not start reading from an RPC that serves another chain', async (t) => {
    const chain = new FakeChain({ chainId: 8453 });
    chain.mine([rent(1)]);
    const h = harness(t, chain);
    const reader = h.start();
    await waitFor('two errors', () => h.errors.length >= 2);
    await reader.stop();
    assert.match(reader.status().lastError?.message ?? '', /chain 8453, expected 10/);
    assert.deepEqual(applied(h.sink), []);
  });

  it('stops promptly during a long poll wait with the real sleep, leaving no timer behind', async (t) => {
    const chain = new FakeChain();
    const h = harness(t, chain);
    const watched = watchedSleep();
    const reader = h.start({ sleep: watched.sleep, pollIntervalMs: 60_000 });
    await reader.caughtUp();
    await reader.stop();
    assert.deepEqual(watched.ends, ['aborted']);
    assert.equal(reader.status().state, 'stopped');
  });

  it('caughtUp wakes an idle reader at once instead of waiting for the poll interval', async (t) => {
    const chain = new FakeChain();
    const h = harness(t, chain);
    const watched = watchedSleep();
    const reader = h.start({ sleep: watched.sleep, pollIntervalMs: 60_000 });
    await reader.caughtUp();
    chain.mine([rent(1)]);
    await reader.caughtUp();
    assert.deepEqual(watched.ends, ['aborted']);
    assert.deepEqual(applied(h.sink), [[1, 1]]);
  });
  it('reads blocks below the cursor again on request, each once, and never blocks on one it cannot read', async (t) => {
    const chain = new FakeChain();
    chain.mine([register(1), rent(1)]); // block 1
    chain.mine([rent(2)]); // block 2
    const h = harness(t, chain);
    const reader = h.start();
    await reader.caughtUp();
    // The node lost block 1's events (a peer holds them): read again, they are back, once.
    h.sink.events.splice(0, 2);
    reader.reread([1, 1, 50]);
    await reader.caughtUp();
    assert.deepEqual(applied(h.sink).sort(), [
      [1, 1],
      [1, 1],
      [2, 2],
    ]);
    reader.reread([1]);
    await reader.caughtUp();
    assert.equal(h.sink.events.length, 3, 'a block is read again once');
    assert.equal(reader.status().rereads, 1);
    chain.failNext('eth_getLogs', 1);
    reader.reread([2]);
    await reader.caughtUp();
    assert.ok(h.lines.some((line) => line.message === 'chain reader: could not read a block again'));
    assert.equal(reader.status().consecutiveFailures, 0, 'the reader goes on');
  });
});
