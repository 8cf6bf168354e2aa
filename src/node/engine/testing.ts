/**
 * Test fixtures for the engine: a suite's database and engine, accounts registered through real on-chain
 * events, signed messages built with our builder, and assertions on outcomes and events. Test-only.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { Kysely } from 'kysely';
import { privateKeyToAccount } from 'viem/accounts';
import { makeMessage } from '../../protocol/builder.js';
import { createEd25519Signer } from '../../protocol/ed25519.js';
import type { Ed25519Signer } from '../../protocol/ed25519.js';
import { makeEthAddressClaim, signEthAddressClaim } from '../../protocol/eip712/index.js';
import type { HubErrorCode, HubResult } from '../../protocol/errors.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import {
  FarcasterNetwork,
  Message,
  MessageType,
  Protocol,
  ReactionType,
} from '../../protocol/gen/message.js';
import type { CastId, MessageData, UserDataType } from '../../protocol/gen/message.js';
import { SignerEventType } from '../../protocol/gen/onchain_event.js';
import { UserNameProof, UserNameType } from '../../protocol/gen/username_proof.js';
import { bytesToHex, hexToBytes } from '../../protocol/hex.js';
import { decodeMessage } from '../../protocol/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import { toFarcasterTime } from '../../protocol/time.js';
import type { Dialect } from '../../storage/database.js';
import { openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import { mergeOnChainEvents } from '../onchain/merge.js';
import { totalUnits } from '../onchain/storage-units.js';
import { address, fixedClock, registerEvent, rentEvent, signerEvent } from '../onchain/testing.js';
import { fnameProofChange } from '../store/changes.js';
import { recordChange, writeTransaction } from '../store/write-transaction.js';
import type { NodeTables } from '../store/schema.js';
import { createEngine } from './engine.js';
import type { Engine, EngineOptions } from './engine.js';
import { decodeStored } from './message-rows.js';
import type { StoredMessage } from './reads.js';
import type { MergeOutcome } from './merge.js';
import type { Target } from './stores/index.js';

export const NOW_MS = Date.UTC(2025, 0, 1);
export const NOW = toFarcasterTime(NOW_MS) ?? 0;
export const NETWORK = FarcasterNetwork.MAINNET;
export const clock = fixedClock(NOW_MS);
/** A 2024-unit rent that is valid at NOW_MS. */
const RENT_TIME = 1_725_000_000;

export const silentLogger = { info: () => undefined };

/** An engine on `db` with the test clock; generous limits unless a test sets its own. */
export function testEngine(db: Kysely<NodeTables>, options: Partial<EngineOptions> = {}): Engine {
  return createEngine({
    db,
    network: NETWORK,
    clock,
    logger: silentLogger,
    limits: (units) => totalUnits(units) * 1000,
    ...options,
  });
}

export interface TestAccount {
  fid: number;
  signer: Ed25519Signer;
  custody: Uint8Array;
}

export function signerFor(fid: number, n = 0): Ed25519Signer {
  return createEd25519Signer(
    new Uint8Array(32).fill(1).map((_, i) => (i === 0 ? fid & 0xff : i === 1 ? n : i)),
  );
}

export interface AccountOptions {
  units?: number;
  signer?: Ed25519Signer;
}

/**
 * Registers `fid` with a custody address, an active signer and `units` storage units, through the
 * on-chain merge. Chain positions derive from the fid, so each fid may be set up once per database.
 */
export async function setUpAccount(
  db: Kysely<NodeTables>,
  fid: number,
  { units = 1, signer = signerFor(fid) }: AccountOptions = {},
): Promise<TestAccount> {
  const custody = address(fid);
  const events = [
    registerEvent(fid, custody, { block: fid * 10 }),
    signerEvent(fid, signer.publicKey, SignerEventType.ADD, { block: fid * 10 + 1 }),
  ];
  if (units > 0) events.push(rentEvent(fid, units, RENT_TIME, { block: fid * 10 + 2 }));
  for (const result of await mergeOnChainEvents(db, events, clock)) assert.ok(result.ok);
  return { fid, signer, custody };
}

/** A suite's node database and test engine; its fields can be read only inside the suite's tests. */
export interface EngineFixture {
  readonly database: TestDatabase<NodeTables>;
  readonly engine: Engine;
  /** The outcome of merging `message` alone. */
  mergeOne(message: ReceivedMessage): Promise<MergeOutcome | undefined>;
  /** Merges `messages` in one batch and asserts that every one merged. */
  mergeAll(messages: ReceivedMessage[]): Promise<void>;
  /** setUpAccount on the suite's database. */
  account(fid: number, options?: AccountOptions): Promise<TestAccount>;
}

/**
 * Registers hooks that open a fresh node database on `dialect` before the suite, with a testEngine on it
 * (`options` as for testEngine), and delete it after. Call it inside the suite (e.g. forEachDialect's).
 */
export function engineFixture(dialect: Dialect, options: Partial<EngineOptions> = {}): EngineFixture {
  let opened: { database: TestDatabase<NodeTables>; engine: Engine } | undefined;
  before(async () => {
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    opened = { database, engine: testEngine(database.db, options) };
  });
  after(() => opened?.database.cleanup());
  // Read on each use, as the hooks run after the suite's body has taken the fixture.
  const current = () => {
    assert.ok(opened, 'the engine fixture is open only while its suite runs');
    return opened;
  };
  return {
    get database() {
      return current().database;
    },
    get engine() {
      return current().engine;
    },
    mergeOne: async (message) => (await current().engine.mergeMessages([message]))[0],
    mergeAll: async (messages) => {
      for (const outcome of await current().engine.mergeMessages(messages)) mergedEvent(outcome);
    },
    account: (fid, accountOptions) => setUpAccount(current().database.db, fid, accountOptions),
  };
}

/** The message as the node receives it: encoded, then decoded by our codec. */
export function receive(message: Message): ReceivedMessage {
  const decoded = decodeMessage(Message.encode(message).finish());
  assert.ok(decoded.ok, decoded.ok ? '' : decoded.error.message);
  return decoded.value;
}

type Fields = Partial<MessageData> & Pick<MessageData, 'type'>;

/** Signs data for the account; `ago` is how many seconds before NOW its timestamp is. */
export function signed(account: TestAccount, fields: Fields, ago = 100): ReceivedMessage {
  return receive(
    makeMessage({ fid: account.fid, timestamp: NOW - ago, network: NETWORK, ...fields }, account.signer),
  );
}

export function castAdd(
  account: TestAccount,
  text: string,
  ago = 100,
  body: { parentCastId?: CastId; parentUrl?: string; mentions?: number[] } = {},
): ReceivedMessage {
  const mentions = body.mentions ?? [];
  return signed(
    account,
    {
      type: MessageType.CAST_ADD,
      castAddBody: {
        embedsDeprecated: [],
        mentions,
        mentionsPositions: mentions.map(() => 0),
        text,
        embeds: [],
        type: 0,
        parentCastId: body.parentCastId,
        parentUrl: body.parentUrl,
      },
    },
    ago,
  );
}

export function castRemove(account: TestAccount, targetHash: Uint8Array, ago = 100): ReceivedMessage {
  return signed(account, { type: MessageType.CAST_REMOVE, castRemoveBody: { targetHash } }, ago);
}

export function castIdOf(received: ReceivedMessage): CastId {
  return { fid: received.data.fid, hash: received.message.hash };
}

export function reaction(
  account: TestAccount,
  add: boolean,
  target: Target,
  ago = 100,
  type = ReactionType.LIKE,
): ReceivedMessage {
  return signed(
    account,
    {
      type: add ? MessageType.REACTION_ADD : MessageType.REACTION_REMOVE,
      reactionBody:
        'castId' in target ? { type, targetCastId: target.castId } : { type, targetUrl: target.url },
    },
    ago,
  );
}

export function link(account: TestAccount, add: boolean, targetFid: number, ago = 100, type = 'follow') {
  return signed(
    account,
    { type: add ? MessageType.LINK_ADD : MessageType.LINK_REMOVE, linkBody: { type, targetFid } },
    ago,
  );
}

export function compactState(account: TestAccount, targetFids: number[], ago = 100, type = 'follow') {
  return signed(
    account,
    { type: MessageType.LINK_COMPACT_STATE, linkCompactStateBody: { type, targetFids } },
    ago,
  );
}

export function userData(account: TestAccount, type: UserDataType, value: string, ago = 100) {
  return signed(account, { type: MessageType.USER_DATA_ADD, userDataBody: { type, value } }, ago);
}

/** An Ethereum address a test can verify: a deterministic private key per `n`. */
export function ethAccount(n: number) {
  const privateKey = `0x${(n + 1).toString(16).padStart(64, '0')}` as const;
  const account = privateKeyToAccount(privateKey);
  return { privateKey, address: hexToBytes(account.address) ?? new Uint8Array() };
}

export async function verificationAdd(account: TestAccount, eth: ReturnType<typeof ethAccount>, ago = 100) {
  const blockHash = new Uint8Array(32).fill(9);
  const claim = makeEthAddressClaim(account.fid, eth.address, NETWORK, blockHash);
  assert.ok(claim.ok);
  const signature = await signEthAddressClaim(claim.value, eth.privateKey);
  return signed(
    account,
    {
      type: MessageType.VERIFICATION_ADD_ETH_ADDRESS,
      verificationAddAddressBody: {
        address: eth.address,
        blockHash,
        claimSignature: hexToBytes(signature) ?? new Uint8Array(),
        verificationType: 0,
        chainId: 0,
        protocol: Protocol.ETHEREUM,
      },
    },
    ago,
  );
}

export function verificationRemove(account: TestAccount, addressBytes: Uint8Array, ago = 100) {
  return signed(
    account,
    {
      type: MessageType.VERIFICATION_REMOVE,
      verificationRemoveBody: { address: addressBytes, protocol: Protocol.ETHEREUM },
    },
    ago,
  );
}

/** An ENS proof message for `name`, owned by `owner`, dated `ago` seconds before NOW. */
export function ensProof(account: TestAccount, name: string, owner: Uint8Array, ago = 100): ReceivedMessage {
  return signed(
    account,
    {
      type: MessageType.USERNAME_PROOF,
      usernameProofBody: UserNameProof.fromPartial({
        timestamp: Math.round(NOW_MS / 1000) - ago,
        name: new TextEncoder().encode(name),
        owner,
        signature: new Uint8Array(65).fill(3),
        fid: account.fid,
        type: UserNameType.USERNAME_TYPE_ENS_L1,
      }),
    },
    ago,
  );
}

/** Stores an fname proof as the fname sync would, its change reported. */
export async function storeFnameProof(db: Kysely<NodeTables>, name: string, fid: number): Promise<void> {
  const proof = UserNameProof.fromPartial({
    timestamp: 1_700_000_000,
    name: new TextEncoder().encode(name),
    owner: address(fid),
    signature: new Uint8Array(65).fill(1),
    fid,
    type: UserNameType.USERNAME_TYPE_FNAME,
  });
  await writeTransaction(db, async (trx) => {
    await trx
      .insertInto('fname_proofs')
      .values({
        name,
        fid,
        owner: proof.owner,
        timestamp: proof.timestamp,
        signature: proof.signature,
        encoded: UserNameProof.encode(proof).finish(),
      })
      .execute();
    recordChange(trx, fnameProofChange('add', name, proof));
  });
}

/** Of two messages, the one with the higher hash second (for hash tie-break tests). */
export function byHash(a: ReceivedMessage, b: ReceivedMessage): [ReceivedMessage, ReceivedMessage] {
  return Buffer.compare(a.message.hash, b.message.hash) < 0 ? [a, b] : [b, a];
}

/** A message as sent, or as a read answers it (its stored bytes, decoded here). */
type Shown = Message | StoredMessage;
const shown = (message: Shown): Message => (message instanceof Uint8Array ? decodeStored(message) : message);

/** A message in a form deepEqual compares by content (Buffer vs Uint8Array and unset keys aside). */
export function json(message: Shown | undefined): unknown {
  return message === undefined ? undefined : Message.toJSON(shown(message));
}

export function hex(message: { hash: Uint8Array } | StoredMessage | undefined): string {
  if (message === undefined) return 'none';
  return bytesToHex(message instanceof Uint8Array ? decodeStored(message).hash : message.hash);
}

export function hexes(messages: readonly ({ hash: Uint8Array } | StoredMessage)[]): string[] {
  return messages.map(hex);
}

/** The event of a successful merge. */
export function mergedEvent(outcome: MergeOutcome | undefined): HubEvent {
  assert.ok(
    outcome?.ok,
    `expected a merge, got ${JSON.stringify(outcome?.ok === false ? outcome.error : outcome)}`,
  );
  return outcome.event;
}

/** The MERGE_MESSAGE of a successful merge: its message and the deleted messages' hashes. */
export function merged(outcome: MergeOutcome | undefined): {
  message: string;
  deleted: string[];
  type: number;
} {
  const event = mergedEvent(outcome);
  const body = event.mergeMessageBody;
  assert.ok(body !== undefined, 'expected a MERGE_MESSAGE');
  return { type: event.type, message: hex(body.message), deleted: hexes(body.deletedMessages) };
}

export function refused(
  outcome: MergeOutcome | HubResult<unknown> | undefined,
  errCode: HubErrorCode,
  message: string,
): void {
  assert.ok(outcome !== undefined && !outcome.ok, `expected a refusal, got ${JSON.stringify(outcome)}`);
  assert.deepEqual(outcome.error, { errCode, message });
}
