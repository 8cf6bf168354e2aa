/**
 * A whole user journey against a real node, shared by the HTTP journey and the hub client tests: a devnet
 * account with a signer and storage, an fname from the real name registry, and one message of every kind
 * built and signed with @farcaster/core and submitted over HTTP. Also the reference JSON of a core message.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CastType,
  FarcasterNetwork,
  Message as CoreMessage,
  NobleEd25519Signer,
  ReactionType,
  UserDataType,
  ViemLocalEip712Signer,
  makeCastAdd,
  makeCastRemove,
  makeFrameAction,
  makeLinkAdd,
  makeReactionAdd,
  makeUserDataAdd,
  makeUserNameProofClaim,
  makeVerificationAddEthAddress,
} from '@farcaster/core';
import type { HubAsyncResult } from '@farcaster/core';
import { privateKeyToAccount } from 'viem/accounts';
import { devnetPublicClient, startDevnet } from '../../src/chain/devnet/index.js';
import type { Devnet } from '../../src/chain/devnet/index.js';
import { createAccount } from '../../src/chain/fixtures.js';
import type { FixtureAccount } from '../../src/chain/fixtures.js';
import { startNamesService } from '../../src/names/index.js';
import { startNodeService } from '../../src/node/index.js';
import type { NodeService } from '../../src/node/index.js';
import type { NodeTables } from '../../src/node/store/schema.js';
import { hexToBytes } from '../../src/protocol/hex.js';
import type { Dialect } from '../../src/storage/index.js';
import { openTestDatabase } from '../../src/storage/testing.js';
import { devnetNamesConfig, devnetNodeConfig, quickFnameSleep } from './devnet-services.js';
import { coreEthVerificationBody } from './core-verification.js';

export const NETWORK = FarcasterNetwork.DEVNET;
export const FNAME = 'agora-journey';
export const CHANNEL = 'https://agora.example/channel/journey';
/** A followed fid; links need not point at a registered fid. */
export const FOLLOWED_FID = 424_242;
/** The Ethereum account the journey verifies (a fixed test key). */
export const VERIFIED = privateKeyToAccount(`0x${'4e'.repeat(32)}`);

export interface JourneyNode {
  devnet: Devnet;
  node: NodeService;
  /** The node's base URL, e.g. `http://127.0.0.1:43210`. */
  url: string;
  namesUrl: string;
  account: FixtureAccount;
  fid: number;
  signer: NobleEd25519Signer;
  /** Stops everything that was started, in reverse order; safe to call more than once. */
  close(): Promise<void>;
}

/** A devnet, the name registry and a node (on `dialect`) following both, with one registered account. */
export async function startJourneyNode(dialect: Dialect): Promise<JourneyNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-journey-'));
  const stops: (() => Promise<void>)[] = [async () => rmSync(dataDir, { recursive: true, force: true })];
  /** Runs every stop even when one fails, then reports the first failure. */
  const close = async () => {
    const failures: unknown[] = [];
    for (const stop of stops.splice(0).reverse())
      await stop().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) throw failures[0];
  };
  try {
    const devnet = await startDevnet({ port: 0 });
    stops.push(() => devnet.stop());
    const names = await startNamesService({
      config: devnetNamesConfig(devnet, dataDir),
      logger: false,
      chain: { rpcUrl: devnet.rpcUrl },
    });
    stops.push(() => names.close());
    const namesUrl = await names.listen();
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    stops.push(() => database.cleanup());
    const node = await startNodeService(devnetNodeConfig(devnet, dataDir, namesUrl), {
      database,
      sleep: quickFnameSleep,
    });
    stops.push(() => node.close());

    const account = await createAccount(devnet);
    await node.chainIngest?.caughtUp();
    const signer = new NobleEd25519Signer(hexToBytes(account.signer.privateKey) ?? new Uint8Array());
    const journey = {
      devnet,
      node,
      url: node.url,
      namesUrl,
      account,
      fid: Number(account.fid),
      signer,
      close,
    };
    await registerFname(journey, FNAME);
    await node.fnameSync?.caughtUp();
    return journey;
  } catch (error) {
    await close().catch(() => undefined); // the start's own error is the one to report
    throw error;
  }
}

/** Registers `name` to the journey's fid at the name registry, signed by its custody key as a client does. */
async function registerFname(journey: Omit<JourneyNode, 'close'>, name: string): Promise<void> {
  const { custody } = journey.account;
  const timestamp = Math.floor(Date.now() / 1000);
  const claim = makeUserNameProofClaim({ name, owner: custody.address, timestamp });
  const eip712 = new ViemLocalEip712Signer(privateKeyToAccount(custody.privateKey));
  const signature = (await eip712.signUserNameProofClaim(claim))._unsafeUnwrap();
  const response = await fetch(`${journey.namesUrl}/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      from: 0,
      to: journey.fid,
      fid: journey.fid,
      owner: custody.address,
      timestamp,
      signature: `0x${Buffer.from(signature).toString('hex')}`,
    }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** The journey's messages, named; every one but `frameAction` is submitted (frame actions only validate). */
export interface JourneyMessages {
  cast: CoreMessage;
  reply: CoreMessage;
  channelCast: CoreMessage;
  removedCast: CoreMessage;
  castRemove: CoreMessage;
  like: CoreMessage;
  recast: CoreMessage;
  urlLike: CoreMessage;
  follow: CoreMessage;
  display: CoreMessage;
  bio: CoreMessage;
  pfp: CoreMessage;
  username: CoreMessage;
  verification: CoreMessage;
  frameAction: CoreMessage;
}

export interface Submitted {
  name: keyof JourneyMessages;
  status: number;
  body: unknown;
}

/**
 * Builds one message of each kind with @farcaster/core (timestamps one second apart, in this order, so
 * pages have a known order) and submits all but the frame action over HTTP, one at a time.
 */
export async function submitJourney(
  journey: JourneyNode,
): Promise<{ messages: JourneyMessages; submitted: Submitted[] }> {
  const { fid, signer } = journey;
  const start = Math.floor((Date.now() - Date.UTC(2021, 0, 1)) / 1000) - 100;
  let step = 0;
  const options = () => ({ fid, network: NETWORK, timestamp: start + step++ });
  const built = async <T extends CoreMessage>(result: HubAsyncResult<T>): Promise<T> =>
    (await result)._unsafeUnwrap();
  const castBody = (text: string) => ({
    text,
    embeds: [],
    embedsDeprecated: [],
    mentions: [],
    mentionsPositions: [],
    type: CastType.CAST,
  });

  const cast = await built(
    makeCastAdd(
      {
        ...castBody('gm  from agora'),
        mentions: [fid],
        mentionsPositions: [3],
        embeds: [{ url: 'https://agora.example/post/1' }],
      },
      options(),
      signer,
    ),
  );
  const castId = { fid, hash: cast.hash };
  const reply = await built(makeCastAdd({ ...castBody('a reply'), parentCastId: castId }, options(), signer));
  const channelCast = await built(
    makeCastAdd({ ...castBody('in a channel'), parentUrl: CHANNEL }, options(), signer),
  );
  const removedCast = await built(makeCastAdd(castBody('removed soon'), options(), signer));
  const castRemove = await built(makeCastRemove({ targetHash: removedCast.hash }, options(), signer));
  const like = await built(
    makeReactionAdd({ type: ReactionType.LIKE, targetCastId: castId }, options(), signer),
  );
  const recast = await built(
    makeReactionAdd({ type: ReactionType.RECAST, targetCastId: castId }, options(), signer),
  );
  const urlLike = await built(
    makeReactionAdd({ type: ReactionType.LIKE, targetUrl: CHANNEL }, options(), signer),
  );
  const follow = await built(makeLinkAdd({ type: 'follow', targetFid: FOLLOWED_FID }, options(), signer));
  const userData = (type: UserDataType, value: string) =>
    built(makeUserDataAdd({ type, value }, options(), signer));
  const display = await userData(UserDataType.DISPLAY, 'Agora Journey');
  const bio = await userData(UserDataType.BIO, 'reads every endpoint');
  const pfp = await userData(UserDataType.PFP, 'https://agora.example/pfp.png');
  const username = await userData(UserDataType.USERNAME, FNAME);
  const verification = await verificationOf(journey, options());
  const frameAction = await built(
    makeFrameAction(
      {
        url: new TextEncoder().encode('https://agora.example/frame'),
        buttonIndex: 1,
        castId,
        inputText: new TextEncoder().encode('typed'),
        state: new Uint8Array(),
        transactionId: new Uint8Array(),
        address: new Uint8Array(),
      },
      options(),
      signer,
    ),
  );
  const messages: JourneyMessages = {
    cast,
    reply,
    channelCast,
    removedCast,
    castRemove,
    like,
    recast,
    urlLike,
    follow,
    display,
    bio,
    pfp,
    username,
    verification,
    frameAction,
  };
  const submitted: Submitted[] = [];
  for (const [name, message] of Object.entries(messages) as [keyof JourneyMessages, CoreMessage][]) {
    if (name === 'frameAction') continue;
    const response = await postMessage(journey.url, '/v1/submitMessage', message);
    submitted.push({ name, status: response.status, body: await response.json() });
  }
  return { messages, submitted };
}

/** A verification of {@link VERIFIED}, with a real EIP-712 claim signature over a devnet block hash. */
async function verificationOf(
  journey: JourneyNode,
  options: { fid: number; network: FarcasterNetwork; timestamp: number },
): Promise<CoreMessage> {
  const block = await devnetPublicClient(journey.devnet).getBlock();
  const blockHash = hexToBytes(block.hash) ?? new Uint8Array();
  const signer = new ViemLocalEip712Signer(VERIFIED);
  const body = await coreEthVerificationBody(signer, journey.fid, NETWORK, blockHash);
  return (await makeVerificationAddEthAddress(body, options, journey.signer))._unsafeUnwrap();
}

/** `0x` + lowercase hex, as the hub writes hashes, keys and addresses. */
export const hex = (bytes: Uint8Array): string => `0x${Buffer.from(bytes).toString('hex')}`;

/** POSTs a message's protobuf bytes, as a hub client does. */
export function postMessage(url: string, route: string, message: CoreMessage): Promise<Response> {
  return fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: CoreMessage.encode(message).finish(),
  });
}

// The reference's byte-field rewrite (node-api.md §2.2), restated here from the reference rather than
// taken from src/, so the node's JSON is compared with an independent rendering.
const HEX_FIELDS = new Set([
  'hash',
  'signer',
  'transactionHash',
  'key',
  'owner',
  'to',
  'from',
  'recoveryAddress',
  // Hex unless the sibling protocol is Solana; the journey verifies Ethereum addresses only.
  'address',
  'blockHash',
]);

/** What a Hubble hub sends for a message: @farcaster/core's `toJSON`, then the hub's rewrite. */
export function referenceJson(message: CoreMessage): unknown {
  return rewrite(CoreMessage.toJSON(message));
}

function rewrite(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewrite);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      typeof inner === 'string' && HEX_FIELDS.has(key) && inner !== ''
        ? hex(Buffer.from(inner, 'base64'))
        : rewrite(inner);
  }
  // Copies the hub keeps for clients written before the verification rename.
  if ('verificationAddAddressBody' in out) out.verificationAddEthAddressBody = out.verificationAddAddressBody;
  if ('claimSignature' in out) out.ethSignature = out.claimSignature;
  return out;
}
