import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  castAdd,
  castIdOf,
  castRemove,
  compactState,
  ensProof,
  ethAccount,
  link,
  reaction,
  setUpAccount,
  userData,
  verificationAdd,
  type TestAccount,
} from '../src/node/engine/testing.js';
import { openNodeHttp } from '../src/node/http/testing.js';
import { makeMessage } from '../src/protocol/builder.js';
import { Message, UserDataType, type MessageData } from '../src/protocol/gen/message.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { Dialect } from '../src/storage/index.js';
import { forEachDialect } from '../src/storage/testing.js';
import {
  fingerprint,
  fuzzCampaigns,
  fuzzSettings,
  HOSTILE_TEXTS,
  isWrite,
  longText,
  mutateBytes,
  nodeErrorShape,
  OTHER_CONTENT_TYPES,
  fuzzTarget,
  serverErrors,
  UNICODE_TEXTS,
  type FuzzRequest,
  type Rng,
  type Route,
  type ServiceFixture,
} from './support/fuzz.js';

/**
 * Hostile input to the node: mutated and maliciously re-signed protobufs, other media types and
 * oversize bodies to every write route, malformed query strings to every read route. No 500, every error
 * in the hub's §7 body, and a rejected request never changes the database. Larger runs: bench/fuzz.ts.
 */

const FILE = 'test/fuzz-node.test.ts';
const settings = fuzzSettings({ seed: 11_001, iterations: 250 });
/** Fastify's default, which the node keeps. */
const BODY_LIMIT = 1024 * 1024;
const OCTET_STREAM = { 'content-type': 'application/octet-stream' };

const encode = (message: Message) => Message.encode(message).finish();

interface NodeFixture extends ServiceFixture {
  accounts: TestAccount[];
  /** A merged cast the generated messages refer to. */
  seeded: ReceivedMessage;
  /** Verification messages are signed asynchronously, so a few are made up front. */
  verifications: ReceivedMessage[];
}

/** A node on a fresh database with three accounts, a cast, a reaction and a link. */
async function openFixture(dialect: Dialect): Promise<NodeFixture> {
  const errors = serverErrors();
  const node = await openNodeHttp(dialect, { logger: errors.logger });
  try {
    const accounts: TestAccount[] = [];
    for (const fid of [1, 2, 3]) accounts.push(await setUpAccount(node.database.db, fid));
    const [alice, bob] = accounts as [TestAccount, TestAccount];
    const seeded = castAdd(alice, 'seeded', 500);
    const verifications: ReceivedMessage[] = [];
    for (let n = 0; n < 3; n++) verifications.push(await verificationAdd(alice, ethAccount(n), 400 - n));
    for (const message of [
      seeded,
      reaction(bob, true, { castId: castIdOf(seeded) }, 450),
      link(bob, true, 1, 450),
    ]) {
      const merged = await node.post('/v1/submitMessage', message.message);
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
    }
    const page = await node.get('/v1/castsByFid?fid=1&pageSize=1');
    const hash = bytesToHex(seeded.message.hash);
    const dictionary = {
      fid: ['1', '2', '3'],
      target_fid: ['1', '2'],
      hash: [hash],
      target_hash: [hash],
      url: ['https://example.com/channel'],
      reaction_type: ['REACTION_TYPE_LIKE', '1', 'Like'],
      link_type: ['follow'],
      user_data_type: ['USER_DATA_TYPE_PFP', '1'],
      pageSize: ['1', '2', '100', '0'],
      pageToken: [String(page.body.nextPageToken)],
      reverse: ['true', '1', 'false'],
      address: [bytesToHex(ethAccount(0).address)],
      signer: [bytesToHex(alice.signer.publicKey)],
      requesterFids: ['1', '1,2'],
      event_type: ['EVENT_TYPE_SIGNER', 'EVENT_TYPE_SIGNER_MIGRATED', '1'],
      name: ['alice.eth', 'alice'],
      from_event_id: ['0', '1'],
      event_id: ['1'],
      id: ['1'],
    };
    const all = await fuzzTarget({
      name: 'node',
      app: node.app,
      shape: nodeErrorShape,
      lastServerError: errors.last,
      fingerprint: () => fingerprint(node.database),
    });
    // A stream answers a valid request with a response that never ends; its parameters and refusals are
    // driven by test/node-event-stream.test.ts.
    const target = { ...all, routes: all.routes.filter((route) => route.url !== '/v1/events/stream') };
    return { target, accounts, seeded, verifications, dictionary, close: () => node.close() };
  } catch (error) {
    await node.close();
    throw error;
  }
}

/** A fresh, correctly signed message of any kind (some merge, some are refused by the engine's rules). */
function validMessage(r: Rng, f: NodeFixture): ReceivedMessage {
  const account = r.pick(f.accounts);
  const ago = r.int(10_000);
  const parent = castIdOf(f.seeded);
  return r.pick<() => ReceivedMessage>([
    () => castAdd(account, r.pick(['gm', 'hello world', ...UNICODE_TEXTS]), ago),
    () => castAdd(account, 'reply', ago, { parentCastId: parent, mentions: [1, 2] }),
    () => castRemove(account, f.seeded.message.hash, ago),
    () => reaction(account, r.chance(0.7), { castId: parent }, ago),
    () => reaction(account, true, { url: 'https://example.com/x' }, ago),
    () => link(account, r.chance(0.7), r.pick([1, 2, 3, 99]), ago),
    () => compactState(account, [1, 2], ago),
    () =>
      userData(account, r.pick([UserDataType.PFP, UserDataType.BIO, UserDataType.USERNAME]), 'value', ago),
    () => ensProof(account, 'alice.eth', account.custody, ago),
    () => r.pick(f.verifications),
  ])();
}

/** Replaces one or two fields anywhere in the data with an edge value of about the same type. */
function hostileData(r: Rng, data: MessageData): MessageData {
  const copy = structuredClone(data);
  const fields: [Record<string, unknown>, string][] = [];
  const collect = (object: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(object)) {
      fields.push([object, key]);
      if (
        typeof value === 'object' &&
        value !== null &&
        !(value instanceof Uint8Array) &&
        !Array.isArray(value)
      ) {
        collect(value as Record<string, unknown>);
      }
    }
  };
  collect(copy as unknown as Record<string, unknown>);
  for (let n = 1 + r.int(2); n > 0; n--) {
    const [object, key] = r.pick(fields);
    const value = object[key];
    object[key] =
      typeof value === 'number'
        ? r.pick([0, 1, 99, 2 ** 31, 2 ** 32 - 1, 2 ** 53 - 1, 4_000_000_000])
        : typeof value === 'string'
          ? r.pick([...HOSTILE_TEXTS, longText(r)])
          : value instanceof Uint8Array
            ? r.bytes(r.pick([0, 1, 19, 21, 33, 65, 300, 2000]))
            : Array.isArray(value)
              ? r.pick([
                  [],
                  Array.from({ length: r.pick([11, 1000]) }, () => value[0] ?? 1),
                  [...value, ...value],
                ])
              : undefined;
  }
  return copy;
}

/** A message whose data holds hostile values, hashed and signed as a real client would (or by another fid). */
function resigned(r: Rng, f: NodeFixture): Uint8Array {
  const base = validMessage(r, f);
  const own = f.accounts.find((account) => account.fid === base.data.fid);
  const signer = (r.chance(0.9) && own !== undefined ? own : r.pick(f.accounts)).signer;
  let message: Message;
  try {
    message = makeMessage(hostileData(r, base.data), signer);
  } catch {
    // The encoder refused the value (e.g. a number too large for its field); send a cut message instead.
    return encode(base.message).subarray(0, 10);
  }
  return encode(r.chance(0.2) ? { ...message, dataBytes: undefined } : message);
}

function writeRequest(r: Rng, f: NodeFixture, { url }: Route): FuzzRequest {
  const headers = OCTET_STREAM;
  const valid = () => encode(validMessage(r, f).message);
  return r.weighted<FuzzRequest>([
    [
      45,
      () => ({
        method: 'POST',
        url,
        headers,
        payload: mutateBytes(r, valid(), valid()),
        note: 'mutated bytes',
      }),
    ],
    [30, () => ({ method: 'POST', url, headers, payload: resigned(r, f), note: 'hostile data, re-signed' })],
    [8, () => ({ method: 'POST', url, headers, payload: valid(), note: 'valid' })],
    [5, () => ({ method: 'POST', url, headers, payload: r.bytes(r.int(100)), note: 'random bytes' })],
    [
      7,
      () => {
        const type = r.pick(OTHER_CONTENT_TYPES);
        const typed: Record<string, string> = type === undefined ? {} : { 'content-type': type };
        const payload = r.chance(0.5) ? valid() : '{"data":{"fid":1}}';
        return { method: 'POST', url, headers: typed, payload, note: `content-type ${String(type)}` };
      },
    ],
    [
      3,
      () => ({
        method: 'POST',
        url,
        headers,
        payload: r.bytes(BODY_LIMIT + 1 + r.int(4096)),
        note: 'oversize',
      }),
    ],
    [2, () => ({ method: 'POST', url, headers, payload: '', note: 'empty' })],
  ]);
}

forEachDialect('fuzz: node HTTP API', (dialect) => {
  fuzzCampaigns({
    file: FILE,
    settings,
    open: () => openFixture(dialect),
    expectRoutes(routes) {
      const writes = routes.filter(isWrite).map((route) => `${route.method} ${route.url}`);
      assert.deepEqual(writes.sort(), ['POST /v1/submitMessage', 'POST /v1/validateMessage']);
      const reads = routes.filter((route) => !isWrite(route));
      assert.ok(reads.length >= 24, `${reads.length} read routes`);
      assert.ok(
        reads.find((route) => route.url === '/v1/castsByParent')?.query.some((param) => param.name === 'url'),
      );
    },
    writeTitle: 'answers hostile protobufs, media types and oversize bodies without a 500 or a change',
    write: writeRequest,
  });

  it('stores URLs and link types that contain NUL, as the protocol allows, and finds them by them', async () => {
    const f = await openFixture(dialect);
    try {
      const alice = f.accounts[0] as TestAccount;
      const url = 'https://example.com/\u0000';
      const messages = [
        castAdd(alice, 'nul', 100, { parentUrl: url }),
        reaction(alice, true, { url }, 101),
        link(alice, true, 2, 102, 'fo\u0000'),
      ];
      for (const message of messages) {
        const submitted = await f.target.app.inject({
          method: 'POST',
          url: '/v1/submitMessage',
          payload: Buffer.from(encode(message.message)),
          headers: OCTET_STREAM,
        });
        assert.equal(submitted.statusCode, 200, submitted.body);
      }
      const read = async (path: string) => {
        const response = await f.target.app.inject({ method: 'GET', url: path });
        assert.equal(response.statusCode, 200, response.body);
        return response.json<{ messages: { data: Record<string, Record<string, unknown>> }[] }>().messages;
      };
      const casts = await read(`/v1/castsByFid?fid=${alice.fid}&reverse=1&pageSize=1`);
      assert.equal(casts[0]?.data.castAddBody?.parentUrl, url);
      const reactions = await read(`/v1/reactionsByFid?fid=${alice.fid}&reverse=1&pageSize=1`);
      assert.equal(reactions[0]?.data.reactionBody?.targetUrl, url);
      const links = await read(`/v1/linksByFid?fid=${alice.fid}&reverse=1&pageSize=1`);
      assert.equal(links[0]?.data.linkBody?.type, 'fo\u0000');
      // And found by the lookups those columns serve, NUL and all.
      const byParent = await read(`/v1/castsByParent?url=${encodeURIComponent(url)}`);
      assert.deepEqual(
        byParent.map((message) => message.data.castAddBody?.parentUrl),
        [url],
      );
      const byTarget = await read(`/v1/reactionsByTarget?url=${encodeURIComponent(url)}`);
      assert.deepEqual(
        byTarget.map((message) => message.data.reactionBody?.targetUrl),
        [url],
      );
      const byType = await read(
        `/v1/linksByFid?fid=${alice.fid}&link_type=${encodeURIComponent('fo\u0000')}`,
      );
      assert.equal(byType.length, 1);
    } finally {
      await f.close();
    }
  });
});
