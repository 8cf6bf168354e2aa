import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Message as CoreMessage } from '@farcaster/core';
import type * as HubRest from '@standard-crypto/farcaster-js-hub-rest';
import {
  CHANNEL,
  FNAME,
  FOLLOWED_FID,
  hex,
  VERIFIED,
  startJourneyNode,
  submitJourney,
} from './support/node-journey-setup.js';
import type { JourneyMessages, JourneyNode } from './support/node-journey-setup.js';

/**
 * A real hub REST client, @standard-crypto/farcaster-js-hub-rest (generated from the hub's OpenAPI
 * document), reading everything a user journey wrote to an Agora node. It is only used to read.
 */

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

describe('farcaster-js-hub-rest against an Agora node', () => {
  let journey: JourneyNode;
  let m: JourneyMessages;
  let client: HubRest.HubRestAPIClient;
  let fid: number;
  let hubRest: typeof HubRest;
  before(async () => {
    // The client bundles its own @farcaster/core and viem 1, seconds to load: load it while the chain
    // starts (the catch only keeps a failed load from being unhandled until it is awaited).
    const loading = import('@standard-crypto/farcaster-js-hub-rest');
    loading.catch(() => undefined);
    journey = await startJourneyNode('sqlite');
    hubRest = await loading;
    ({ messages: m } = await submitJourney(journey));
    client = new hubRest.HubRestAPIClient({ hubUrl: journey.url });
    fid = journey.fid;
  });
  after(async () => {
    await journey?.close();
  });

  it('reads the hub info and the fids', async () => {
    const info = await client.getHubInfo({ includeDbStats: true });
    assert.equal(info.nickname, 'agora');
    // The sync trie's items: 13 messages, the on-chain events, one fname proof.
    assert.equal(info.dbStats?.numMessages, 13 + (info.dbStats?.numFidEvents ?? 0) + 1);
    // listFids stops only on nextPageToken "", which a hub never sends for fids: take the first page.
    for await (const first of client.listFids()) {
      assert.equal(first, fid);
      break;
    }
  });

  it('reads casts by id, fid, mention and parent', async () => {
    const cast = await client.getCastById({ fid, hash: hex(m.cast.hash) });
    assert.equal(cast?.data.castAddBody.text, 'gm  from agora');
    assert.deepEqual(cast?.data.castAddBody.embeds, [{ url: 'https://agora.example/post/1' }]);
    const texts = (await collect(client.listCastsByFid(fid))).map((c) => c.data.castAddBody?.text);
    // The fourth is the CastRemove, which castsByFid lists too.
    assert.deepEqual(texts, ['gm  from agora', 'a reply', 'in a channel', undefined]);
    const mentions = await collect(client.listCastsByMention(fid));
    assert.deepEqual(
      mentions.map((c) => c.hash),
      [hex(m.cast.hash)],
    );
    const replies = await collect(client.listCastsByParent({ fid, hash: hex(m.cast.hash) }));
    assert.deepEqual(
      replies.map((c) => c.data.castAddBody.parentCastId),
      [{ fid, hash: hex(m.cast.hash) }],
    );
    const inChannel = await collect(client.listCastsByParent({ url: CHANNEL }));
    assert.deepEqual(
      inChannel.map((c) => c.data.castAddBody.parentUrl),
      [CHANNEL],
    );
    assert.equal(await client.getCastById({ fid, hash: hex(m.removedCast.hash) }), null);
  });

  it('reads reactions by id, fid, cast and url', async () => {
    const target = { fid, hash: hex(m.cast.hash) };
    const like = await client.getReactionById({
      fid,
      targetFid: fid,
      targetHash: target.hash,
      reactionType: hubRest.ReactionType.Like,
    });
    assert.deepEqual(like?.data.reactionBody.targetCastId, target);
    const recasts = await collect(client.listReactionsByFid(fid, hubRest.ReactionType.Recast));
    assert.deepEqual(
      recasts.map((r) => r.hash),
      [hex(m.recast.hash)],
    );
    const onCast = await collect(client.listReactionsByCast(fid, target.hash, hubRest.ReactionType.Like));
    assert.deepEqual(
      onCast.map((r) => r.data.reactionBody.type),
      ['REACTION_TYPE_LIKE'],
    );
    const onUrl = await collect(client.listReactionsByTarget(CHANNEL, hubRest.ReactionType.Like));
    assert.deepEqual(
      onUrl.map((r) => r.data.reactionBody.targetUrl),
      [CHANNEL],
    );
  });

  it('reads links', async () => {
    const link = await client.getLinkById(fid, FOLLOWED_FID);
    assert.equal(link?.data.linkBody.targetFid, FOLLOWED_FID);
    assert.equal(link?.data.linkBody.type, 'follow');
    assert.deepEqual(
      (await collect(client.listLinksByFid(fid))).map((l) => l.data.linkBody.targetFid),
      [FOLLOWED_FID],
    );
    assert.deepEqual(
      (await collect(client.listLinksByTargetFid(FOLLOWED_FID))).map((l) => l.data.fid),
      [fid],
    );
  });

  it('reads user data, the fname proof and storage limits', async () => {
    const display = await client.getSpecificUserDataByFid(fid, hubRest.UserDataType.Display);
    assert.equal(display?.data.userDataBody.value, 'Agora Journey');
    const all = await collect(client.listAllUserDataByFid(fid));
    assert.deepEqual(
      all.map((u) => [u.data.userDataBody.type, u.data.userDataBody.value]),
      [
        ['USER_DATA_TYPE_DISPLAY', 'Agora Journey'],
        ['USER_DATA_TYPE_BIO', 'reads every endpoint'],
        ['USER_DATA_TYPE_PFP', 'https://agora.example/pfp.png'],
        ['USER_DATA_TYPE_USERNAME', FNAME],
      ],
    );
    const proof = await client.getUsernameProof(FNAME);
    assert.equal(proof?.fid, fid);
    assert.equal(proof?.owner, journey.account.custody.address.toLowerCase());
    assert.deepEqual(
      (await client.listUsernameProofsForFid(fid)).map((p) => p.name),
      [FNAME],
    );
    const limits = await client.getStorageLimitsByFid(fid);
    assert.equal(limits.find((l) => l.storeType === 'STORE_TYPE_CASTS')?.limit, 2000);
  });

  it('reads verifications', async () => {
    const verifications = await collect(client.listVerificationsByFid(fid));
    assert.deepEqual(
      verifications.map((v) => v.data.verificationAddEthAddressBody.address),
      [VERIFIED.address.toLowerCase()],
    );
  });

  it('reads on-chain events', async () => {
    const signer = journey.account.signer.publicKey;
    const signers = await client.listOnChainEventsByFid(fid, hubRest.OnChainEventType.Signer);
    assert.deepEqual(
      signers.map((e) => e.signerEventBody.key),
      [signer],
    );
    const [rent] = await client.listOnChainEventsByFid(fid, hubRest.OnChainEventType.StorageRent);
    assert.equal(rent?.storageRentEventBody.units, 1);
    const [register] = await client.listOnChainEventsByFid(fid, hubRest.OnChainEventType.IdRegister);
    assert.equal(register?.idRegisterEventBody.to, journey.account.custody.address.toLowerCase());
    assert.equal((await client.getOnChainSignerEventBySigner(fid, signer))?.signerEventBody.key, signer);
    const byAddress = await client.getOnChainIdRegistryEventByAddress(journey.account.custody.address);
    assert.equal(byAddress?.fid, fid);
  });

  it('reads the event log, page by page, and one event by id', async () => {
    const events = await collect(client.listHubEvents(0));
    const merged = events.flatMap((e) => ('mergeMessageBody' in e ? [e.mergeMessageBody.message.hash] : []));
    const submitted = Object.entries(m).filter(([name]) => name !== 'frameAction');
    assert.deepEqual(
      merged,
      submitted.map(([, message]) => hex(message.hash)),
    );
    const last = events.at(-1);
    assert.deepEqual(await client.getHubEventById(last?.id ?? 0), last);
  });

  it('validates a frame action', async () => {
    const result = await client.validateMessage(hex(CoreMessage.encode(m.frameAction).finish()));
    assert.equal(result.valid, true);
    assert.equal(result.message.hash, hex(m.frameAction.hash));
  });
});
