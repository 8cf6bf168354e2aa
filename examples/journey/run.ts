/**
 * A new user's whole life on a running `agora dev`: an fid on chain, a signer through a signed key
 * request and a gasless one without a chain transaction, an fname set as username, casts into a channel, a
 * member invite accepted, a cast hidden by a moderator, a block, and all of it read back through the node,
 * the name registry and the social API.
 */
import {
  FarcasterNetwork,
  makeCastAdd,
  MessageType,
  makeUserDataAdd,
  makeUserNameProofClaim,
  UserDataType,
  ViemLocalEip712Signer,
  type NobleEd25519Signer,
} from '@farcaster/core';
import { bytesToHex, type Hex } from 'viem';
import { devChain, fundedWallet, registerFid } from './chain.js';
import { appKeyToken, call, eventually, submit, type Urls } from './clients.js';
import { gaslessSigner, requestSigner, type Account } from './signer.js';

/** The parts of `.agora/devnet.json` the journey reads. */
export interface DevnetInfo {
  chainId: number;
  chainRpcUrl: string;
  accounts: { address: Hex; privateKey: Hex }[];
  urls: Urls;
}

export interface JourneyResult {
  alice: number;
  bob: number;
  app: number;
  username: string;
  channelId: string;
  hiddenCast: string;
}

export interface JourneyOptions {
  log?: (line: string) => void;
  /** Which devnet account pays for the new users; journeys running at once need different ones. */
  funder?: number;
}

export async function runJourney(devnet: DevnetInfo, options: JourneyOptions = {}): Promise<JourneyResult> {
  const log = options.log ?? console.log;
  const { urls } = devnet;
  const dev = devChain(devnet.chainId, devnet.chainRpcUrl);
  const funderKey = devnet.accounts[options.funder ?? 9]?.privateKey;
  if (funderKey === undefined)
    throw new Error('devnet.json lists no funded account to pay for the new users');
  const dataOptions = (fid: number) => ({ fid, network: FarcasterNetwork.DEVNET });

  log('1. Three new accounts register fids on chain (IdGateway.register)');
  const newAccount = async (): Promise<Account> => {
    const account = await fundedWallet(dev, funderKey);
    return { fid: await registerFid(dev, account), account };
  };
  const [app, alice, bob] = [await newAccount(), await newAccount(), await newAccount()];
  log(`  app fid ${app.fid}, alice fid ${alice.fid}, bob fid ${bob.fid}`);

  log('2. The app gets a signer for alice and for bob through signed key requests');
  const aliceKey = await requestSigner(urls.social, app, alice, log);
  const bobKey = await requestSigner(urls.social, app, bob, log);

  log('3. The app also gets a gasless signer for alice, for casts only: no chain transaction');
  const aliceCasts = await gaslessSigner(urls.node, app, alice, [MessageType.CAST_ADD], log);

  log('4. Alice registers an fname and makes it her username on the node');
  const username = `alice${alice.fid}`;
  const timestamp = Math.floor(Date.now() / 1000);
  const claim = makeUserNameProofClaim({ name: username, owner: alice.account.address, timestamp });
  const nameSignature = (
    await new ViemLocalEip712Signer(alice.account).signUserNameProofClaim(claim)
  )._unsafeUnwrap();
  await call('POST', `${urls.names}/transfers`, {
    body: {
      name: username,
      from: 0,
      to: alice.fid,
      fid: alice.fid,
      owner: alice.account.address,
      timestamp,
      signature: bytesToHex(nameSignature),
    },
  });
  await eventually('the node to sync the fname proof', () =>
    call(`GET`, `${urls.node}/v1/userNameProofByName?name=${username}`),
  );
  const usernameMessage = await makeUserDataAdd(
    { type: UserDataType.USERNAME, value: username },
    dataOptions(alice.fid),
    aliceKey,
  );
  await submit(urls.node, usernameMessage._unsafeUnwrap());
  log(`  ${username} registered and set as username`);

  log('5. Bob creates a channel; alice follows it and casts into it with her gasless signer');
  const channelId = `journey${bob.fid}`;
  const bobToken = await appKeyToken(bob.fid, bobKey);
  const aliceToken = await appKeyToken(alice.fid, aliceKey);
  // The social API takes tokens of gasless keys as of any signer of the fid.
  const aliceGaslessToken = await appKeyToken(alice.fid, aliceCasts);
  const created = await call<{ result: { channel: { url: string } } }>('POST', `${urls.social}/fc/channels`, {
    token: bobToken,
    body: { id: channelId, name: 'Journey', description: 'Where new users say hello' },
  });
  const channelUrl = created.result.channel.url;
  await call('POST', `${urls.social}/fc/channel-follows`, { token: aliceGaslessToken, body: { channelId } });
  const hello = await castInto(urls.node, alice.fid, aliceCasts, channelUrl, 'hello, channel!');
  log(`  alice cast ${hello} into ${channelUrl}`);

  log('6. Bob invites alice as a member; she accepts');
  await call('POST', `${urls.social}/fc/channel-invites`, {
    token: bobToken,
    body: { channelId, inviteFid: alice.fid, role: 'member' },
  });
  await call('PATCH', `${urls.social}/fc/channel-invites`, {
    token: aliceToken,
    body: { channelId, role: 'member', accept: true },
  });

  log('7. Alice casts something off-topic; bob, the owner, hides it');
  const offTopic = await castInto(urls.node, alice.fid, aliceKey, channelUrl, 'buy my token');
  await eventually('the social API to index the cast', () =>
    call('POST', `${urls.social}/fc/moderated-casts`, {
      token: bobToken,
      body: { castHash: offTopic, action: 'hide' },
    }),
  );

  log('8. Alice blocks bob');
  await call('POST', `${urls.social}/fc/blocked-users`, { token: aliceToken, body: { blockFid: bob.fid } });

  log('9. Everything, read back through the three APIs');
  await readBack(urls, { alice, bob, username, channelId, hello, offTopic }, log);
  return { alice: alice.fid, bob: bob.fid, app: app.fid, username, channelId, hiddenCast: offTopic };
}

async function castInto(
  nodeUrl: string,
  fid: number,
  signer: NobleEd25519Signer,
  parentUrl: string,
  text: string,
) {
  const message = await makeCastAdd(
    { text, parentUrl, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [], type: 0 },
    { fid, network: FarcasterNetwork.DEVNET },
    signer,
  );
  return (await submit(nodeUrl, message._unsafeUnwrap())).hash;
}

interface Facts {
  alice: Account;
  bob: Account;
  username: string;
  channelId: string;
  hello: string;
  offTopic: string;
}

/** Reads each fact back and fails loudly when one is missing. */
async function readBack(urls: Urls, facts: Facts, log: (line: string) => void) {
  const { alice, bob, username, channelId, hello, offTopic } = facts;
  const expect = (ok: boolean, what: string) => {
    if (!ok) throw new Error(`read back: ${what}`);
    log(`  ok  ${what}`);
  };
  const casts = await call<{ messages: { hash: string }[] }>(
    'GET',
    `${urls.node}/v1/castsByFid?fid=${alice.fid}`,
  );
  expect(
    // Casts of the same second are listed in hash order, so compare as sets.
    casts.messages
      .map((m) => m.hash)
      .sort()
      .join() === [hello, offTopic].sort().join(),
    'node: alice has her two casts',
  );
  const userData = await call<{ messages: { data: { userDataBody: { value: string } } }[] }>(
    'GET',
    `${urls.node}/v1/userDataByFid?fid=${alice.fid}`,
  );
  expect(
    userData.messages.some((m) => m.data.userDataBody.value === username),
    `node: alice's username is ${username}`,
  );
  const current = await call<{ transfer: { to: number } }>(
    'GET',
    `${urls.names}/transfers/current?name=${username}`,
  );
  expect(current.transfer.to === alice.fid, `names: ${username} belongs to fid ${alice.fid}`);
  const channel = await call<{
    result: { channel: { leadFid: number; memberCount: number; followerCount: number } };
  }>('GET', `${urls.social}/v1/channel?channelId=${channelId}`);
  expect(channel.result.channel.leadFid === bob.fid, 'social: bob leads the channel');
  expect(channel.result.channel.memberCount === 2, 'social: the channel has two members (bob and alice)');
  expect(channel.result.channel.followerCount >= 1, 'social: alice follows the channel');
  const members = await call<{ result: { members: { fid: number }[] } }>(
    'GET',
    `${urls.social}/fc/channel-members?channelId=${channelId}&fid=${alice.fid}`,
  );
  expect(members.result.members.length === 1, 'social: alice is a member');
  const moderated = await call<{ result: { moderationActions: { castHash: string; action: string }[] } }>(
    'GET',
    `${urls.social}/fc/moderated-casts?channelId=${channelId}`,
  );
  expect(
    moderated.result.moderationActions[0]?.castHash === offTopic &&
      moderated.result.moderationActions[0]?.action === 'hide',
    'social: the off-topic cast is hidden',
  );
  const blocks = await call<{ result: { blockedUsers: { blockedFid: number }[] } }>(
    'GET',
    `${urls.social}/fc/blocked-users?blockerFid=${alice.fid}`,
  );
  expect(blocks.result.blockedUsers[0]?.blockedFid === bob.fid, 'social: alice blocks bob');
}
