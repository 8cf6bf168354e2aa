import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ethAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openApiShape, openNodeHttp } from '../src/node/http/testing.js';
import type { Json, NodeHttpHarness } from '../src/node/http/testing.js';
import { address } from '../src/node/onchain/testing.js';
import { Message } from '../src/protocol/gen/message.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { toHubJson } from '../src/protocol/hub-json.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { CHANNEL, seedReads } from './support/read-seed.js';
import type { ReadSeed } from './support/read-seed.js';

/** Every read endpoint of node-api.md §1.3 over one seeded node, on each database. */

const json = (received: ReceivedMessage): Json => toHubJson(Message, received.message);
const hex = (received: ReceivedMessage) => bytesToHex(received.message.hash);

forEachDialect('node HTTP reads', (dialect) => {
  let node: NodeHttpHarness;
  let alice: TestAccount;
  let eth: ReadSeed['eth'];
  let m: ReadSeed['m'];

  before(async () => {
    node = await openNodeHttp(dialect);
    ({ alice, eth, m } = await seedReads(node));
  });
  after(() => node?.close());

  const ok = async (path: string): Promise<Json> => {
    const { status, body } = await node.get(path);
    assert.equal(status, 200, `${path}: ${JSON.stringify(body)}`);
    return body;
  };
  const refused = async (path: string, errCode: string, details: string | RegExp, code = 3) => {
    const { status, body } = await node.get(path);
    assert.equal(status, 400, `${path}: ${JSON.stringify(body)}`);
    openApiShape.error(body, errCode, code);
    if (typeof details === 'string') assert.equal(body.details, details);
    else assert.match(body.details, details);
  };
  const notFound = (path: string, details: string) => refused(path, 'not_found', details, 5);
  const page = async (path: string): Promise<Json[]> => {
    const body = await ok(path);
    openApiShape.messagesPage(body);
    assert.equal(body.nextPageToken, '');
    return body.messages;
  };

  it('castById: one CastAdd in the reference JSON, hash with or without 0x', async () => {
    const body = await ok(`/v1/castById?fid=1&hash=${hex(m.a1)}`);
    openApiShape.message(body);
    assert.deepEqual(body, json(m.a1));
    assert.equal(body.data.castAddBody.text, 'first');
    assert.equal(body.dataBytes, Buffer.from(m.a1.message.dataBytes ?? []).toString('base64'));
    assert.deepEqual(await ok(`/v1/castById?fid=1&hash=${hex(m.a1).slice(2)}`), body);
    await notFound(`/v1/castById?fid=1&hash=${hex(m.b1)}`, 'castAddMessage not found for 1');
    await notFound(`/v1/castById?fid=1&hash=${hex(m.doomed)}`, 'castAddMessage not found for 1');
    await refused(
      '/v1/castById?fid=1&hash=0xnothex',
      'bad_request.validation_failure',
      /^hash must be 20 bytes/,
    );
    await refused(`/v1/castById?hash=${hex(m.a1)}`, 'bad_request.validation_failure', 'fid is required');
  });

  it('castsByFid: adds and removes, oldest first or reversed', async () => {
    const casts = await page('/v1/castsByFid?fid=1');
    assert.deepEqual(casts, [m.a1, m.reply, m.channel, m.mention, m.removal].map(json));
    assert.deepEqual(await page('/v1/castsByFid?fid=1&reverse=1'), casts.toReversed());
    assert.deepEqual(await page('/v1/castsByFid?fid=3'), []);
    await refused(
      '/v1/castsByFid?fid=abc',
      'bad_request.validation_failure',
      'fid must be a positive integer',
    );
  });

  it('castsByParent: by parent cast (which wins over url) or by url', async () => {
    const parent = `fid=2&hash=${hex(m.b1)}`;
    assert.deepEqual(await page(`/v1/castsByParent?${parent}`), [json(m.reply)]);
    assert.deepEqual(await page(`/v1/castsByParent?url=${encodeURIComponent(CHANNEL)}`), [json(m.channel)]);
    assert.deepEqual(await page(`/v1/castsByParent?${parent}&url=${encodeURIComponent(CHANNEL)}`), [
      json(m.reply),
    ]);
    const needs = 'castsByParent needs either fid and hash (the parent cast) or url';
    await refused('/v1/castsByParent', 'bad_request.validation_failure', needs);
    await refused('/v1/castsByParent?fid=2', 'bad_request.validation_failure', needs);
  });

  it('castsByMention', async () => {
    assert.deepEqual(await page('/v1/castsByMention?fid=2'), [json(m.mention)]);
    assert.deepEqual(await page('/v1/castsByMention?fid=1'), []);
  });

  it('reactionById, reactionsByFid, reactionsByCast, reactionsByTarget with every reaction_type form', async () => {
    const target = `target_fid=2&target_hash=${hex(m.b1)}`;
    assert.deepEqual(
      await ok(`/v1/reactionById?fid=1&${target}&reaction_type=REACTION_TYPE_LIKE`),
      json(m.like),
    );
    assert.deepEqual(await ok(`/v1/reactionById?fid=1&${target}&reaction_type=2`), json(m.recast));
    assert.deepEqual(await ok(`/v1/reactionById?fid=1&${target}&reaction_type=like`), json(m.like));
    await notFound(`/v1/reactionById?fid=2&${target}&reaction_type=1`, 'reactionAddMessage not found for 2');
    await refused(
      `/v1/reactionById?fid=1&${target}`,
      'bad_request.validation_failure',
      'reaction_type is required',
    );
    await refused(
      `/v1/reactionById?fid=1&${target}&reaction_type=LOVE`,
      'bad_request.validation_failure',
      /^reaction_type "LOVE" is not a known value/,
    );

    const both = [json(m.like), json(m.recast)];
    assert.deepEqual(await page('/v1/reactionsByFid?fid=1'), both);
    assert.deepEqual(await page('/v1/reactionsByFid?fid=1&reaction_type=0'), both);
    assert.deepEqual(await page('/v1/reactionsByFid?fid=1&reaction_type=REACTION_TYPE_RECAST'), [
      json(m.recast),
    ]);
    assert.deepEqual(await page(`/v1/reactionsByCast?${target}`), both);
    assert.deepEqual(await page(`/v1/reactionsByCast?${target}&reaction_type=1`), [json(m.like)]);
    await refused(
      '/v1/reactionsByCast?target_fid=2',
      'bad_request.validation_failure',
      'target_hash is required',
    );
    assert.deepEqual(await page(`/v1/reactionsByTarget?url=${encodeURIComponent(CHANNEL)}`), [
      json(m.urlLike),
    ]);
    assert.deepEqual(
      await page(`/v1/reactionsByTarget?url=${encodeURIComponent(CHANNEL)}&reaction_type=2`),
      [],
    );
  });

  it('linkById, linksByFid, linksByTargetFid', async () => {
    assert.deepEqual(await ok('/v1/linkById?fid=1&target_fid=2&link_type=follow'), json(m.follow));
    await notFound('/v1/linkById?fid=1&target_fid=3&link_type=follow', 'Link Add Message not found for 1');
    await refused(
      '/v1/linkById?fid=1&target_fid=2',
      'bad_request.validation_failure',
      'link_type is required',
    );
    assert.deepEqual(await page('/v1/linksByFid?fid=1'), [json(m.follow)]);
    assert.deepEqual(await page('/v1/linksByFid?fid=1&link_type=follow'), [json(m.follow)]);
    assert.deepEqual(await page('/v1/linksByFid?fid=1&link_type=block'), []);
    assert.deepEqual(await page('/v1/linksByTargetFid?target_fid=1'), [json(m.followBack)]);
  });

  it('userDataByFid: a page, or one message of user_data_type', async () => {
    assert.deepEqual(await page('/v1/userDataByFid?fid=1'), [json(m.pfp), json(m.display)]);
    assert.deepEqual(await page('/v1/userDataByFid?fid=1&user_data_type=0'), [json(m.pfp), json(m.display)]);
    assert.deepEqual(await ok('/v1/userDataByFid?fid=1&user_data_type=USER_DATA_TYPE_PFP'), json(m.pfp));
    assert.deepEqual(await ok('/v1/userDataByFid?fid=1&user_data_type=2'), json(m.display));
    await notFound('/v1/userDataByFid?fid=1&user_data_type=BIO', 'NotFound: UserDataAdd message not found');
    await refused(
      '/v1/userDataByFid?fid=1&user_data_type=99',
      'bad_request.validation_failure',
      /not a known value/,
    );
  });

  it('verificationsByFid: a page with the compatibility copies, or one address', async () => {
    const [verification] = await page('/v1/verificationsByFid?fid=1');
    assert.deepEqual(verification, json(m.verification));
    const body = verification.data.verificationAddAddressBody;
    assert.equal(body.address, bytesToHex(eth.address));
    assert.deepEqual(verification.data.verificationAddEthAddressBody, body);
    assert.equal(body.ethSignature, body.claimSignature);
    assert.deepEqual(
      await ok(`/v1/verificationsByFid?fid=1&address=${bytesToHex(eth.address)}`),
      verification,
    );
    await notFound(
      `/v1/verificationsByFid?fid=1&address=${bytesToHex(ethAccount(2).address)}`,
      'NotFound: verificationAddMessage not found for 1',
    );
    await refused(
      '/v1/verificationsByFid?fid=1&address=0x12',
      'bad_request.validation_failure',
      /^address must be/,
    );
  });

  it('storageLimitsByFid: limits, use and units in the reference shape', async () => {
    const body = await ok('/v1/storageLimitsByFid?fid=1');
    assert.deepEqual(Object.keys(body), ['limits', 'units', 'unitDetails']);
    assert.equal(body.units, 1);
    assert.deepEqual(body.unitDetails, [
      { unitType: 'UNIT_TYPE_LEGACY', unitSize: 0 },
      { unitType: 'UNIT_TYPE_2024', unitSize: 1 },
    ]);
    const casts = body.limits.find((limit: Json) => limit.storeType === 'STORE_TYPE_CASTS');
    assert.deepEqual(casts, {
      storeType: 'STORE_TYPE_CASTS',
      name: 'CASTS',
      limit: 1000,
      used: 5,
      earliestTimestamp: m.a1.data.timestamp,
      earliestHash: Buffer.from(m.a1.message.hash).toString('base64'),
    });
    assert.deepEqual(
      body.limits.map((limit: Json) => limit.storeType),
      ['CASTS', 'LINKS', 'REACTIONS', 'USER_DATA', 'VERIFICATIONS', 'USERNAME_PROOFS', 'STORAGE_LENDS'].map(
        (s) => `STORE_TYPE_${s}`,
      ),
    );
    const empty = await ok('/v1/storageLimitsByFid?fid=99');
    assert.equal(empty.units, 0);
    assert.ok(empty.limits.every((limit: Json) => limit.limit === 0 && limit.earliestHash === ''));
  });

  it('userNameProofByName and userNameProofsByFid', async () => {
    const proof = await ok('/v1/userNameProofByName?name=alice');
    openApiShape.usernameProof(proof);
    assert.equal(proof.name, 'alice');
    assert.equal(proof.fid, 1);
    assert.equal(proof.type, 'USERNAME_TYPE_FNAME');
    assert.equal(proof.owner, bytesToHex(address(1)));
    assert.deepEqual(await ok('/v1/userNameProofsByFid?fid=1'), { proofs: [proof] });
    assert.deepEqual(await ok('/v1/userNameProofsByFid?fid=2'), { proofs: [] });
    await notFound('/v1/userNameProofByName?name=nobody', 'NotFound: UserNameProof not found for nobody');
    await notFound(
      '/v1/userNameProofByName?name=nobody.eth',
      'NotFound: UserNameProof not found for nobody.eth',
    );
    await refused(
      '/v1/userNameProofByName?name=Not%20A%20Name',
      'bad_request.validation_failure',
      /^name: fname/,
    );
  });

  it('onChainSignersByFid: the active signers, or one signer', async () => {
    const signer = bytesToHex(alice.signer.publicKey);
    const body = await ok('/v1/onChainSignersByFid?fid=1');
    assert.deepEqual(Object.keys(body), ['events'], 'no nextPageToken on the last page');
    const [event] = body.events;
    openApiShape.onChainEvent(event);
    assert.equal(event.signerEventBody.key, signer);
    assert.equal(event.signerEventBody.eventType, 'SIGNER_EVENT_TYPE_ADD');
    // The spec's `events` array and the older reference's bare event, in one answer.
    assert.deepEqual(await ok(`/v1/onChainSignersByFid?fid=1&signer=${signer}`), {
      events: [event],
      ...event,
    });
    await notFound(`/v1/onChainSignersByFid?fid=2&signer=${signer}`, 'no such active signer');
    await refused(
      '/v1/onChainSignersByFid?fid=1&signer=0x1234',
      'bad_request.validation_failure',
      /^signer must be 32/,
    );
  });

  it('onChainEventsByFid: each event type, by number or name', async () => {
    const events = async (query: string) => (await ok(`/v1/onChainEventsByFid?${query}`)).events as Json[];
    const [register] = await events('fid=1&event_type=EVENT_TYPE_ID_REGISTER');
    openApiShape.onChainEvent(register);
    assert.equal(register.idRegisterEventBody.eventType, 'ID_REGISTER_EVENT_TYPE_REGISTER');
    assert.equal(register.idRegisterEventBody.to, bytesToHex(address(1)));
    // No sender: `0x`, as the spec (§2.19) and Snapchain render empty bytes.
    assert.equal(register.idRegisterEventBody.from, '0x');
    assert.equal(register.idRegisterEventBody.recoveryAddress.slice(0, 2), '0x');
    const [rent] = await events('fid=1&event_type=4');
    assert.equal(rent.storageRentEventBody.units, 1);
    assert.equal((await events('fid=1&event_type=signer')).length, 1);
    assert.deepEqual(await events('fid=0&event_type=EVENT_TYPE_SIGNER_MIGRATED'), []);
    await refused('/v1/onChainEventsByFid?fid=1', 'bad_request.validation_failure', 'event_type is required');
    await refused(
      '/v1/onChainEventsByFid?fid=1&event_type=2',
      'bad_request.invalid_param',
      'fid must be 0 for signer migrated events',
    );
  });

  it('onChainIdRegistryEventByAddress', async () => {
    const event = await ok(`/v1/onChainIdRegistryEventByAddress?address=${bytesToHex(address(2))}`);
    openApiShape.onChainEvent(event);
    assert.equal(event.fid, 2);
    const unknown = bytesToHex(address(77));
    await notFound(
      `/v1/onChainIdRegistryEventByAddress?address=${unknown}`,
      `NotFound: no id registry event for ${unknown}`,
    );
    await refused(
      '/v1/onChainIdRegistryEventByAddress?address=0x12',
      'bad_request.validation_failure',
      /^address must be 20/,
    );
  });

  it('fids', async () => {
    assert.deepEqual(await ok('/v1/fids'), { fids: [1, 2] });
    assert.deepEqual(await ok('/v1/fids?reverse=1'), { fids: [2, 1] });
  });

  it('events and eventById (event_id or id)', async () => {
    const body = await ok('/v1/events');
    assert.deepEqual(Object.keys(body), ['nextPageEventId', 'events']);
    const events: Json[] = body.events;
    events.forEach(openApiShape.hubEvent);
    // 3 on-chain events per account, then one merge per message.
    assert.equal(events.length, 6 + Object.keys(m).length);
    assert.deepEqual(
      events.map((event) => event.id),
      events.map((event) => event.id).toSorted((a, b) => a - b),
    );
    const last = events.at(-1);
    assert.equal(body.nextPageEventId, last.id + 1);
    assert.deepEqual(events[0].blockNumber, 0);
    assert.deepEqual(await ok(`/v1/eventById?event_id=${last.id}`), last);
    assert.deepEqual(await ok(`/v1/eventById?id=${last.id}`), last);
    const middle = await ok(`/v1/events?from_event_id=${events[3].id}`);
    assert.deepEqual(middle.events, events.slice(3));
    assert.deepEqual(await ok(`/v1/events?from_event_id=${body.nextPageEventId}`), {
      nextPageEventId: body.nextPageEventId,
      events: [],
    });
    await notFound(
      `/v1/eventById?event_id=${body.nextPageEventId}`,
      `NotFound: event ${body.nextPageEventId} not found`,
    );
    await refused('/v1/eventById', 'bad_request.validation_failure', 'event_id or id is required');
    await refused('/v1/events?from_event_id=-1', 'bad_request.validation_failure', /^from_event_id must be/);
  });

  it('info, with dbStats only when asked for', async () => {
    const info = await ok('/v1/info');
    assert.deepEqual(info, {
      version: 'test',
      isSyncing: false,
      nickname: 'agora',
      rootHash: await node.api.sync.trie.rootHash(),
      peerId: '',
      hubOperatorFid: 0,
    });
    assert.match(info.rootHash, /^[0-9a-f]{40}$/);
    assert.deepEqual(await ok('/v1/info?dbstats=false'), info);
    const { dbStats } = await ok('/v1/info?dbstats=1');
    // The sync trie's items: the messages (the removed cast gone), on-chain events and fname proofs.
    assert.equal(dbStats.numMessages, Object.keys(m).length - 1 + 6 + 1);
    assert.equal(dbStats.numFidEvents, 6);
    assert.equal(dbStats.numFnameEvents, 1);
    assert.ok(dbStats.approxSize > 0);
  });

  it('unknown routes are a 404 in the hub error body; health and OpenAPI come with the app', async () => {
    const { status, body } = await node.get('/v1/linkCompactStateByFid?fid=1');
    assert.equal(status, 404);
    openApiShape.error(body, 'not_found', 5);
    assert.equal(body.details, 'Route GET:/v1/linkCompactStateByFid not found');
    assert.equal((await node.app.inject('/_health')).statusCode, 200);
    const openapi = (await node.app.inject('/docs/openapi.json')).json();
    assert.ok('/v1/castById' in openapi.paths && '/v1/submitMessage' in openapi.paths);
    const repeated = await node.get('/v1/castsByFid?fid=1&fid=2');
    assert.equal(repeated.status, 400);
    openApiShape.error(repeated.body, 'bad_request.validation_failure', 3);
  });
});
