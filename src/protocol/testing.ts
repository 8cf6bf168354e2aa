/**
 * Seeded random values of every wire type, for the wire compatibility test (wire-compat.test.ts): messages
 * from @farcaster/core's factories with their bodies varied, on-chain events, username proofs, hub events,
 * and the parts of request and response messages. `faker.seed` makes a run repeatable.
 */
import assert from 'node:assert/strict';
import { faker } from '@faker-js/faker';
import * as core from '@farcaster/core';
import type * as blocks from './gen/blocks.js';
import type * as requestResponse from './gen/request_response.js';

// --- seeded random values -------------------------------------------------------------------------

export const int = (min: number, max: number): number => faker.datatype.number({ min, max });
export const u32 = (): number => int(0, 2 ** 32 - 1);
export const u64 = (): number =>
  faker.helpers.arrayElement([0, int(1, 1000), int(0, Number.MAX_SAFE_INTEGER)]);
export const chance = (): boolean => faker.datatype.boolean();
export const pick = <T>(values: readonly T[]): T => faker.helpers.arrayElement([...values]);
export const bytes = (length = int(0, 40)): Uint8Array => Uint8Array.from({ length }, () => int(0, 255));
export const text = (): string =>
  faker.helpers.arrayElement(['', faker.lorem.words(int(1, 6)), 'héllo 🌍 wörld']);
export const url = (): string => faker.internet.url();
export const list = <T>(make: () => T, max = 3): T[] => Array.from({ length: int(0, max) }, make);
export const optional = <T>(make: () => T): T | undefined => (chance() ? make() : undefined);
export const hubEventTypes = Object.values(core.HubEventType).filter((v) => typeof v === 'number');
export const castId = (): core.CastId => ({ fid: u64(), hash: bytes(20) });

// --- randomized messages built from core's factories ----------------------------------------------

export const messageFactories: ReadonlyArray<[string, { build(): core.Message }]> = [
  ['CastAdd', core.Factories.CastAddMessage],
  ['CastRemove', core.Factories.CastRemoveMessage],
  ['ReactionAdd', core.Factories.ReactionAddMessage],
  ['ReactionRemove', core.Factories.ReactionRemoveMessage],
  ['LinkAdd', core.Factories.LinkAddMessage],
  ['LinkRemove', core.Factories.LinkRemoveMessage],
  ['LinkCompactState', core.Factories.LinkCompactStateMessage],
  ['VerificationAddEthAddress', core.Factories.VerificationAddEthAddressMessage],
  ['VerificationAddSolAddress', core.Factories.VerificationAddSolAddressMessage],
  ['VerificationRemove', core.Factories.VerificationRemoveMessage],
  ['UserDataAdd', core.Factories.UserDataAddMessage],
  ['UsernameProof', core.Factories.UsernameProofMessage],
  ['FrameAction', core.Factories.FrameActionMessage],
  ['LendStorage', core.Factories.LendStorageMessage],
  ['KeyAdd', core.Factories.KeyAddMessage],
  ['KeyRemove', core.Factories.KeyRemoveMessage],
];

/** Varies the fields core's factories leave at one shape (oneof choices, defaults, empty lists). */
export function varyBody(data: core.MessageData): void {
  const cast = data.castAddBody;
  if (cast) {
    const parent = pick(['castId', 'url', 'none'] as const);
    cast.parentCastId = parent === 'castId' ? castId() : undefined;
    cast.parentUrl = parent === 'url' ? url() : undefined;
    cast.type = pick([core.CastType.CAST, core.CastType.LONG_CAST, core.CastType.TEN_K_CAST]);
    cast.embeds = list(() => (chance() ? { url: url() } : { castId: castId() }), 4);
    cast.embedsDeprecated = list(url, 2);
    if (chance()) {
      cast.mentions = [];
      cast.mentionsPositions = [];
    }
  }
  const reaction = data.reactionBody;
  if (reaction && chance()) {
    reaction.targetCastId = undefined;
    reaction.targetUrl = url();
  }
  if (data.linkBody) {
    data.linkBody.displayTimestamp = optional(u32);
    data.linkBody.targetFid = optional(u64);
  }
  const verification = data.verificationAddAddressBody;
  if (verification) {
    verification.claimSignature = bytes(65);
    verification.verificationType = int(0, 1);
    verification.chainId = pick([0, 1, 10]);
  }
  const frame = data.frameActionBody;
  if (frame) {
    frame.inputText = bytes();
    frame.state = bytes();
    frame.transactionId = bytes();
    frame.address = bytes(20);
    frame.castId = optional(castId);
  }
  if (data.keyAddBody) {
    data.keyAddBody.registrationTxHash = chance() ? bytes(32) : new Uint8Array();
    data.keyAddBody.scopes = list(() => int(1, 17), 16);
  }
  if (data.keyRemoveBody) data.keyRemoveBody.signatureType = int(1, 2);
  if (data.lendStorageBody) data.lendStorageBody.unitType = int(0, 2);
  if (data.userDataBody) data.userDataBody.type = pick([1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
}

export function randomMessage(factory: { build(): core.Message }): core.Message {
  const built = factory.build();
  const data = built.data;
  assert.ok(data, 'factories always set data');
  data.fid = u64();
  data.timestamp = u32();
  data.network = int(0, 3);
  varyBody(data);
  built.hash = bytes(20);
  built.signature = bytes(64);
  built.signer = bytes(32);
  built.hashScheme = core.HashScheme.BLAKE3;
  built.signatureScheme = pick([core.SignatureScheme.ED25519, core.SignatureScheme.EIP712]);
  // Current clients also send the hashed bytes; older ones and core's factories leave them out.
  built.dataBytes = chance() ? core.MessageData.encode(data).finish() : undefined;
  return built;
}

export const anyMessage = (): core.Message => randomMessage(pick(messageFactories)[1]);

// --- randomized on-chain events, username proofs and hub events -----------------------------------

export function randomOnChainEvent(): core.OnChainEvent {
  const event = pick([
    () => core.Factories.SignerOnChainEvent.build(),
    () => core.Factories.IdRegistryOnChainEvent.build(),
    () => core.Factories.SignerMigratedOnChainEvent.build(),
    () => core.Factories.StorageRentOnChainEvent.build(),
    () =>
      core.Factories.OnChainEvent.build({
        type: core.OnChainEventType.EVENT_TYPE_TIER_PURCHASE,
        tierPurchaseEventBody: { tierType: int(0, 1), forDays: u64(), payer: bytes(20) },
      }),
  ])();
  event.chainId = pick([0, 10, u32()]);
  event.blockTimestamp = u64();
  event.txIndex = pick([0, u32()]);
  event.version = int(0, 3);
  const signerBody = event.signerEventBody;
  if (signerBody) {
    signerBody.eventType = int(0, 3);
    signerBody.metadata = bytes();
  }
  const idBody = event.idRegisterEventBody;
  if (idBody) {
    idBody.to = bytes(20);
    idBody.eventType = int(0, 3);
    idBody.recoveryAddress = chance() ? bytes(20) : new Uint8Array();
  }
  return event;
}

export function randomUserNameProof(): core.UserNameProof {
  const proof = core.Factories.UserNameProof.build();
  proof.timestamp = u64();
  proof.type = int(0, 3);
  return proof;
}

export function randomHubEvent(): core.HubEvent {
  const event = core.HubEvent.create({
    id: u64(),
    blockNumber: u64(),
    shardIndex: int(0, 3),
    timestamp: u64(),
  });
  switch (int(0, 6)) {
    case 0:
      event.type = core.HubEventType.MERGE_MESSAGE;
      event.mergeMessageBody = { message: anyMessage(), deletedMessages: list(anyMessage, 2) };
      break;
    case 1:
      event.type = core.HubEventType.PRUNE_MESSAGE;
      event.pruneMessageBody = { message: anyMessage() };
      break;
    case 2:
      event.type = core.HubEventType.REVOKE_MESSAGE;
      event.revokeMessageBody = { message: anyMessage() };
      break;
    case 3:
      event.type = core.HubEventType.MERGE_USERNAME_PROOF;
      event.mergeUsernameProofBody = {
        usernameProof: optional(randomUserNameProof),
        deletedUsernameProof: optional(randomUserNameProof),
        usernameProofMessage: optional(anyMessage),
        deletedUsernameProofMessage: optional(anyMessage),
      };
      break;
    case 4:
      event.type = core.HubEventType.MERGE_ON_CHAIN_EVENT;
      event.mergeOnChainEventBody = { onChainEvent: randomOnChainEvent() };
      break;
    case 5:
      event.type = core.HubEventType.MERGE_FAILURE;
      event.mergeFailure = {
        message: anyMessage(),
        code: pick(['', 'bad_request.duplicate']),
        reason: text(),
      };
      break;
    default:
      event.type = core.HubEventType.BLOCK_CONFIRMED;
      event.blockConfirmedBody = {
        blockNumber: u64(),
        shardIndex: int(0, 3),
        timestamp: u64(),
        blockHash: bytes(32),
        totalEvents: u64(),
        eventCountsByType: Object.fromEntries(list(() => [pick(hubEventTypes), u64()], 4)),
        maxBlockEventSeqnum: u64(),
      };
  }
  return event;
}

// --- request and response messages (the ones with oneofs, maps, gaps or nesting; the structure test
// below covers the rest) ---------------------------------------------------------------------------

export const page = () => ({
  pageSize: optional(u32),
  pageToken: optional(() => bytes()),
  reverse: optional(chance),
});

export function randomSigner(): core.SignerInfo {
  return {
    source: int(0, 2),
    key: bytes(32),
    keyType: 1,
    fid: u64(),
    addedAt: optional(u64),
    lastUsedAt: optional(u64),
    ttl: optional(u32),
    expiresAt: optional(u64),
    scopes: list(() => int(1, 17), 5),
    requestFid: optional(u64),
    nonce: optional(u32),
    onchainEvent: optional(randomOnChainEvent),
  };
}

export function randomShardChunk(): requestResponse.ShardChunksResponse['shardChunks'][number] {
  const height = () => ({ shardIndex: int(0, 3), blockNumber: u64() });
  const blockEvent = (): blocks.BlockEvent => ({
    hash: bytes(32),
    data: {
      seqnum: u64(),
      type: int(0, 1),
      blockNumber: u64(),
      eventIndex: u64(),
      blockTimestamp: u64(),
      ...(chance() ? { heartbeatEventBody: {} } : { mergeMessageEventBody: { message: anyMessage() } }),
    },
  });
  const systemMessage = (): blocks.ValidatorMessage => ({
    onChainEvent: optional(randomOnChainEvent),
    fnameTransfer: optional(() => ({ id: u64(), fromFid: u64(), proof: randomUserNameProof() })),
    blockEvent: optional(blockEvent),
  });
  return {
    header: { height: height(), timestamp: u64(), parentHash: bytes(32), shardRoot: bytes(32) },
    hash: bytes(32),
    transactions: list(() => ({
      fid: u64(),
      userMessages: list(anyMessage, 2),
      systemMessages: list(systemMessage, 2),
      accountRoot: bytes(32),
    })),
    commits: {
      height: height(),
      round: int(-2, 1000),
      value: { shardIndex: int(0, 3), hash: bytes(32) },
      signatures: list(() => ({ signer: bytes(32), signature: bytes(64) })),
    },
  };
}
