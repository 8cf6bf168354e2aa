// Our generated wire code (src/protocol/gen) must produce the same bytes and JSON as @farcaster/core
// 0.20.0, the client library real users run. Core serves as a black-box oracle here; for the reference
// hub's (Hubble's) sync messages, which left core with Hubble, the core inside hub-nodejs 0.11 does.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
// Core's factories draw from this faker instance, so seeding it here makes their output repeatable
// (apart from random bytes, keys and the clock, which core takes elsewhere; failures print the object).
import { faker } from '@faker-js/faker';
import * as core from '@farcaster/core';
import * as hubbleCore from 'hub-nodejs-0.11';
import _m0 from 'protobufjs/minimal.js';
import * as adminRpc from './gen/admin_rpc.js';
import * as blocks from './gen/blocks.js';
import * as hubEvent from './gen/hub_event.js';
import * as message from './gen/message.js';
import * as onchainEvent from './gen/onchain_event.js';
import * as requestResponse from './gen/request_response.js';
import * as usernameProof from './gen/username_proof.js';
import {
  int,
  u32,
  u64,
  chance,
  pick,
  bytes,
  text,
  url,
  list,
  optional,
  hubEventTypes,
  castId,
  messageFactories,
  randomMessage,
  anyMessage,
  randomOnChainEvent,
  randomUserNameProof,
  randomHubEvent,
  page,
  randomSigner,
  randomShardChunk,
} from './testing.js';

const SEED = 20_250_101;
const PER_TYPE = 250;

interface WireCodec<T> {
  encode(value: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
  toJSON(value: T): unknown;
  fromJSON(object: unknown): T;
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Asserts that ours and core agree on `value`: bytes, decoding, JSON rendering and JSON parsing. */
function assertSameWire<T>(name: string, ours: WireCodec<T>, theirs: WireCodec<T>, value: T): void {
  const expected = theirs.encode(value).finish();
  const json = theirs.toJSON(value);
  try {
    assert.equal(hex(ours.encode(value).finish()), hex(expected), 'encode');
    const decoded = ours.decode(expected);
    assert.deepEqual(ours.toJSON(decoded), theirs.toJSON(theirs.decode(expected)), 'decode');
    assert.equal(hex(ours.encode(decoded).finish()), hex(expected), 're-encode');
    assert.deepEqual(ours.toJSON(value), json, 'toJSON');
    assert.equal(hex(ours.encode(ours.fromJSON(json)).finish()), hex(expected), 'fromJSON');
  } catch (error) {
    const detail = `${name} ${JSON.stringify(json)}\ncore bytes ${hex(expected)}`;
    throw new Error(`${(error as Error).message}\n${detail}`, { cause: error });
  }
}

/** A check of one request/response type on a random value; `make` is typed against both codecs. */
function wireCase<T>(name: string, ours: WireCodec<T>, theirs: WireCodec<T>, make: () => T) {
  return () => assertSameWire(name, ours, theirs, make());
}

const rr = requestResponse;
const requestResponseCases = [
  wireCase('SubscribeRequest', rr.SubscribeRequest, core.SubscribeRequest, () => ({
    eventTypes: list(() => pick(hubEventTypes), 4),
    fromId: optional(u64),
    shardIndex: optional(() => int(0, 3)),
  })),
  wireCase('GetInfoResponse', rr.GetInfoResponse, core.GetInfoResponse, () => ({
    version: text(),
    dbStats: optional(() => ({ numMessages: u64(), numFidRegistrations: u64(), approxSize: u64() })),
    peerId: text(),
    numShards: int(0, 4),
    shardInfos: list(() => ({
      shardId: int(0, 3),
      maxHeight: u64(),
      numMessages: u64(),
      numFidRegistrations: u64(),
      approxSize: u64(),
      blockDelay: u64(),
      mempoolSize: u64(),
      numOnchainEvents: u64(),
    })),
    nextEngineVersionTimestamp: u64(),
  })),
  wireCase('CastsByParentRequest', rr.CastsByParentRequest, core.CastsByParentRequest, () => ({
    ...(chance() ? { parentCastId: castId() } : { parentUrl: url() }),
    ...page(),
  })),
  wireCase('ReactionsByTargetRequest', rr.ReactionsByTargetRequest, core.ReactionsByTargetRequest, () => ({
    ...(chance() ? { targetCastId: castId() } : { targetUrl: url() }),
    reactionType: optional(() => int(0, 2)),
    ...page(),
  })),
  wireCase('StorageLimitsResponse', rr.StorageLimitsResponse, core.StorageLimitsResponse, () => ({
    limits: list(() => ({
      storeType: int(0, 7),
      name: text(),
      limit: u64(),
      used: u64(),
      earliestTimestamp: u64(),
      earliestHash: bytes(20),
    })),
    units: u32(),
    unitDetails: list(() => ({
      unitType: int(0, 2),
      unitSize: u32(),
      purchasedUnitSize: u32(),
      lentUnitSize: u32(),
      borrowedUnitSize: u32(),
    })),
    tierSubscriptions: list(() => ({ tierType: int(0, 1), expiresAt: u64() })),
  })),
  wireCase('SignersByFidResponse', rr.SignersByFidResponse, core.SignersByFidResponse, () => ({
    signers: list(randomSigner),
    nextPageToken: optional(() => bytes()),
    gaslessSignerCount: u32(),
    gaslessSignerLimit: u32(),
    currentUserNonce: u32(),
    requesterFidNonces: Object.fromEntries(list(() => [u64(), u32()], 4)),
  })),
  wireCase('EventsResponse', rr.EventsResponse, core.EventsResponse, () => ({
    events: list(randomHubEvent),
    nextPageToken: optional(() => bytes()),
  })),
  // Core does not export the blocks.proto types; this response reaches all of them but Block.
  wireCase('ShardChunksResponse', rr.ShardChunksResponse, core.ShardChunksResponse, () => ({
    shardChunks: list(randomShardChunk, 2),
  })),
  wireCase(
    'SubmitBulkMessagesResponse',
    rr.SubmitBulkMessagesResponse,
    core.SubmitBulkMessagesResponse,
    () => ({
      messages: list(() =>
        chance()
          ? { message: anyMessage() }
          : { messageError: { hash: bytes(20), errCode: 'bad_request', message: text() } },
      ),
    }),
  ),
];

// Hubble's sync messages, compared on the wire with hub-nodejs 0.11's core: its bundle renames local
// variables, so its source does not compare token for token.
const HUBBLE_SYNC_MESSAGES = new Set([
  'TrieNodePrefix',
  'SyncIds',
  'TrieNodeSnapshotResponse',
  'SyncStatusRequest',
  'SyncStatus',
  'SyncStatusResponse',
  'ContactInfoResponse',
]);
const address = () => ({ address: text(), family: int(0, 10), port: int(0, 65_535), dnsName: text() });
const hubbleSyncCases = [
  wireCase('TrieNodePrefix', rr.TrieNodePrefix, hubbleCore.TrieNodePrefix, () => ({ prefix: bytes() })),
  wireCase('SyncIds', rr.SyncIds, hubbleCore.SyncIds, () => ({ syncIds: list(() => bytes(36), 4) })),
  wireCase(
    'TrieNodeSnapshotResponse',
    rr.TrieNodeSnapshotResponse,
    hubbleCore.TrieNodeSnapshotResponse,
    () => ({ prefix: bytes(10), excludedHashes: list(text, 11), numMessages: u64(), rootHash: text() }),
  ),
  wireCase('SyncStatusRequest', rr.SyncStatusRequest, hubbleCore.SyncStatusRequest, () => ({
    peerId: optional(text),
  })),
  wireCase('SyncStatusResponse', rr.SyncStatusResponse, hubbleCore.SyncStatusResponse, () => ({
    isSyncing: chance(),
    syncStatus: list(() => ({
      peerId: text(),
      inSync: pick(['true', 'false', 'unknown', 'blocked']),
      shouldSync: chance(),
      divergencePrefix: text(),
      divergenceSecondsAgo: int(-1000, 1000),
      theirMessages: u64(),
      ourMessages: u64(),
      lastBadSync: int(-(2 ** 40), 2 ** 40),
      score: int(-1000, 1000),
    })),
    engineStarted: chance(),
  })),
  wireCase('ContactInfoResponse', rr.ContactInfoResponse, hubbleCore.ContactInfoResponse, () => ({
    contacts: list(() => ({
      gossipAddress: optional(address),
      rpcAddress: optional(address),
      excludedHashes: list(text),
      count: u32(),
      hubVersion: text(),
      network: int(0, 3),
      appVersion: text(),
      timestamp: u64(),
    })),
  })),
];

// --- generated source compared with core's, type by type --------------------------------------------

type Exports = Record<string, unknown>;
interface GeneratedCodec {
  encode: object;
  decode: object;
  toJSON: object;
  fromJSON: object;
  create(): object;
}

const isCodec = (value: unknown): value is GeneratedCodec =>
  typeof value === 'object' && value !== null && 'encode' in value && 'create' in value;

/** Tokens of a generated method that fix its wire behaviour, independent of how it was compiled. */
function tokens(method: object, pattern: RegExp, unique = false): string[] {
  const source = String(method).replace(/\s+/g, '').replaceAll('?.', '.');
  const found = [...source.matchAll(pattern)].map((match) => match.slice(1).join(''));
  return unique ? [...new Set(found)] : found;
}

function shapeOf(codec: GeneratedCodec) {
  return {
    // tag literals and writer calls in the order they are emitted
    encode: tokens(
      codec.encode,
      /\.(u?int32|u?int64|sint\d\d|s?fixed\d\d|bool|string|bytes|fork|ldelim)\(([\w.]*)\)/g,
    ),
    decode: tokens(codec.decode, /tag!=(\d+)|reader\.(\w+)\(/g),
    toJSON: tokens(codec.toJSON, /obj\.(\w+)=/g),
    fromJSON: tokens(codec.fromJSON, /object\.(\w+)/g, true),
    fields: Object.keys(codec.create()),
  };
}

/** What a generated enum mapping function returns for `value`, or that it threw. */
function outcome(mapping: unknown, value: unknown): { returned: unknown } | { threw: true } {
  try {
    return { returned: (mapping as (value: unknown) => unknown)(value) };
  } catch {
    return { threw: true };
  }
}

// Core re-exports request_response's Signer as SignerInfo (Signer is its signer interface there).
const coreName = (name: string): string => (name === 'Signer' ? 'SignerInfo' : name);

// --- tests ------------------------------------------------------------------------------------------

describe('generated wire code', () => {
  it('is up to date with proto/ (scripts/proto.mjs --check)', () => {
    const script = fileURLToPath(new URL('../../scripts/proto.mjs', import.meta.url));
    const run = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
  });

  it('has the same encoders, decoders, JSON mapping and enums as @farcaster/core', () => {
    const coreExports: Exports = core;
    const modules: Exports[] = [message, usernameProof, onchainEvent, hubEvent, requestResponse];
    let compared = 0;
    for (const module of modules) {
      for (const [name, ours] of Object.entries(module)) {
        if (HUBBLE_SYNC_MESSAGES.has(name)) continue;
        const theirs = coreExports[coreName(name)];
        assert.ok(theirs !== undefined, `@farcaster/core has no ${coreName(name)}`);
        if (isCodec(ours)) {
          assert.ok(isCodec(theirs), `${name} is not a codec in core`);
          assert.deepEqual(shapeOf(ours), shapeOf(theirs), `${name} differs from core`);
        } else if (typeof ours === 'function') {
          assert.ok(typeof theirs === 'function', `${name} is not a function in core`);
          // xxxToJSON / xxxFromJSON: same answers for every value of the enum, and both reject others.
          const enumValues = Object.values(
            coreExports[name.replace(/(To|From)JSON$/, '').replace(/^./, (c) => c.toUpperCase())] as object,
          );
          for (const value of [...enumValues, 999, 'NOT_A_VALUE']) {
            assert.deepEqual(outcome(ours, value), outcome(theirs, value), `${name}(${String(value)})`);
          }
        } else {
          assert.deepEqual(ours, theirs, `enum ${name} differs from core`);
        }
        compared++;
      }
    }
    assert.ok(compared > 100, `only ${compared} exports compared`);
  });

  it('matches the golden vectors of the reference', async () => {
    const data = message.MessageData.fromPartial({
      type: message.MessageType.CAST_ADD,
      fid: 2,
      timestamp: 100_000_000,
      network: message.FarcasterNetwork.MAINNET,
      castAddBody: { text: 'hi' },
    });
    assert.equal(
      hex(message.MessageData.encode(data).finish()),
      '080110021880c2d72f20012a081200220268692a00',
    );

    // Built and signed by core; decoded and rendered by ours. parent_url (7) is written before text (4).
    const signer = new core.NobleEd25519Signer(new Uint8Array(32).fill(1));
    const body = {
      text: 'hello @',
      mentions: [3],
      mentionsPositions: [6],
      embeds: [{ url: 'https://example.com' }],
      embedsDeprecated: [],
      parentUrl: 'https://x.org',
      type: core.CastType.CAST,
    };
    const options = { fid: 2, network: core.FarcasterNetwork.MAINNET, timestamp: 100_000_000 };
    const built = (await core.makeCastAdd(body, options, signer))._unsafeUnwrap();
    const decoded = message.Message.decode(core.Message.encode(built).finish());
    assert.ok(decoded.data && built.dataBytes);
    assert.equal(hex(message.MessageData.encode(decoded.data).finish()), hex(built.dataBytes));
    const json = message.Message.toJSON(decoded);
    // The reference gives the signature only shortened, so it is left out of the comparison.
    assert.deepEqual(
      { ...(json as object), signature: undefined },
      {
        data: {
          type: 'MESSAGE_TYPE_CAST_ADD',
          fid: 2,
          timestamp: 100_000_000,
          network: 'FARCASTER_NETWORK_MAINNET',
          castAddBody: {
            embedsDeprecated: [],
            mentions: [3],
            parentUrl: 'https://x.org',
            text: 'hello @',
            mentionsPositions: [6],
            embeds: [{ url: 'https://example.com' }],
            type: 'CAST',
          },
        },
        hash: 'LzCnEbwQ9rNAJQsPl6woU1NJFIA=',
        hashScheme: 'HASH_SCHEME_BLAKE3',
        signature: undefined,
        signatureScheme: 'SIGNATURE_SCHEME_ED25519',
        signer: 'iojj3XQJ8ZX9UtstPLpdcspnCb8dlBIb83SIAbQPb1w=',
        dataBytes: 'CAEQAhiAwtcvIAEqNRIBAzoNaHR0cHM6Ly94Lm9yZyIHaGVsbG8gQCoBBjIVChNodHRwczovL2V4YW1wbGUuY29t',
      },
    );
  });

  it('encodes every message body type like core', () => {
    faker.seed(SEED);
    for (const [name, factory] of messageFactories) {
      for (let i = 0; i < PER_TYPE; i++) {
        assertSameWire(`${name}Message`, message.Message, core.Message, randomMessage(factory));
      }
    }
  });

  it('encodes on-chain events, username proofs and hub events like core', () => {
    faker.seed(SEED + 1);
    for (let i = 0; i < PER_TYPE; i++) {
      assertSameWire('OnChainEvent', onchainEvent.OnChainEvent, core.OnChainEvent, randomOnChainEvent());
      assertSameWire('UserNameProof', usernameProof.UserNameProof, core.UserNameProof, randomUserNameProof());
      assertSameWire('HubEvent', hubEvent.HubEvent, core.HubEvent, randomHubEvent());
    }
  });

  it('encodes request and response messages like core', () => {
    faker.seed(SEED + 2);
    for (const check of requestResponseCases) {
      for (let i = 0; i < 40; i++) check();
    }
  });

  it("encodes Hubble's sync messages like hub-nodejs 0.11's core", () => {
    faker.seed(SEED + 3);
    for (const check of hubbleSyncCases) {
      for (let i = 0; i < 40; i++) check();
    }
  });

  it('writes empty packed lists the way ts-proto does', () => {
    const request = rr.SubscribeRequest.create({ eventTypes: [] });
    assert.equal(hex(rr.SubscribeRequest.encode(request).finish()), '0a00');
  });

  // Types @farcaster/core does not export: check field numbers and wire types against the reference.
  it('numbers the fields of blocks and admin types as the reference says', () => {
    const fieldsOf = <T>(codec: { encode(value: T): { finish(): Uint8Array } }, value: T): string => {
      const reader = _m0.Reader.create(codec.encode(value).finish());
      const found: string[] = [];
      while (reader.pos < reader.len) {
        const tag = reader.uint32();
        found.push(`${tag >>> 3}:${tag & 7}`);
        reader.skipType(tag & 7);
      }
      return found.join(' ');
    };
    faker.seed(SEED + 3);
    const height = { shardIndex: 1, blockNumber: 2 };
    const header = blocks.BlockHeader.fromPartial({
      height,
      timestamp: 3,
      version: 4,
      chainId: message.FarcasterNetwork.DEVNET,
      shardWitnessesHash: bytes(32),
      parentHash: bytes(32),
      stateRoot: bytes(32),
      eventsHash: bytes(32),
    });
    const witness = { height, shardRoot: bytes(32), shardHash: bytes(32) };
    const block = blocks.Block.fromPartial({
      header,
      hash: bytes(32),
      shardWitness: { shardChunkWitnesses: [witness] },
      commits: randomShardChunk().commits,
      transactions: [{ fid: 1 }],
      events: [{ hash: bytes(32) }],
    });
    assert.equal(fieldsOf(blocks.Block, block), '1:2 2:2 3:2 4:2 5:2 6:2');
    const decoded = blocks.Block.decode(blocks.Block.encode(block).finish());
    assert.deepEqual(blocks.Block.toJSON(decoded), blocks.Block.toJSON(block));
    assert.equal(fieldsOf(blocks.BlockHeader, header), '1:2 2:0 3:0 4:0 5:2 6:2 7:2 8:2');
    assert.equal(fieldsOf(blocks.ShardWitness, { shardChunkWitnesses: [witness] }), '1:2');
    assert.equal(fieldsOf(blocks.ShardChunkWitness, witness), '1:2 2:2 3:2');

    const range = { startBlockNumber: 1, stopBlockNumber: 2 };
    assert.equal(fieldsOf(adminRpc.Empty, {}), '');
    assert.equal(fieldsOf(adminRpc.UploadSnapshotRequest, { shardIndexes: [1] }), '1:2');
    assert.equal(fieldsOf(adminRpc.RetryBlockNumberRange, range), '1:0 2:0');
    assert.equal(fieldsOf(adminRpc.RetryOnchainEventsRequest, { fid: 5 }), '1:0');
    assert.equal(fieldsOf(adminRpc.RetryOnchainEventsRequest, { blockRange: range }), '2:2');
    assert.equal(fieldsOf(adminRpc.RetryFnameRequest, { fid: 5 }), '1:0');
    assert.equal(fieldsOf(adminRpc.RetryFnameRequest, { fname: 'alice' }), '2:2');
    assert.equal(fieldsOf(adminRpc.RunOnchainEventsMigrationRequest, { shardId: 1 }), '1:0');
  });
});
