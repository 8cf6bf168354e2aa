import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  HubEvent as CoreHubEvent,
  Message as CoreMessage,
  OnChainEvent as CoreOnChainEvent,
  UserNameProof as CoreUserNameProof,
} from '@farcaster/hub-nodejs';
import type { HubResult, MessagesResponse } from '@farcaster/hub-nodejs';
import { getInsecureHubRpcClient } from 'hub-nodejs-0.11';
import {
  castIdOf,
  clock,
  compactState,
  ethAccount,
  NOW,
  reaction,
  verificationRemove,
} from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import type { Json } from '../src/node/http/testing.js';
import { mergeOnChainEvents } from '../src/node/onchain/index.js';
import { address, signerEvent, signerKey } from '../src/node/onchain/testing.js';
import { HubEvent } from '../src/protocol/gen/hub_event.js';
import { Message, ReactionType, UserDataType } from '../src/protocol/gen/message.js';
import { OnChainEvent, OnChainEventType, SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { SignerSource } from '../src/protocol/gen/request_response.js';
import { UserNameProof } from '../src/protocol/gen/username_proof.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { toHubJson } from '../src/protocol/hub-json.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { errorOf, hubJson, ok } from './support/grpc-results.js';
import { CHANNEL, mergeAll, seedReads } from './support/read-seed.js';
import type { ReadSeed, SeededMessage } from './support/read-seed.js';

/**
 * Every unary read of HubService with the real hub-nodejs client, against the HTTP route over the same
 * node API where one exists: the same messages in the reference JSON, the same pages in both directions,
 * the same errCodes.
 */

const messageJson = (message: CoreMessage) => hubJson(CoreMessage, Message, message);
const onChainEventJson = (event: CoreOnChainEvent) => hubJson(CoreOnChainEvent, OnChainEvent, event);
const json = (received: ReceivedMessage): Json => toHubJson(Message, received.message);
const hex = (received: ReceivedMessage) => bytesToHex(received.message.hash);
const base64 = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('base64');

interface Paging {
  pageSize?: number;
  pageToken?: Uint8Array;
  reverse?: boolean;
}

/** A page's items and the token it gave, in base64 ('' on the last page). */
interface Page {
  items: Json[];
  token: string;
}

forEachDialect('node gRPC reads', (dialect) => {
  let node: NodeGrpcHarness;
  let alice: TestAccount;
  let eth: ReadSeed['eth'];
  /** The shared read seed, and removes and a compact state for the getAll reads. */
  let m: Record<SeededMessage | 'unlike' | 'compact' | 'unverify', ReceivedMessage>;

  before(async () => {
    node = await openNodeGrpc(dialect);
    const seed = await seedReads(node);
    ({ alice, eth } = seed);
    const extras = {
      unlike: reaction(alice, false, { url: CHANNEL }, 145),
      compact: compactState(alice, [2], 135),
      unverify: verificationRemove(alice, ethAccount(2).address, 95),
    };
    await mergeAll(node, Object.values(extras));
    m = { ...seed.m, ...extras };
    // Alice gets three more keys, for pages of signers.
    const signers = [1, 2, 3].map((n) =>
      signerEvent(1, signerKey(n), SignerEventType.ADD, { block: 1000 + n }),
    );
    for (const result of await mergeOnChainEvents(node.database.db, signers, clock)) assert.ok(result.ok);
  });
  after(() => node?.close());

  const http = async (path: string): Promise<Json> => {
    const { status, body } = await node.get(path);
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    return body;
  };
  const grpcMessages = async (call: Promise<HubResult<MessagesResponse>>) =>
    ok(await call).messages.map(messageJson);

  /** The same fault over both transports: the same errCode (and, for misses, the same text). */
  async function sameRefusal<T>(call: Promise<HubResult<T>>, path: string, errCode: string) {
    const overGrpc = errorOf(await call);
    const { status, body } = await node.get(path);
    assert.equal(status, 400, `${path}: ${JSON.stringify(body)}`);
    assert.equal(body.errCode, errCode, path);
    assert.equal(overGrpc.errCode, errCode, `gRPC for ${path}: ${overGrpc.message}`);
    if (errCode === 'not_found') assert.equal(overGrpc.message, body.details);
  }

  /** Every page of a gRPC read from the first on, following next_page_token; tokens in base64. */
  async function walk<R extends { nextPageToken?: Uint8Array | undefined }>(
    call: (paging: Paging) => Promise<HubResult<R>>,
    itemsOf: (response: R) => Json[],
    paging: Paging,
  ): Promise<Page[]> {
    const pages: Page[] = [];
    let pageToken: Uint8Array | undefined;
    do {
      const response = ok(await call({ ...paging, ...(pageToken && { pageToken }) }));
      pageToken = response.nextPageToken?.length ? response.nextPageToken : undefined;
      pages.push({ items: itemsOf(response), token: base64(pageToken) });
    } while (pageToken !== undefined && pages.length < 50);
    return pages;
  }

  /** The same walk over the HTTP route, which takes the same size and direction. */
  async function walkHttp(path: string, key: string, paging: Paging): Promise<Page[]> {
    const pages: Page[] = [];
    let token = '';
    do {
      const query = new URLSearchParams({ pageSize: String(paging.pageSize) });
      if (paging.reverse === true) query.set('reverse', '1');
      if (token !== '') query.set('pageToken', token);
      const body = await http(`${path}${path.includes('?') ? '&' : '?'}${query.toString()}`);
      token = body.nextPageToken ?? '';
      pages.push({ items: body[key], token });
    } while (token !== '' && pages.length < 50);
    return pages;
  }

  /** Both walks give the same pages with the same tokens; the items of each page. */
  async function walkBoth<R extends { nextPageToken?: Uint8Array | undefined }>(
    call: (paging: Paging) => Promise<HubResult<R>>,
    itemsOf: (response: R) => Json[],
    [path, key]: readonly [path: string, key: string],
    paging: Paging,
  ): Promise<Json[][]> {
    const overGrpc = await walk(call, itemsOf, paging);
    assert.deepEqual(overGrpc, await walkHttp(path, key, paging), `${path} ${JSON.stringify(paging)}`);
    return overGrpc.map((page) => page.items);
  }
  const messagesOf = (response: MessagesResponse) => response.messages.map(messageJson);

  it('every message list pages as its HTTP route does, both ways', async () => {
    const c = node.client;
    const parent = castIdOf(m.b1);
    const channel = encodeURIComponent(CHANNEL);
    const cast = `target_fid=2&target_hash=${hex(m.b1)}`;
    const { LIKE, NONE, RECAST } = ReactionType;
    const lists: [string, (paging: Paging) => Promise<HubResult<MessagesResponse>>, ReceivedMessage[]][] = [
      [
        '/v1/castsByFid?fid=1',
        (p) => c.getAllCastMessagesByFid({ fid: 1, ...p }),
        [m.a1, m.reply, m.channel, m.mention, m.removal],
      ],
      [
        `/v1/castsByParent?fid=2&hash=${hex(m.b1)}`,
        (p) => c.getCastsByParent({ parentCastId: parent, ...p }),
        [m.reply],
      ],
      [
        `/v1/castsByParent?url=${channel}`,
        (p) => c.getCastsByParent({ parentUrl: CHANNEL, ...p }),
        [m.channel],
      ],
      ['/v1/castsByMention?fid=2', (p) => c.getCastsByMention({ fid: 2, ...p }), [m.mention]],
      ['/v1/reactionsByFid?fid=1', (p) => c.getReactionsByFid({ fid: 1, ...p }), [m.like, m.recast]],
      // NONE is every type on both transports.
      [
        '/v1/reactionsByFid?fid=1&reaction_type=0',
        (p) => c.getReactionsByFid({ fid: 1, reactionType: NONE, ...p }),
        [m.like, m.recast],
      ],
      [
        '/v1/reactionsByFid?fid=1&reaction_type=2',
        (p) => c.getReactionsByFid({ fid: 1, reactionType: RECAST, ...p }),
        [m.recast],
      ],
      [
        `/v1/reactionsByCast?${cast}`,
        (p) => c.getReactionsByCast({ targetCastId: parent, ...p }),
        [m.like, m.recast],
      ],
      [
        `/v1/reactionsByCast?${cast}&reaction_type=1`,
        (p) => c.getReactionsByCast({ targetCastId: parent, reactionType: LIKE, ...p }),
        [m.like],
      ],
      [
        `/v1/reactionsByTarget?url=${channel}`,
        (p) => c.getReactionsByTarget({ targetUrl: CHANNEL, ...p }),
        [m.urlLike],
      ],
      ['/v1/linksByFid?fid=1', (p) => c.getLinksByFid({ fid: 1, ...p }), [m.follow]],
      [
        '/v1/linksByFid?fid=1&link_type=follow',
        (p) => c.getLinksByFid({ fid: 1, linkType: 'follow', ...p }),
        [m.follow],
      ],
      [
        '/v1/linksByFid?fid=1&link_type=block',
        (p) => c.getLinksByFid({ fid: 1, linkType: 'block', ...p }),
        [],
      ],
      [
        '/v1/linksByTargetFid?target_fid=1',
        (p) => c.getLinksByTarget({ targetFid: 1, ...p }),
        [m.followBack],
      ],
      ['/v1/userDataByFid?fid=1', (p) => c.getUserDataByFid({ fid: 1, ...p }), [m.pfp, m.display]],
      ['/v1/verificationsByFid?fid=1', (p) => c.getVerificationsByFid({ fid: 1, ...p }), [m.verification]],
    ];
    for (const [path, call, expected] of lists) {
      const forward = await walkBoth(call, messagesOf, [path, 'messages'], { pageSize: 1 });
      assert.deepEqual(forward.flat(), expected.map(json), path);
      const backward = await walkBoth(call, messagesOf, [path, 'messages'], { pageSize: 2, reverse: true });
      assert.deepEqual(backward.flat(), expected.map(json).toReversed(), path);
      assert.deepEqual(await grpcMessages(call({})), expected.map(json), `${path}: one page by default`);
    }
  });

  it('GetCastsByFid serves the CastAdds only, as both references do', async () => {
    const adds = [m.a1, m.reply, m.channel, m.mention].map(json);
    assert.deepEqual(await grpcMessages(node.client.getCastsByFid({ fid: 1 })), adds);
    const newest = node.client.getCastsByFid({ fid: 1, reverse: true, pageSize: 1 });
    assert.deepEqual(await grpcMessages(newest), [json(m.mention)]);
    assert.deepEqual(await grpcMessages(node.client.getCastsByFid({ fid: 3 })), []);
  });

  it('refuses bad input with the errCode HTTP gives the same fault', async () => {
    const c = node.client;
    const invalid = 'bad_request.validation_failure';
    const target = castIdOf(m.b1);
    const refusals: [Promise<HubResult<unknown>>, string][] = [
      [c.getCast({ fid: 1, hash: new Uint8Array(19) }), '/v1/castById?fid=1&hash=0x1234'],
      [c.getCast({ fid: 0, hash: m.a1.message.hash }), `/v1/castById?fid=0&hash=${hex(m.a1)}`],
      [c.getCastsByFid({ fid: 1, pageToken: new Uint8Array(5) }), '/v1/castsByFid?fid=1&pageToken=AAAAAAA='],
      [c.getCastsByFid({ fid: 1, pageSize: 0 }), '/v1/castsByFid?fid=1&pageSize=0'],
      [c.getCastsByParent({}), '/v1/castsByParent'],
      [c.getCastsByMention({ fid: 0 }), '/v1/castsByMention?fid=0'],
      [
        c.getReaction({ fid: 1, reactionType: 9 as ReactionType, targetCastId: target }),
        `/v1/reactionById?fid=1&target_fid=2&target_hash=${hex(m.b1)}&reaction_type=9`,
      ],
      [
        c.getReactionsByCast({ targetCastId: { fid: 2, hash: new Uint8Array() } }),
        '/v1/reactionsByCast?target_fid=2&target_hash=0x',
      ],
      [c.getReactionsByTarget({}), '/v1/reactionsByTarget'],
      [c.getLink({ fid: 1, linkType: '', targetFid: 2 }), '/v1/linkById?fid=1&target_fid=2'],
      [c.getLinksByTarget({}), '/v1/linksByTargetFid'],
      [
        c.getUserData({ fid: 1, userDataType: 99 as UserDataType }),
        '/v1/userDataByFid?fid=1&user_data_type=99',
      ],
      [
        c.getVerification({ fid: 1, address: new Uint8Array(3) }),
        '/v1/verificationsByFid?fid=1&address=0x123456',
      ],
      [
        c.getUsernameProof({ name: Buffer.from('Not A Name') }),
        '/v1/userNameProofByName?name=Not%20A%20Name',
      ],
      [
        c.getOnChainSigner({ fid: 1, signer: new Uint8Array(2) }),
        '/v1/onChainSignersByFid?fid=1&signer=0x1234',
      ],
      [
        c.getOnChainEvents({ fid: 1, eventType: 42 as OnChainEventType }),
        '/v1/onChainEventsByFid?fid=1&event_type=42',
      ],
      [
        c.getIdRegistryOnChainEventByAddress({ address: new Uint8Array(1) }),
        '/v1/onChainIdRegistryEventByAddress?address=0x12',
      ],
      [c.getCurrentStorageLimitsByFid({ fid: 0 }), '/v1/storageLimitsByFid?fid=0'],
    ];
    for (const [call, path] of refusals) await sameRefusal(call, path, invalid);
    await sameRefusal(
      c.getOnChainEvents({ fid: 1, eventType: OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED }),
      '/v1/onChainEventsByFid?fid=1&event_type=2',
      'bad_request.invalid_param',
    );
  });

  it('answers each single read as HTTP does, and each miss with the same not_found', async () => {
    const c = node.client;
    const target = castIdOf(m.b1);
    const targetQuery = `target_fid=2&target_hash=${hex(m.b1)}`;
    const key = alice.signer.publicKey;
    const reads: [Promise<HubResult<CoreMessage>>, string][] = [
      [c.getCast({ fid: 1, hash: m.a1.message.hash }), `/v1/castById?fid=1&hash=${hex(m.a1)}`],
      [
        c.getReaction({ fid: 1, reactionType: ReactionType.LIKE, targetCastId: target }),
        `/v1/reactionById?fid=1&${targetQuery}&reaction_type=1`,
      ],
      [
        c.getLink({ fid: 1, linkType: 'follow', targetFid: 2 }),
        '/v1/linkById?fid=1&target_fid=2&link_type=follow',
      ],
      [c.getUserData({ fid: 1, userDataType: UserDataType.PFP }), '/v1/userDataByFid?fid=1&user_data_type=1'],
      [
        c.getVerification({ fid: 1, address: eth.address }),
        `/v1/verificationsByFid?fid=1&address=${bytesToHex(eth.address)}`,
      ],
    ];
    for (const [call, path] of reads) assert.deepEqual(messageJson(ok(await call)), await http(path), path);
    const cast = ok(await c.getCast({ fid: 1, hash: m.a1.message.hash }));
    assert.deepEqual(messageJson(cast), json(m.a1));
    const events: [Promise<HubResult<CoreOnChainEvent>>, string][] = [
      [
        c.getOnChainSigner({ fid: 1, signer: key }),
        `/v1/onChainSignersByFid?fid=1&signer=${bytesToHex(key)}`,
      ],
      [
        c.getIdRegistryOnChainEventByAddress({ address: address(2) }),
        `/v1/onChainIdRegistryEventByAddress?address=${bytesToHex(address(2))}`,
      ],
    ];
    for (const [call, path] of events) {
      // HTTP adds the spec's `events: [event]` beside the event itself.
      const { events: listed, ...event } = (await http(path)) as Record<string, unknown>;
      assert.deepEqual(onChainEventJson(ok(await call)), event, path);
      if (listed !== undefined) assert.deepEqual(listed, [event]);
    }

    const misses: [Promise<HubResult<unknown>>, string][] = [
      [c.getCast({ fid: 1, hash: m.b1.message.hash }), `/v1/castById?fid=1&hash=${hex(m.b1)}`],
      [
        c.getReaction({ fid: 2, reactionType: ReactionType.LIKE, targetCastId: target }),
        `/v1/reactionById?fid=2&${targetQuery}&reaction_type=1`,
      ],
      [
        c.getLink({ fid: 1, linkType: 'follow', targetFid: 3 }),
        '/v1/linkById?fid=1&target_fid=3&link_type=follow',
      ],
      [
        c.getUserData({ fid: 1, userDataType: UserDataType.BIO }),
        '/v1/userDataByFid?fid=1&user_data_type=BIO',
      ],
      [
        c.getVerification({ fid: 2, address: eth.address }),
        `/v1/verificationsByFid?fid=2&address=${bytesToHex(eth.address)}`,
      ],
      [c.getUsernameProof({ name: Buffer.from('nobody') }), '/v1/userNameProofByName?name=nobody'],
      [c.getUsernameProof({ name: Buffer.from('nobody.eth') }), '/v1/userNameProofByName?name=nobody.eth'],
      [
        c.getOnChainSigner({ fid: 2, signer: key }),
        `/v1/onChainSignersByFid?fid=2&signer=${bytesToHex(key)}`,
      ],
      [
        c.getIdRegistryOnChainEventByAddress({ address: address(77) }),
        `/v1/onChainIdRegistryEventByAddress?address=${bytesToHex(address(77))}`,
      ],
    ];
    for (const [call, path] of misses) await sameRefusal(call, path, 'not_found');
  });

  it('GetUsernameProof and GetUserNameProofsByFid', async () => {
    const proofJson = (proof: CoreUserNameProof) => hubJson(CoreUserNameProof, UserNameProof, proof);
    const proof = ok(await node.client.getUsernameProof({ name: Buffer.from('alice') }));
    assert.deepEqual(proofJson(proof), await http('/v1/userNameProofByName?name=alice'));
    const proofs = ok(await node.client.getUserNameProofsByFid({ fid: 1 }));
    assert.deepEqual({ proofs: proofs.proofs.map(proofJson) }, await http('/v1/userNameProofsByFid?fid=1'));
  });

  it('GetFids, GetOnChainSignersByFid and GetOnChainEvents page as HTTP does', async () => {
    const fids = (paging: Paging) => node.client.getFids({ shardId: 1, ...paging });
    const fidsOf = (response: { fids: number[] }) => response.fids;
    assert.deepEqual(await walkBoth(fids, fidsOf, ['/v1/fids', 'fids'], { pageSize: 1 }), [[1], [2]]);
    const reversed = await walkBoth(fids, fidsOf, ['/v1/fids', 'fids'], { pageSize: 5, reverse: true });
    assert.deepEqual(reversed, [[2, 1]]);

    const eventsOf = (response: { events: CoreOnChainEvent[] }) => response.events.map(onChainEventJson);
    const signers = (paging: Paging) => node.client.getOnChainSignersByFid({ fid: 1, ...paging });
    const signerRoute = ['/v1/onChainSignersByFid?fid=1', 'events'] as const;
    const signerPages = await walkBoth(signers, eventsOf, signerRoute, { pageSize: 3 });
    assert.deepEqual(
      signerPages.map((page) => page.length),
      [3, 1],
    );
    const backward = await walkBoth(signers, eventsOf, signerRoute, { pageSize: 2, reverse: true });
    assert.deepEqual(backward.flat(), signerPages.flat().toReversed());

    for (const [type, count] of [
      [OnChainEventType.EVENT_TYPE_SIGNER, 4],
      [OnChainEventType.EVENT_TYPE_ID_REGISTER, 1],
      [OnChainEventType.EVENT_TYPE_STORAGE_RENT, 1],
    ] as const) {
      const events = (paging: Paging) => node.client.getOnChainEvents({ fid: 1, eventType: type, ...paging });
      const route = [`/v1/onChainEventsByFid?fid=1&event_type=${type}`, 'events'] as const;
      const pages = await walkBoth(events, eventsOf, route, { pageSize: 2, reverse: true });
      assert.equal(pages.flat().length, count);
    }
  });

  it('GetCurrentStorageLimitsByFid has storageLimitsByFid limits and units', async () => {
    const limits = ok(await node.client.getCurrentStorageLimitsByFid({ fid: 1 }));
    const body = await http('/v1/storageLimitsByFid?fid=1');
    assert.equal(limits.units, body.units);
    const row = (limit: Json) => [limit.name, limit.limit, limit.used, limit.earliestTimestamp];
    assert.deepEqual(limits.limits.map(row), body.limits.map(row));
    assert.deepEqual(
      limits.limits.map((limit) => base64(limit.earliestHash)),
      body.limits.map((limit: Json) => limit.earliestHash),
    );
    const details = limits.unitDetails.map((detail) => [detail.unitSize, detail.purchasedUnitSize]);
    assert.deepEqual(details, [
      [0, 0],
      [1, 1],
    ]);
  });

  it('GetEvent is eventById', async () => {
    const { events } = await http('/v1/events');
    const last = events.at(-1);
    const event = ok(await node.client.getEvent({ id: last.id, shardIndex: 0 }));
    assert.deepEqual(hubJson(CoreHubEvent, HubEvent, event), last);
    await sameRefusal(
      node.client.getEvent({ id: last.id + 1, shardIndex: 0 }),
      `/v1/eventById?event_id=${last.id + 1}`,
      'not_found',
    );
  });

  it('GetEvents: start_id inclusive, stop_id exclusive, paged both ways', async () => {
    const ids: number[] = (await http('/v1/events')).events.map((event: Json) => event.id);
    const middle = ids.slice(2, 10);
    const range = (paging: Paging) =>
      node.client.getEvents({ startId: middle[0] ?? 0, stopId: ids[10], ...paging });
    const idsOf = (response: { events: { id: number }[] }) => response.events.map((event) => event.id);
    const forward = await walk(range, idsOf, { pageSize: 3 });
    assert.deepEqual(
      forward.map((page) => page.items),
      [middle.slice(0, 3), middle.slice(3, 6), middle.slice(6)],
    );
    const backward = await walk(range, idsOf, { pageSize: 5, reverse: true });
    assert.deepEqual(
      backward.flatMap((page) => page.items),
      middle.toReversed(),
    );
    const fromStart = (paging: Paging) => node.client.getEvents({ startId: 0, ...paging });
    const everything = await walk(fromStart, idsOf, {});
    assert.deepEqual(
      everything.flatMap((page) => page.items),
      ids,
    );
  });

  it('GetAll*MessagesByFid: adds and removes, inclusive timestamp bounds, paging', async () => {
    const all = (
      read: 'Cast' | 'Reaction' | 'Link' | 'UserData' | 'Verification' | 'LendStorage',
      request: object = {},
    ) => grpcMessages(node.client[`getAll${read}MessagesByFid`]({ fid: 1, ...request }));
    assert.deepEqual(await all('Reaction'), [m.like, m.recast, m.unlike].map(json));
    assert.deepEqual(await all('Link'), [m.follow, m.compact].map(json));
    assert.deepEqual(await all('UserData'), [m.pfp, m.display].map(json));
    assert.deepEqual(await all('Verification'), [m.verification, m.unverify].map(json));
    assert.deepEqual(await all('LendStorage'), []);

    const bounds = { startTimestamp: NOW - 300, stopTimestamp: NOW - 200 };
    assert.deepEqual(await all('Cast', bounds), [m.reply, m.channel, m.mention].map(json));
    assert.deepEqual(await all('Cast', { startTimestamp: NOW - 190 }), [json(m.removal)]);
    assert.deepEqual(await all('Cast', { stopTimestamp: NOW - 400 }), [json(m.a1)]);
    assert.deepEqual(await all('Cast', { startTimestamp: NOW - 199, stopTimestamp: NOW - 201 }), []);
    assert.deepEqual(await all('Cast', { stopTimestamp: 0xffff_ffff }), await all('Cast'));
    const bounded = (paging: Paging) => node.client.getAllCastMessagesByFid({ fid: 1, ...bounds, ...paging });
    const pages = await walk(bounded, messagesOf, { pageSize: 2, reverse: true });
    assert.deepEqual(
      pages.map((page) => page.items),
      [[json(m.mention), json(m.channel)], [json(m.reply)]],
    );

    const beyond = errorOf(await node.client.getAllCastMessagesByFid({ fid: 1, startTimestamp: 2 ** 32 }));
    assert.equal(beyond.errCode, 'bad_request.invalid_param');
    const noFid = errorOf(await node.client.getAllLinkMessagesByFid({ fid: 0 }));
    assert.equal(noFid.errCode, 'bad_request.validation_failure');
  });

  it('GetLinkCompactStateMessageByFid', async () => {
    assert.deepEqual(await grpcMessages(node.client.getLinkCompactStateMessageByFid({ fid: 1 })), [
      json(m.compact),
    ]);
    assert.deepEqual(await grpcMessages(node.client.getLinkCompactStateMessageByFid({ fid: 2 })), []);
  });

  it('GetSigner and GetSignersByFid: the on-chain keys as signer records', async () => {
    const key = alice.signer.publicKey;
    const { signer } = ok(await node.client.getSigner({ fid: 1, signer: key }));
    const event = ok(await node.client.getOnChainSigner({ fid: 1, signer: key }));
    assert.ok(signer !== undefined && signer.onchainEvent !== undefined);
    assert.equal(signer.source, SignerSource.ONCHAIN);
    assert.equal(bytesToHex(signer.key), bytesToHex(key));
    assert.equal(signer.keyType, 1);
    assert.equal(signer.fid, 1);
    assert.equal(signer.addedAt, event.blockTimestamp);
    assert.deepEqual(onChainEventJson(signer.onchainEvent), onChainEventJson(event));
    assert.equal(signer.lastUsedAt, undefined);
    const missing = errorOf(await node.client.getSigner({ fid: 2, signer: key }));
    assert.deepEqual(missing, { errCode: 'not_found', message: 'Active signer not found' });

    const request = { fid: 1, pageSize: 3, requesterFids: [7, 9] };
    const first = ok(await node.client.getSignersByFid(request));
    const events = ok(await node.client.getOnChainSignersByFid({ fid: 1, pageSize: 3 }));
    assert.deepEqual(
      first.signers.map((s) => bytesToHex(s.key)),
      events.events.map((e) => bytesToHex(e.signerEventBody?.key ?? new Uint8Array())),
    );
    assert.deepEqual(first.requesterFidNonces, { 7: 0, 9: 0 });
    assert.equal(first.gaslessSignerCount, 0);
    const rest = ok(await node.client.getSignersByFid({ ...request, pageToken: first.nextPageToken }));
    assert.equal(rest.signers.length, 1);
    assert.equal(rest.nextPageToken, undefined);
  });

  it('GetFidAddressType and GetIdRegistryOnChainEvent', async () => {
    const type = async (fid: number, bytes: Uint8Array) =>
      ok(await node.client.getFidAddressType({ fid, address: bytes }));
    assert.deepEqual(await type(1, address(1)), { isCustody: true, isAuth: false, isVerified: false });
    assert.deepEqual(await type(1, eth.address), { isCustody: false, isAuth: false, isVerified: true });
    assert.deepEqual(await type(2, address(1)), { isCustody: false, isAuth: false, isVerified: false });
    assert.deepEqual(await type(99, address(1)), { isCustody: false, isAuth: false, isVerified: false });
    assert.equal(
      errorOf(await node.client.getFidAddressType({ fid: 1, address: new Uint8Array(4) })).errCode,
      'bad_request.validation_failure',
    );

    const register = ok(await node.client.getIdRegistryOnChainEvent({ fid: 1 }));
    const [registered] = (await http('/v1/onChainEventsByFid?fid=1&event_type=3')).events;
    assert.deepEqual(onChainEventJson(register), registered);
    assert.equal(errorOf(await node.client.getIdRegistryOnChainEvent({ fid: 99 })).errCode, 'not_found');
  });

  it('hub-nodejs 0.11 reads GetInfo (numFidEvents: the registered fids) and GetCastsByFid', async () => {
    const client = getInsecureHubRpcClient(node.grpc.address);
    try {
      const info = await client.getInfo({ dbStats: true });
      assert.ok(info.isOk());
      assert.equal(info.value.dbStats?.numFidEvents, 2);
      const casts = await client.getCastsByFid({ fid: 1 });
      assert.ok(casts.isOk());
      assert.deepEqual(
        casts.value.messages.map((message) => bytesToHex(message.hash)),
        [m.a1, m.reply, m.channel, m.mention].map(hex),
      );
    } finally {
      client.close();
    }
  });
});
