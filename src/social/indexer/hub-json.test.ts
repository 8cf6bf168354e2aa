import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeAbiParameters, getAddress } from 'viem';
import { bytesToBase58 } from '../../protocol/base58.js';
import { makeMessage } from '../../protocol/builder.js';
import { createEd25519Signer } from '../../protocol/ed25519.js';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import {
  FarcasterNetwork,
  MessageData,
  MessageType,
  Protocol,
  UserDataType,
  type Message,
} from '../../protocol/gen/message.js';
import { OnChainEventType, SignerEventType } from '../../protocol/gen/onchain_event.js';
import { toHubJson } from '../../protocol/hub-json.js';
import { bytesToHex } from '../../protocol/hex.js';
import { fromFarcasterTime, makeEventId } from '../../protocol/time.js';
import {
  changesOf,
  hubEventChanges,
  MalformedHubJson,
  onChainEventChanges,
  requestFidOf,
  type IndexChange,
} from './hub-json.js';

/** Events built with the generated codecs and rendered as the node renders them. */
const signer = createEd25519Signer(new Uint8Array(32).fill(4));
const FID = 42;
const TIME = 130_000_000;
const unix = (farcaster: number) => fromFarcasterTime(farcaster) / 1000;
const EVENT_ID = makeEventId(Date.UTC(2025, 0, 1), 3);

function message(fields: Partial<MessageData> & Pick<MessageData, 'type'>, time = TIME): Message {
  return makeMessage(
    MessageData.fromPartial({ fid: FID, timestamp: time, network: FarcasterNetwork.MAINNET, ...fields }),
    signer,
  );
}

// Partial events: fromPartial fills in every other field with its default.
const rendered = (event: object) =>
  toHubJson(HubEvent, HubEvent.fromPartial({ id: EVENT_ID, ...event } as HubEvent));

const castAdd = (parent: Partial<NonNullable<MessageData['castAddBody']>> = {}) =>
  message({
    type: MessageType.CAST_ADD,
    castAddBody: {
      text: 'hi',
      embeds: [],
      mentions: [],
      mentionsPositions: [],
      embedsDeprecated: [],
      type: 0,
      ...parent,
    },
  });

const userData = (value: string, time: number) =>
  message({ type: MessageType.USER_DATA_ADD, userDataBody: { type: UserDataType.BIO, value } }, time);

const verification = (protocol: Protocol, address: Uint8Array) =>
  message({
    type: MessageType.VERIFICATION_ADD_ETH_ADDRESS,
    verificationAddAddressBody: {
      address,
      claimSignature: new Uint8Array(65),
      blockHash: new Uint8Array(32),
      verificationType: 0,
      chainId: 0,
      protocol,
    },
  });

describe('hub JSON to index changes', () => {
  it('reads a cast with its parent and content, and a reply with its parent cast', () => {
    const root = castAdd({ parentUrl: 'https://example.com/c' });
    const reply = castAdd({
      parentCastId: { fid: 7, hash: root.hash },
      text: 'hi  and',
      mentions: [3, 5],
      mentionsPositions: [3, 7],
      embeds: [{ url: 'https://example.com/a.png' }, { castId: { fid: 7, hash: root.hash } }],
    });
    const changes = [root, reply].flatMap((cast) =>
      hubEventChanges(
        rendered({
          type: HubEventType.MERGE_MESSAGE,
          mergeMessageBody: { message: cast, deletedMessages: [] },
        }),
      ),
    );
    assert.deepEqual(changes, [
      {
        kind: 'cast',
        cast: {
          hash: root.hash,
          fid: FID,
          timestamp: unix(TIME),
          parentUrl: 'https://example.com/c',
          parentHash: null,
          parentFid: null,
          content: { text: 'hi', embeds: [], mentions: [], mentionsPositions: [] },
        },
      },
      {
        kind: 'cast',
        cast: {
          hash: reply.hash,
          fid: FID,
          timestamp: unix(TIME),
          parentUrl: null,
          parentHash: root.hash,
          parentFid: 7,
          content: {
            text: 'hi  and',
            embeds: [
              { url: 'https://example.com/a.png' },
              { castId: { fid: 7, hash: bytesToHex(root.hash) } },
            ],
            mentions: [3, 5],
            mentionsPositions: [3, 7],
          },
        },
      },
    ]);
  });

  it('reads the bare urls of old casts, and leaves out embeds of a kind it does not know', () => {
    const old = castAdd({ embedsDeprecated: ['https://example.com/old'] });
    const event = rendered({
      type: HubEventType.MERGE_MESSAGE,
      mergeMessageBody: { message: old, deletedMessages: [] },
    }) as { mergeMessageBody: { message: { data: { castAddBody: { embeds: unknown[] } } } } };
    event.mergeMessageBody.message.data.castAddBody.embeds = [{ frame: { url: 'https://example.com/f' } }];
    const [change] = hubEventChanges(event);
    assert.deepEqual(change?.kind === 'cast' && change.cast.content?.embeds, [
      { url: 'https://example.com/old' },
    ]);
  });

  it('keeps no NUL: a parent url with one names no channel, user data loses it', () => {
    const merged = (message: Message) =>
      hubEventChanges(
        rendered({ type: HubEventType.MERGE_MESSAGE, mergeMessageBody: { message, deletedMessages: [] } }),
      );
    const [cast] = merged(castAdd({ parentUrl: 'https://example.com/c\u0000' }));
    assert.equal(cast?.kind === 'cast' && cast.cast.parentUrl, null);
    const [bio] = merged(userData('a\u0000b', TIME));
    assert.equal(bio?.kind === 'userData' && bio.value, 'ab');
  });

  it('undoes the messages a merge replaced before applying the merged one', () => {
    const cast = castAdd();
    const remove = message(
      { type: MessageType.CAST_REMOVE, castRemoveBody: { targetHash: cast.hash } },
      TIME + 5,
    );
    assert.deepEqual(
      hubEventChanges(
        rendered({
          type: HubEventType.MERGE_MESSAGE,
          mergeMessageBody: { message: remove, deletedMessages: [cast] },
        }),
      ),
      [
        { kind: 'castRemoved', hash: cast.hash, at: unix(TIME + 5) },
        { kind: 'castRemoved', hash: cast.hash, at: unix(TIME + 5) },
      ],
    );
    const older = userData('old', TIME);
    const newer = userData('new', TIME + 1);
    assert.deepEqual(
      hubEventChanges(
        rendered({
          type: HubEventType.MERGE_MESSAGE,
          mergeMessageBody: { message: newer, deletedMessages: [older] },
        }),
      ),
      [
        { kind: 'userData', fid: FID, type: UserDataType.BIO, value: '' },
        { kind: 'userData', fid: FID, type: UserDataType.BIO, value: 'new' },
      ],
    );
  });

  it('treats pruned and revoked messages as gone at the time of the event', () => {
    const at = Math.floor(Date.UTC(2025, 0, 1) / 1000);
    const cast = castAdd();
    const remove = message({ type: MessageType.CAST_REMOVE, castRemoveBody: { targetHash: cast.hash } });
    assert.deepEqual(
      hubEventChanges(rendered({ type: HubEventType.PRUNE_MESSAGE, pruneMessageBody: { message: cast } })),
      [{ kind: 'castRemoved', hash: cast.hash, at }],
    );
    assert.deepEqual(
      hubEventChanges(rendered({ type: HubEventType.PRUNE_MESSAGE, pruneMessageBody: { message: remove } })),
      [],
    );
    const solanaKey = new Uint8Array(32).fill(9);
    assert.deepEqual(
      hubEventChanges(
        rendered({
          type: HubEventType.REVOKE_MESSAGE,
          revokeMessageBody: { message: verification(Protocol.SOLANA, solanaKey) },
        }),
      ),
      [{ kind: 'verificationRemoved', fid: FID, protocol: 'solana', address: bytesToBase58(solanaKey) }],
    );
    assert.deepEqual(
      hubEventChanges(
        rendered({ type: HubEventType.REVOKE_MESSAGE, revokeMessageBody: { message: userData('x', TIME) } }),
      ),
      [{ kind: 'userData', fid: FID, type: UserDataType.BIO, value: '' }],
    );
  });

  it('checksums Ethereum addresses and reads verification removals', () => {
    const address = Uint8Array.from({ length: 20 }, (_, index) => 0xa0 + index);
    const checksummed = getAddress(`0x${Buffer.from(address).toString('hex')}`);
    const add = verification(Protocol.ETHEREUM, address);
    const remove = message({
      type: MessageType.VERIFICATION_REMOVE,
      verificationRemoveBody: { address, protocol: Protocol.ETHEREUM },
    });
    const merged = (m: Message) =>
      hubEventChanges(
        rendered({ type: HubEventType.MERGE_MESSAGE, mergeMessageBody: { message: m, deletedMessages: [] } }),
      );
    assert.deepEqual(merged(add), [
      { kind: 'verification', fid: FID, protocol: 'ethereum', address: checksummed, verifiedAt: unix(TIME) },
    ]);
    assert.deepEqual(merged(remove), [
      { kind: 'verificationRemoved', fid: FID, protocol: 'ethereum', address: checksummed },
    ]);
  });

  it('reads signer events: the app fid of a key request, removals and admin resets; other keys and events ignored', () => {
    const key = new Uint8Array(32).fill(5);
    const metadata = encodeAbiParameters(
      [
        {
          type: 'tuple',
          components: [{ type: 'uint256' }, { type: 'address' }, { type: 'bytes' }, { type: 'uint256' }],
        },
      ],
      [[77n, '0x00000000000000000000000000000000000000aa', '0x01', 9n]],
    );
    const signerEvent = (eventType: SignerEventType, keyType = 1) =>
      rendered({
        type: HubEventType.MERGE_ON_CHAIN_EVENT,
        mergeOnChainEventBody: {
          onChainEvent: {
            type: OnChainEventType.EVENT_TYPE_SIGNER,
            fid: FID,
            blockTimestamp: 1_700_000_000,
            signerEventBody: {
              key,
              keyType,
              eventType,
              metadata: Buffer.from(metadata.slice(2), 'hex'),
              metadataType: 1,
            },
          },
        },
      });
    assert.deepEqual(hubEventChanges(signerEvent(SignerEventType.ADD)), [
      { kind: 'signer', fid: FID, key, requestFid: 77, addedAt: 1_700_000_000 },
    ]);
    assert.deepEqual(hubEventChanges(signerEvent(SignerEventType.ADD, 2)), []);
    for (const type of [SignerEventType.REMOVE, SignerEventType.ADMIN_RESET]) {
      assert.deepEqual(hubEventChanges(signerEvent(type)), [{ kind: 'signerRemoved', fid: FID, key }]);
    }
    assert.equal(requestFidOf(new Uint8Array([1, 2, 3])), null);
    assert.deepEqual(onChainEventChanges({ type: 'EVENT_TYPE_STORAGE_RENT', fid: 1 }), []);
    assert.deepEqual(hubEventChanges({ type: 'HUB_EVENT_TYPE_MERGE_USERNAME_PROOF', id: 1 }), []);
  });

  it('skips user data types it does not know, and reports malformed items instead of failing the page', () => {
    const json = rendered({
      type: HubEventType.MERGE_MESSAGE,
      mergeMessageBody: { message: userData('x', TIME), deletedMessages: [] },
    }) as { mergeMessageBody: { message: { data: { userDataBody: { type: string } } } } };
    json.mergeMessageBody.message.data.userDataBody.type = 'USER_DATA_TYPE_FROM_THE_FUTURE';
    assert.deepEqual(hubEventChanges(json), []);

    const skipped: string[] = [];
    const good = rendered({ type: HubEventType.PRUNE_MESSAGE, pruneMessageBody: { message: castAdd() } });
    const changes: IndexChange[] = changesOf(
      [{ type: 'HUB_EVENT_TYPE_MERGE_MESSAGE', id: 5 }, { id: -1 }, good],
      hubEventChanges,
      (error) => skipped.push(error.message),
    );
    assert.equal(changes.length, 1);
    assert.deepEqual(skipped, [
      'mergeMessageBody is not an object',
      'event.id is not a non-negative integer',
    ]);
    assert.throws(() => hubEventChanges('nope'), MalformedHubJson);
  });
});
