/**
 * Fixtures of the gasless key and storage lending tests: a node on a clock the test moves, accounts whose
 * custody is a viem account (so custody signatures are a wallet's), and messages built with
 * @farcaster/core 0.20.0's builders, as an app builds them.
 */
import assert from 'node:assert/strict';
import {
  FarcasterNetwork,
  getFarcasterTime,
  makeCastAdd,
  makeKeyAdd,
  makeKeyAddBody,
  makeKeyRemove,
  makeKeyRemoveBody,
  makeKeyRemoveBodySelfRevoke,
  makeLendStorage,
  Message as CoreMessage,
  MessageType,
  NobleEd25519Signer,
  StorageUnitType,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import type { Kysely } from 'kysely';
import type { PrivateKeyAccount } from 'viem/accounts';
import { privateKeyToAccount } from 'viem/accounts';
import { openNodeGrpc } from '../../src/node/grpc/testing.js';
import type { GrpcHarnessOptions, NodeGrpcHarness } from '../../src/node/grpc/testing.js';
import type { Json } from '../../src/node/http/testing.js';
import { mergeOnChainEvents } from '../../src/node/onchain/index.js';
import { registerEvent, rentEvent, signerEvent } from '../../src/node/onchain/testing.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import { SignerEventType } from '../../src/protocol/gen/onchain_event.js';
import { bytesToHex, hexToBytes } from '../../src/protocol/hex.js';
import { toFarcasterTime } from '../../src/protocol/time.js';
import type { Clock } from '../../src/shared/clock.js';
import type { Dialect } from '../../src/storage/index.js';

/**
 * A clock that stands still unless moved: at the real time less `behindSeconds`, to whole seconds. Core's
 * builders refuse timestamps over 10 minutes ahead of the real clock, so a test that moves the node's clock
 * forward starts it behind.
 */
export interface TestClock extends Clock {
  advance(seconds: number): void;
}

export function testClock(behindSeconds = 0): TestClock {
  let nowMs = (Math.floor(Date.now() / 1000) - behindSeconds) * 1000;
  return {
    now: () => nowMs,
    advance(seconds) {
      nowMs += seconds * 1000;
    },
  };
}

/** Farcaster seconds by the real clock, as core's builders read it. */
const farcasterNow = (): number => getFarcasterTime()._unsafeUnwrap();

export interface GaslessNode extends NodeGrpcHarness {
  clock: TestClock;
  network: FarcasterNetwork;
  /** Farcaster seconds by the node's clock: the default timestamp of the messages built here. */
  now(): number;
}

export interface GaslessNodeOptions extends GrpcHarnessOptions {
  network?: FarcasterNetwork;
  /** How far the node's clock starts behind the real one. */
  behindSeconds?: number;
}

/** A node harness (HTTP and gRPC) on `network` (devnet by default) and a test clock. */
export async function openGaslessNode(
  dialect: Dialect,
  options: GaslessNodeOptions = {},
): Promise<GaslessNode> {
  const { network = FarcasterNetwork.DEVNET, behindSeconds, ...harness } = options;
  const clock = testClock(behindSeconds);
  const node = await openNodeGrpc(dialect, { ...harness, engine: { network, clock, ...harness.engine } });
  return { ...node, clock, network, now: () => toFarcasterTime(clock.now()) ?? 0 };
}

/** An fid whose custody is a wallet, with an on-chain signer (`signer`) and rented storage. */
export interface Account {
  fid: number;
  custody: PrivateKeyAccount;
  /** Signs EIP-712 messages as the custody's wallet. */
  wallet: ViemLocalEip712Signer;
  /** An on-chain key of the fid. */
  signer: NobleEd25519Signer;
}

export const ed25519Signer = (seed: number) => new NobleEd25519Signer(new Uint8Array(32).fill(seed));

export async function publicKey(signer: NobleEd25519Signer): Promise<Uint8Array> {
  return (await signer.getSignerKey())._unsafeUnwrap();
}

/** Rents within the last year are units that count now; chain positions derive from the fid. */
export async function setUpAccount(
  db: Kysely<NodeTables>,
  fid: number,
  { units = 1, nowMs = Date.now() }: { units?: number; nowMs?: number } = {},
): Promise<Account> {
  const custody = privateKeyToAccount(`0x${(0x1000 + fid).toString(16).padStart(64, '0')}`);
  const signer = ed25519Signer(200 + (fid % 50));
  const events = [
    registerEvent(fid, hexToBytes(custody.address) ?? new Uint8Array(), { block: fid * 10 }),
    signerEvent(fid, await publicKey(signer), SignerEventType.ADD, { block: fid * 10 + 1 }),
  ];
  if (units > 0) {
    events.push(rentEvent(fid, units, Math.floor(nowMs / 1000) - 86_400, { block: fid * 10 + 2 }));
  }
  for (const result of await mergeOnChainEvents(db, events, { now: () => nowMs })) {
    assert.ok(result.ok, result.ok ? '' : result.error.message);
  }
  return { fid, custody, wallet: new ViemLocalEip712Signer(custody), signer };
}

export const unwrap = <T>(result: {
  isOk(): boolean;
  _unsafeUnwrap(): T;
  _unsafeUnwrapErr(): unknown;
}): T => {
  assert.ok(result.isOk(), result.isOk() ? '' : String((result._unsafeUnwrapErr() as Error).message));
  return result._unsafeUnwrap();
};

export interface KeyAddOptions {
  /** The app whose custody signs the key request; the fid itself when absent. */
  app?: Account;
  scopes?: MessageType[];
  ttl?: number;
  nonce: number;
  /** Farcaster seconds; an hour from now when absent. */
  deadline?: number;
  /** The message's own time; the node's now when absent. */
  timestamp?: number;
  /** Signs the envelope; the key being added (as core builds it) when absent. */
  envelope?: NobleEd25519Signer;
}

/** A KEY_ADD for `key`, its custody and app parts signed by their wallets, as core's builders make it. */
export async function keyAdd(
  node: GaslessNode,
  account: Account,
  key: NobleEd25519Signer,
  options: KeyAddOptions,
): Promise<CoreMessage> {
  const app = options.app ?? account;
  const body = unwrap(
    await makeKeyAddBody(
      {
        fid: BigInt(account.fid),
        key: await publicKey(key),
        scopes: options.scopes ?? [MessageType.CAST_ADD],
        ttl: options.ttl ?? 86_400,
        nonce: options.nonce,
        deadline: options.deadline ?? farcasterNow() + 3600,
        requestFid: BigInt(app.fid),
      },
      account.wallet,
      app.wallet,
    ),
  );
  const data = { fid: account.fid, network: node.network, timestamp: options.timestamp ?? node.now() };
  return unwrap(await makeKeyAdd(body, data, options.envelope ?? key));
}

/** A KEY_REMOVE by the custody (its `KeyRemove` signed by the wallet); any key signs the envelope. */
export async function custodyRemove(
  node: GaslessNode,
  account: Account,
  key: NobleEd25519Signer,
  nonce: number,
  wallet = account.wallet,
): Promise<CoreMessage> {
  const body = unwrap(
    await makeKeyRemoveBody(
      { fid: BigInt(account.fid), key: await publicKey(key), nonce, deadline: farcasterNow() + 3600 },
      wallet,
    ),
  );
  return unwrap(await makeKeyRemove(body, dataOf(node, account), account.signer));
}

/** A self-revocation: the key signs its own KEY_REMOVE, with its app's next nonce. */
export async function selfRevoke(
  node: GaslessNode,
  account: Account,
  key: NobleEd25519Signer,
  nonce: number,
  envelope = key,
): Promise<CoreMessage> {
  const body = unwrap(
    makeKeyRemoveBodySelfRevoke({ key: await publicKey(key), nonce, deadline: farcasterNow() + 3600 }),
  );
  return unwrap(await makeKeyRemove(body, dataOf(node, account), envelope));
}

/** MessageData options: the account's fid, the node's network and clock. */
export const dataOf = (node: GaslessNode, account: Account) => ({
  fid: account.fid,
  network: node.network,
  timestamp: node.now(),
});

export async function cast(
  node: GaslessNode,
  account: Account,
  signer: NobleEd25519Signer,
  text: string,
): Promise<CoreMessage> {
  const body = { text, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [], type: 0 };
  return unwrap(await makeCastAdd(body, dataOf(node, account), signer));
}

export async function lend(
  node: GaslessNode,
  account: Account,
  toFid: number,
  numUnits: number,
  signer = account.signer,
  unitType = StorageUnitType.UNIT_TYPE_2024,
): Promise<CoreMessage> {
  return unwrap(await makeLendStorage({ toFid, numUnits, unitType }, dataOf(node, account), signer));
}

/** Submits over HTTP; the answer's status and body. */
export async function submit(
  node: GaslessNode,
  message: CoreMessage,
): Promise<{ status: number; body: Json }> {
  return node.post('/v1/submitMessage', CoreMessage.encode(message).finish());
}

export async function accepted(node: GaslessNode, message: CoreMessage): Promise<Json> {
  const { status, body } = await submit(node, message);
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

/** Submits and expects the refusal `errCode` with exactly `details`. */
export async function refused(
  node: GaslessNode,
  message: CoreMessage,
  errCode: string,
  details: string | RegExp,
): Promise<void> {
  const { status, body } = await submit(node, message);
  assert.equal(status, 400, JSON.stringify(body));
  assert.equal(body.errCode, errCode, JSON.stringify(body));
  if (typeof details === 'string') assert.equal(body.details, details);
  else assert.match(body.details, details);
}

export const hex = (bytes: Uint8Array) => bytesToHex(bytes);
