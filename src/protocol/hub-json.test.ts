import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bytesToBase58,
  Factories,
  Message as CoreMessage,
  OnChainEvent as CoreOnChainEvent,
} from '@farcaster/core';
import { HubEvent, HubEventType } from './gen/hub_event.js';
import { Message, Protocol } from './gen/message.js';
import { OnChainEvent } from './gen/onchain_event.js';
import { StorageLimitsResponse, StoreType } from './gen/request_response.js';
import { toHubJson } from './hub-json.js';

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString('hex')}`;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
/** Our decode of core's bytes, so the test also proves our ts-proto JSON equals core's. */
const ours = (core: Parameters<typeof CoreMessage.encode>[0]) =>
  Message.decode(CoreMessage.encode(core).finish());
type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('hub JSON', () => {
  it('renders a cast like the reference: hashes hex, signature and dataBytes base64', async () => {
    const core = await Factories.CastAddMessage.create({
      data: {
        castAddBody: { parentCastId: Factories.CastId.build(), embeds: [{ url: 'https://agora.example/a' }] },
      },
    });
    const json = toHubJson(Message, ours(core)) as Obj;
    const expected = structuredClone(CoreMessage.toJSON(core)) as Obj;
    expected.hash = hex(core.hash);
    expected.signer = hex(core.signer);
    expected.data.castAddBody.parentCastId.hash = hex(core.data!.castAddBody!.parentCastId!.hash);
    assert.deepEqual(json, expected);
    assert.equal(json.signature, b64(core.signature));
    assert.equal(json.hashScheme, 'HASH_SCHEME_BLAKE3');
  });

  it('keeps castRemoveBody.targetHash in base64', async () => {
    const core = await Factories.CastRemoveMessage.create();
    const json = toHubJson(Message, ours(core)) as Obj;
    assert.equal(json.data.castRemoveBody.targetHash, b64(core.data!.castRemoveBody!.targetHash));
  });

  it('renders Ethereum verifications in hex with the compatibility copies', async () => {
    const core = await Factories.VerificationAddEthAddressMessage.create();
    const body = core.data!.verificationAddAddressBody!;
    const json = toHubJson(Message, ours(core)) as Obj;
    const rendered = json.data.verificationAddAddressBody;
    assert.equal(rendered.address, hex(body.address));
    assert.equal(rendered.blockHash, hex(body.blockHash));
    assert.equal(rendered.claimSignature, b64(body.claimSignature));
    assert.equal(rendered.ethSignature, rendered.claimSignature);
    assert.deepEqual(json.data.verificationAddEthAddressBody, rendered);
  });

  it('renders Solana addresses and block hashes in base58', async () => {
    const core = await Factories.VerificationAddSolAddressMessage.create();
    const body = core.data!.verificationAddAddressBody!;
    assert.equal(body.protocol, Protocol.SOLANA);
    const rendered = (toHubJson(Message, ours(core)) as Obj).data.verificationAddAddressBody;
    assert.equal(rendered.address, bytesToBase58(body.address)._unsafeUnwrap());
    assert.equal(rendered.blockHash, bytesToBase58(body.blockHash)._unsafeUnwrap());
  });

  it('renders username proofs with a text name and a hex owner', async () => {
    const core = await Factories.UsernameProofMessage.create();
    const proof = core.data!.usernameProofBody!;
    const rendered = (toHubJson(Message, ours(core)) as Obj).data.usernameProofBody;
    assert.equal(rendered.name, Buffer.from(proof.name).toString('utf8'));
    assert.equal(rendered.owner, hex(proof.owner));
    assert.equal(rendered.signature, b64(proof.signature));
  });

  it('renders on-chain signer events: key and transactionHash hex, metadata base64', () => {
    const core = Factories.OnChainEvent.build({ signerEventBody: Factories.SignerEventBody.build() });
    const event = OnChainEvent.decode(CoreOnChainEvent.encode(core).finish());
    const json = toHubJson(OnChainEvent, event) as Obj;
    assert.equal(json.transactionHash, hex(core.transactionHash));
    assert.equal(json.blockHash, hex(core.blockHash));
    assert.equal(json.signerEventBody.key, hex(core.signerEventBody!.key));
    assert.equal(json.signerEventBody.metadata, b64(core.signerEventBody!.metadata));
  });

  it('renders an empty IdRegister "from" and recovery address as 0x (spec §2.19)', () => {
    const event = OnChainEvent.fromPartial({
      idRegisterEventBody: {
        to: new Uint8Array(20).fill(0xab),
        from: new Uint8Array(),
        recoveryAddress: new Uint8Array(),
      },
    });
    const json = toHubJson(OnChainEvent, event) as Obj;
    assert.equal(json.idRegisterEventBody.to, `0x${'ab'.repeat(20)}`);
    assert.equal(json.idRegisterEventBody.from, '0x');
    assert.equal(json.idRegisterEventBody.recoveryAddress, '0x');
  });

  it('renders events containing messages, and storage limit names stay readable', async () => {
    const message = ours(await Factories.ReactionAddMessage.create());
    const event = HubEvent.fromPartial({
      type: HubEventType.MERGE_MESSAGE,
      id: 123,
      mergeMessageBody: { message, deletedMessages: [] },
    });
    const json = toHubJson(HubEvent, event) as Obj;
    assert.equal(json.mergeMessageBody.message.hash, hex(message.hash));
    assert.equal(json.type, 'HUB_EVENT_TYPE_MERGE_MESSAGE');
    assert.deepEqual(json, JSON.parse(JSON.stringify(json)));

    const limits = StorageLimitsResponse.fromPartial({
      limits: [
        {
          storeType: StoreType.CASTS,
          name: 'CASTS',
          limit: 4000,
          used: 3,
          earliestHash: new Uint8Array([1]),
        },
      ],
    });
    const rendered = (toHubJson(StorageLimitsResponse, limits) as Obj).limits[0];
    assert.equal(rendered.name, 'CASTS');
    assert.equal(rendered.earliestHash, 'AQ==');
  });

  it('agrees with core JSON, leaf by leaf, for hundreds of random messages', async () => {
    const factories = [
      Factories.CastAddMessage,
      Factories.ReactionAddMessage,
      Factories.LinkAddMessage,
      Factories.UserDataAddMessage,
      Factories.VerificationAddEthAddressMessage,
      Factories.VerificationRemoveMessage,
    ];
    for (let i = 0; i < 300; i++) {
      const core = await factories[i % factories.length]!.create();
      assertRewritten(CoreMessage.toJSON(core), toHubJson(Message, ours(core)));
    }
  });
});

/** Each leaf of core's JSON is either unchanged or turned into 0x hex, per node-api.md §2.2. */
function assertRewritten(core: unknown, rendered: unknown, key = ''): void {
  if (typeof core === 'object' && core !== null) {
    for (const [innerKey, inner] of Object.entries(core)) {
      assertRewritten(inner, (rendered as Obj)[innerKey], innerKey);
    }
    if ('claimSignature' in core)
      assert.equal((rendered as Obj).ethSignature, (rendered as Obj).claimSignature);
    return;
  }
  const hexKeys = ['hash', 'signer', 'address', 'blockHash', 'key', 'owner', 'to', 'from', 'transactionHash'];
  const expected = hexKeys.includes(key) && core !== '' ? hex(Buffer.from(core as string, 'base64')) : core;
  assert.equal(rendered, expected, `field ${key}`);
}
