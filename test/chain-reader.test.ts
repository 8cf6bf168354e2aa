import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import { idRegistryABI, keyRegistryABI, storageRegistryABI } from '@farcaster/core';
import { decodeEventLog, zeroAddress } from 'viem';
import type { Abi, Account, Address, Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { idRegistryAbi, keyRegistryAbi } from '../src/chain/contracts.js';
import {
  DEVNET_ROLES,
  devnetPublicClient,
  devnetTestClient,
  devnetWalletClient,
  startDevnet,
} from '../src/chain/devnet/index.js';
import type { Devnet } from '../src/chain/devnet/index.js';
import {
  addSigner,
  createAccount,
  createWallet,
  removeSigner,
  rentStorage,
  transferCustody,
} from '../src/chain/fixtures.js';
import { MemorySink, startChainReader } from '../src/chain/reader/index.js';
import type {
  ChainReader,
  ChainReaderOptions,
  ReaderLogger,
  RegistryName,
} from '../src/chain/reader/index.js';
import {
  IdRegisterEventType,
  OnChainEvent,
  OnChainEventType,
  SignerEventType,
} from '../src/protocol/gen/onchain_event.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { waitFor } from './support/wait.js';

/**
 * The reader against a real anvil with our Farcaster contracts: real transactions through the gateways,
 * each consumed event checked against the chain's own receipts (decoded with @farcaster/core's ABIs), and
 * reorgs made with evm_snapshot/evm_revert and anvil_reorg.
 */

const CORE_ABIS: Record<RegistryName, Abi> = {
  idRegistry: idRegistryABI,
  keyRegistry: keyRegistryABI,
  storageRegistry: storageRegistryABI,
};
const CONSUMED: Record<RegistryName, readonly string[]> = {
  idRegistry: ['Register', 'Transfer', 'ChangeRecoveryAddress'],
  keyRegistry: ['Add', 'Remove', 'AdminReset', 'Migrated'],
  storageRegistry: ['Rent'],
};
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** A consumed event as the chain's receipts report it. */
interface ReceiptEvent {
  registry: RegistryName;
  eventName: string;
  args: Record<string, unknown>;
  blockNumber: number;
  blockHash: Hex;
  blockTimestamp: number;
  transactionHash: Hex;
  transactionIndex: number;
  logIndex: number;
}

describe('chain reader on anvil', { timeout: 120_000 }, () => {
  let devnet: Devnet;
  before(async () => {
    devnet = await startDevnet({ port: 0 });
  });
  after(async () => {
    await devnet?.stop();
  });

  const owner = () => devnet.accounts[DEVNET_ROLES.owner]!.address;
  const relayer = () => devnet.accounts[DEVNET_ROLES.relayer]!;
  const head = async () => Number(await devnetPublicClient(devnet).getBlockNumber());

  function startReader(t: TestContext, sink: MemorySink, overrides: Partial<ChainReaderOptions> = {}) {
    const problems: string[] = [];
    const logger: ReaderLogger = {
      debug: () => {},
      info: () => {},
      warn: (_details, message) => problems.push(message),
      error: (_details, message) => problems.push(message),
    };
    const reader = startChainReader({
      client: devnet.rpcUrl,
      chainId: devnet.chainId,
      addresses: {
        idRegistry: devnet.contracts.idRegistry,
        keyRegistry: devnet.contracts.keyRegistry,
        storageRegistry: devnet.contracts.storageRegistry,
      },
      startBlock: 0,
      sink,
      logger,
      confirmations: 0,
      pollIntervalMs: 20,
      ...overrides,
    });
    t.after(() => reader.stop());
    return { reader, problems };
  }

  /** Consumed events in [from, to] from each transaction's receipt, in chain order. */
  async function receiptEvents(from: number, to: number): Promise<ReceiptEvent[]> {
    const client = devnetPublicClient(devnet);
    const registries = new Map(
      (Object.keys(CORE_ABIS) as RegistryName[]).map((name) => [devnet.contracts[name].toLowerCase(), name]),
    );
    const found: ReceiptEvent[] = [];
    for (let number = from; number <= to; number++) {
      const block = await client.getBlock({ blockNumber: BigInt(number) });
      for (const hash of block.transactions) {
        const receipt = await client.getTransactionReceipt({ hash });
        for (const log of receipt.logs) {
          const registry = registries.get(log.address.toLowerCase());
          if (registry === undefined) continue;
          const decoded = decodeEventLog({ abi: CORE_ABIS[registry], data: log.data, topics: log.topics });
          if (decoded.eventName === undefined || !CONSUMED[registry].includes(decoded.eventName)) continue;
          found.push({
            registry,
            eventName: decoded.eventName,
            args: decoded.args as unknown as Record<string, unknown>,
            blockNumber: number,
            blockHash: block.hash,
            blockTimestamp: Number(block.timestamp),
            transactionHash: receipt.transactionHash,
            transactionIndex: receipt.transactionIndex,
            logIndex: log.logIndex,
          });
        }
      }
    }
    return found;
  }

  it('reads register, transfer, change recovery, add, addFor, remove, admin reset, migrated and rent exactly once each', async (t) => {
    const sink = new MemorySink();
    const { reader, problems } = startReader(t, sink);

    const alice = await createAccount(devnet); // Register + Rent (1 unit), Add
    const relayed = await addSigner(devnet, alice, { relayer: relayer() }); // Add through addFor
    await removeSigner(devnet, alice, relayed.publicKey); // Remove
    await rentStorage(devnet, alice, 2n); // Rent (2 units)
    const recovery = await createWallet(devnet);
    await send(privateKeyToAccount(alice.custody.privateKey), {
      address: devnet.contracts.idRegistry,
      abi: idRegistryAbi,
      functionName: 'changeRecoveryAddress',
      args: [recovery.address],
    });
    const moved = await transferCustody(devnet, alice); // Transfer
    const keyRegistry = { address: devnet.contracts.keyRegistry, abi: keyRegistryAbi } as const;
    await send(owner(), {
      ...keyRegistry,
      functionName: 'bulkResetKeysForMigration',
      args: [[{ fid: alice.fid, keys: [alice.signer.publicKey] }]],
    });
    await send(owner(), { ...keyRegistry, functionName: 'migrate' });
    const end = await head();
    await caughtUp(reader);

    // The story in the node's terms, in delivery order.
    const fid = Number(alice.fid);
    assert.deepEqual(sink.events.map(describeEvent), [
      `ID_REGISTER REGISTER fid=${fid}`,
      `STORAGE_RENT fid=${fid} units=1`,
      `SIGNER ADD fid=${fid} key=${alice.signer.publicKey}`,
      `SIGNER ADD fid=${fid} key=${relayed.publicKey}`,
      `SIGNER REMOVE fid=${fid} key=${relayed.publicKey}`,
      `STORAGE_RENT fid=${fid} units=2`,
      `ID_REGISTER CHANGE_RECOVERY fid=${fid}`,
      `ID_REGISTER TRANSFER fid=${fid}`,
      `SIGNER ADMIN_RESET fid=${fid} key=${alice.signer.publicKey}`,
      'SIGNER_MIGRATED fid=0',
    ]);
    const [register, rent] = sink.events;
    assert.equal(bytesToHex(register!.idRegisterEventBody!.to), alice.custody.address.toLowerCase());
    assert.equal(bytesToHex(register!.idRegisterEventBody!.recoveryAddress), zeroAddress);
    // Registration rents through IdGateway, so the gateway is the payer; a direct rent is paid by its sender.
    assert.equal(bytesToHex(rent!.storageRentEventBody!.payer), devnet.contracts.idGateway.toLowerCase());
    const directRent = sink.events[5]!.storageRentEventBody!;
    assert.equal(bytesToHex(directRent.payer), alice.custody.address.toLowerCase());
    const changeRecovery = sink.events[6]!.idRegisterEventBody!;
    assert.equal(bytesToHex(changeRecovery.recoveryAddress), recovery.address.toLowerCase());
    const transfer = sink.events[7]!.idRegisterEventBody!;
    assert.equal(bytesToHex(transfer.from), alice.custody.address.toLowerCase());
    assert.equal(bytesToHex(transfer.to), moved.custody.address.toLowerCase());

    // Every consumed log on the chain is one event, with the chain's positions and values.
    const onChain = await receiptEvents(0, end);
    assert.equal(onChain.length, sink.events.length);
    assert.deepEqual(
      sink.events.map((event) => OnChainEvent.toJSON(event)),
      onChain.map((log) => OnChainEvent.toJSON(expectedEvent(log, devnet.chainId))),
    );
    assert.deepEqual(problems, []);
    assert.equal(reader.status().state, 'live');
  });

  it('applies a block only after the configured confirmations', async (t) => {
    const sink = new MemorySink();
    const start = (await head()) + 1;
    const { reader } = startReader(t, sink, { startBlock: start, confirmations: 2 });
    const bob = await createAccount(devnet); // blocks: funding, register + rent, add (the head)
    await caughtUp(reader);
    assert.deepEqual(sink.events.map(describeEvent), []);
    await devnetTestClient(devnet).mine({ blocks: 1 });
    await caughtUp(reader);
    assert.deepEqual(sink.events.map(describeEvent), [
      `ID_REGISTER REGISTER fid=${bob.fid}`,
      `STORAGE_RENT fid=${bob.fid} units=1`,
    ]);
    await devnetTestClient(devnet).mine({ blocks: 1 });
    await caughtUp(reader);
    assert.equal(sink.events.length, 3);
    assert.equal(reader.status().nextBlock, (await head()) - 1);
  });

  it('after evm_revert, retracts the orphaned blocks and applies the replacement blocks', async (t) => {
    const carol = await createAccount(devnet);
    const sink = new MemorySink();
    const start = (await head()) + 1;
    const { reader, problems } = startReader(t, sink, { startBlock: start });
    const testClient = devnetTestClient(devnet);
    // The fork point must be a block the reader has seen: one before the snapshot.
    await testClient.mine({ blocks: 1 });
    await caughtUp(reader);
    const snapshot = await testClient.snapshot();

    await rentStorage(devnet, carol, 3n);
    await rentStorage(devnet, carol, 4n);
    await caughtUp(reader);
    assert.deepEqual(sink.events.map(describeEvent), [
      `STORAGE_RENT fid=${carol.fid} units=3`,
      `STORAGE_RENT fid=${carol.fid} units=4`,
    ]);
    const orphaned = sink.events.map((event) => [event.blockNumber, bytesToHex(event.blockHash)]);

    await testClient.revert({ id: snapshot });
    await rentStorage(devnet, carol, 5n); // same height as the first orphaned block, another hash
    await testClient.mine({ blocks: 2 }); // past the old tip, so the reader can compare hashes
    await caughtUp(reader);

    assert.deepEqual(
      sink.retractions.flat().map((block) => [block.number, bytesToHex(block.hash)]),
      orphaned,
    );
    assert.deepEqual(sink.events.map(describeEvent), [`STORAGE_RENT fid=${carol.fid} units=5`]);
    const [replacement] = await receiptEvents(start, await head());
    assert.deepEqual(
      sink.events.map((event) => OnChainEvent.toJSON(event)),
      [OnChainEvent.toJSON(expectedEvent(replacement!, devnet.chainId))],
    );
    await assertCheckpointOnChain(sink);
    assert.equal(reader.status().reorgs, 1);
    assert.equal(problems.length, 1, 'the reorg is logged');
  });

  it('after anvil_reorg, retracts the events of the replaced blocks', async (t) => {
    const dave = await createAccount(devnet);
    const sink = new MemorySink();
    const start = (await head()) + 1;
    const { reader } = startReader(t, sink, { startBlock: start });
    await devnetTestClient(devnet).mine({ blocks: 1 }); // the fork point, seen by the reader
    await caughtUp(reader);
    await rentStorage(devnet, dave, 6n);
    await devnetTestClient(devnet).mine({ blocks: 1 });
    await caughtUp(reader);
    assert.deepEqual(sink.events.map(describeEvent), [`STORAGE_RENT fid=${dave.fid} units=6`]);
    const before = await head();

    await devnetTestClient(devnet).request({ method: 'anvil_reorg', params: [2, []] } as never);
    assert.equal(await head(), before);
    await caughtUp(reader);

    assert.deepEqual(sink.events, []);
    assert.deepEqual(
      sink.retractions.flat().map((block) => block.number),
      [before - 1, before],
    );
    await assertCheckpointOnChain(sink);
  });

  async function assertCheckpointOnChain(sink: MemorySink): Promise<void> {
    const client = devnetPublicClient(devnet);
    for (const block of sink.checkpoint?.blocks ?? []) {
      const onChain = await client.getBlock({ blockNumber: BigInt(block.number) });
      assert.equal(block.hash, onChain.hash, `recorded block ${block.number}`);
    }
  }

  /** One contract call from `from` (a local account, or an unlocked dev account), which must succeed. */
  async function send(from: Account | Address, call: Record<string, unknown>): Promise<void> {
    const hash = await devnetWalletClient(devnet, from).writeContract(call as never);
    const receipt = await devnetPublicClient(devnet).waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, 'success', String(call.functionName));
  }
});

/** caughtUp, or a failure showing the reader's status instead of a hung test. */
function caughtUp(reader: ChainReader): Promise<void> {
  return waitFor(
    () => `the reader to catch up; its status: ${JSON.stringify(reader.status())}`,
    reader.caughtUp(),
  );
}

function describeEvent(event: OnChainEvent): string {
  switch (event.type) {
    case OnChainEventType.EVENT_TYPE_ID_REGISTER:
      return `ID_REGISTER ${IdRegisterEventType[event.idRegisterEventBody!.eventType]} fid=${event.fid}`;
    case OnChainEventType.EVENT_TYPE_SIGNER: {
      const body = event.signerEventBody!;
      return `SIGNER ${SignerEventType[body.eventType]} fid=${event.fid} key=${bytesToHex(body.key)}`;
    }
    case OnChainEventType.EVENT_TYPE_STORAGE_RENT:
      return `STORAGE_RENT fid=${event.fid} units=${event.storageRentEventBody!.units}`;
    default:
      return `${OnChainEventType[event.type].replace('EVENT_TYPE_', '')} fid=${event.fid}`;
  }
}

/** The reference hub's OnChainEvent for a receipt log, spelled out field by field (chain.md §2-3). */
function expectedEvent(log: ReceiptEvent, chainId: number): OnChainEvent {
  const bytes = (value: unknown) => hexToBytes(value as string) as Uint8Array;
  const { args } = log;
  const position = {
    chainId,
    blockNumber: log.blockNumber,
    blockHash: bytes(log.blockHash),
    blockTimestamp: log.blockTimestamp,
    transactionHash: bytes(log.transactionHash),
    logIndex: log.logIndex,
    txIndex: log.transactionIndex,
  };
  const idRegister = {
    ...position,
    type: OnChainEventType.EVENT_TYPE_ID_REGISTER,
    version: 2,
    fid: Number(args.id),
  };
  const signer = { ...position, type: OnChainEventType.EVENT_TYPE_SIGNER, version: 2, fid: Number(args.fid) };
  switch (log.eventName) {
    case 'Register':
      return OnChainEvent.fromPartial({
        ...idRegister,
        idRegisterEventBody: {
          eventType: IdRegisterEventType.REGISTER,
          to: bytes(args.to),
          recoveryAddress: bytes(args.recovery),
        },
      });
    case 'Transfer':
      return OnChainEvent.fromPartial({
        ...idRegister,
        idRegisterEventBody: {
          eventType: IdRegisterEventType.TRANSFER,
          from: bytes(args.from),
          to: bytes(args.to),
        },
      });
    case 'ChangeRecoveryAddress':
      return OnChainEvent.fromPartial({
        ...idRegister,
        idRegisterEventBody: {
          eventType: IdRegisterEventType.CHANGE_RECOVERY,
          recoveryAddress: bytes(args.recovery),
        },
      });
    case 'Add':
      return OnChainEvent.fromPartial({
        ...signer,
        signerEventBody: {
          eventType: SignerEventType.ADD,
          key: bytes(args.keyBytes),
          keyType: Number(args.keyType),
          metadata: bytes(args.metadata),
          metadataType: Number(args.metadataType),
        },
      });
    case 'Remove':
    case 'AdminReset':
      return OnChainEvent.fromPartial({
        ...signer,
        signerEventBody: {
          eventType: log.eventName === 'Remove' ? SignerEventType.REMOVE : SignerEventType.ADMIN_RESET,
          key: bytes(args.keyBytes),
        },
      });
    case 'Migrated':
      return OnChainEvent.fromPartial({
        ...position,
        type: OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED,
        version: 2,
        fid: 0,
        signerMigratedEventBody: { migratedAt: Number(Object.values(args)[0]) },
      });
    case 'Rent':
      return OnChainEvent.fromPartial({
        ...position,
        type: OnChainEventType.EVENT_TYPE_STORAGE_RENT,
        version: 0,
        fid: Number(args.fid),
        storageRentEventBody: {
          payer: bytes(args.payer),
          units: Number(args.units),
          expiry: toFarcasterTime(log.blockTimestamp * 1000)! + YEAR_SECONDS,
        },
      });
    default:
      throw new Error(`unexpected event ${log.eventName}`);
  }
}
