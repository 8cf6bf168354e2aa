import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { castAdd, setUpAccount, signed, signerFor } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openApiShape, openNodeHttp } from '../src/node/http/testing.js';
import type { NodeHttpHarness } from '../src/node/http/testing.js';
import { Message, MessageType } from '../src/protocol/gen/message.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { toHubJson } from '../src/protocol/hub-json.js';
import { configOf, NodeOptions } from '../src/shared/config/index.js';
import { testClock } from '../src/shared/test-clock.js';
import type { Dialect } from '../src/storage/index.js';
import { forEachDialect } from '../src/storage/testing.js';

/** submitMessage and validateMessage: outcomes, body faults, Basic auth, the rate limit and batching. */

const hex = (message: Message) => bytesToHex(message.hash);

function tampered(message: Message): Message {
  const signature = Uint8Array.from(message.signature);
  signature[0] = (signature[0] ?? 0) ^ 0xff;
  return { ...message, signature };
}

function frameAction(account: TestAccount): Message {
  return signed(account, {
    type: MessageType.FRAME_ACTION,
    frameActionBody: {
      url: new TextEncoder().encode('https://example.com/frame'),
      buttonIndex: 1,
      castId: { fid: account.fid, hash: new Uint8Array(20).fill(7) },
      inputText: new Uint8Array(),
      state: new Uint8Array(),
      transactionId: new Uint8Array(),
      address: new Uint8Array(),
    },
  }).message;
}

async function nodeWithAccount(dialect: Dialect, options: Parameters<typeof openNodeHttp>[1] = {}) {
  const node = await openNodeHttp(dialect, options);
  return { node, alice: await setUpAccount(node.database.db, 1) };
}

forEachDialect('node HTTP submit', (dialect) => {
  describe('submitMessage and validateMessage', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    before(async () => ({ node, alice } = await nodeWithAccount(dialect)));
    after(() => node?.close());

    const refused = async (
      response: Promise<{ status: number; body: unknown }>,
      errCode: string,
      details: string | RegExp,
      code = 3,
    ) => {
      const { status, body } = await response;
      assert.equal(status, 400, JSON.stringify(body));
      openApiShape.error(body, errCode, code);
      const text = (body as { details: string }).details;
      if (typeof details === 'string') assert.equal(text, details);
      else assert.match(text, details);
    };

    it('merges a message and echoes it as hub JSON; a second copy is a duplicate', async () => {
      const { message } = castAdd(alice, 'submitted', 50);
      const { status, body } = await node.post('/v1/submitMessage', message);
      assert.equal(status, 200);
      openApiShape.message(body);
      assert.deepEqual(body, toHubJson(Message, message));
      assert.deepEqual((await node.get(`/v1/castById?fid=1&hash=${hex(message)}`)).body, body);
      await refused(
        node.post('/v1/submitMessage', message),
        'bad_request.duplicate',
        'message has already been merged',
      );
    });

    it('accepts a message sent without dataBytes; reads then carry dataBytes, as the reference stores it', async () => {
      const { message } = castAdd(alice, 'no data bytes', 49);
      const bare = { ...message, dataBytes: undefined };
      const { status, body } = await node.post('/v1/submitMessage', bare);
      assert.equal(status, 200);
      assert.equal('dataBytes' in body, false);
      const read = (await node.get(`/v1/castById?fid=1&hash=${hex(message)}`)).body;
      assert.equal(read.dataBytes, Buffer.from(message.dataBytes ?? []).toString('base64'));
    });

    it('refuses with the engine’s errCode: bad signature, unknown fid, frame actions', async () => {
      await refused(
        node.post('/v1/submitMessage', tampered(castAdd(alice, 'x', 48).message)),
        'bad_request.validation_failure',
        'invalid signature',
      );
      const stranger = { ...alice, fid: 42 };
      await refused(
        node.post('/v1/submitMessage', castAdd(stranger, 'who', 47).message),
        'bad_request.unknown_fid',
        'unknown fid: 42',
        2,
      );
      await refused(
        node.post('/v1/submitMessage', frameAction(alice)),
        'bad_request.validation_failure',
        'invalid message type',
      );
    });

    it('refuses a signer that is not an active key of the fid, on submit and validate alike', async () => {
      const impostor = { ...alice, signer: signerFor(alice.fid, 9) };
      for (const url of ['/v1/submitMessage', '/v1/validateMessage']) {
        await refused(
          node.post(url, castAdd(impostor, 'not my key', 44).message),
          'bad_request.unknown_signer',
          `invalid signer: signer ${bytesToHex(impostor.signer.publicKey)} not found for fid ${alice.fid}`,
          2,
        );
      }
    });

    it('refuses a message whose hash is not the BLAKE3 hash of its data, on submit and validate alike', async () => {
      const { message } = castAdd(alice, 'rehashed', 43);
      const zeroed = { ...message, hash: new Uint8Array(20) };
      for (const url of ['/v1/submitMessage', '/v1/validateMessage']) {
        await refused(
          node.post(url, zeroed),
          'bad_request.validation_failure',
          `invalid hash. Expected=0x${'00'.repeat(20)}, computed=${hex(message)}`,
        );
      }
    });

    it('refuses bodies that are not a protobuf Message with a 400 saying why', async () => {
      const cast = Message.encode(castAdd(alice, 'typed', 46).message).finish();
      const onlyProtobuf =
        /This API accepts only Message protobufs encoded into bytes \(application\/octet-stream\)/;
      for (const contentType of ['application/json', 'text/plain', 'application/x-protobuf']) {
        await refused(
          node.post('/v1/submitMessage', cast, { headers: { 'content-type': contentType } }),
          'bad_request.parse_failure',
          new RegExp(`^Content-Type ${contentType.replace('/', '\\/')} is not supported`),
        );
      }
      const json = await node.app.inject({
        method: 'POST',
        url: '/v1/validateMessage',
        payload: { data: {} },
      });
      assert.equal(json.statusCode, 400);
      assert.equal(json.json().errCode, 'bad_request.parse_failure');
      const none = await node.app.inject({
        method: 'POST',
        url: '/v1/submitMessage',
        payload: Buffer.from(cast),
      });
      assert.equal(none.statusCode, 400);
      assert.match(none.json().details, /^Content-Type \(none\) is not supported/);

      await refused(
        node.post('/v1/submitMessage', Uint8Array.of(0x0a, 0xff, 0xff)),
        'bad_request.parse_failure',
        /^Could not parse Message\. .*: invalid message bytes/,
      );
      await refused(
        node.post('/v1/validateMessage', 'not a protobuf at all'),
        'bad_request.parse_failure',
        onlyProtobuf,
      );
      await refused(
        node.post('/v1/submitMessage', new Uint8Array()),
        'bad_request.validation_failure',
        'message data is missing',
      );
      await refused(
        node.post('/v1/submitMessage', new Uint8Array(2 * 1024 * 1024)),
        'bad_request.parse_failure',
        /too large/i,
      );
    });

    it('validateMessage checks without storing, and takes frame actions', async () => {
      const { message } = castAdd(alice, 'only validated', 45);
      const { status, body } = await node.post('/v1/validateMessage', message);
      assert.equal(status, 200);
      assert.deepEqual(body, { valid: true, message: toHubJson(Message, message) });
      assert.equal((await node.get(`/v1/castById?fid=1&hash=${hex(message)}`)).status, 400);
      const frame = await node.post('/v1/validateMessage', frameAction(alice));
      assert.equal(frame.status, 200);
      assert.equal(frame.body.message.data.type, 'MESSAGE_TYPE_FRAME_ACTION');
      assert.equal(
        frame.body.message.data.frameActionBody.url,
        Buffer.from('https://example.com/frame').toString('base64'),
      );
      await refused(
        node.post('/v1/validateMessage', tampered(message)),
        'bad_request.validation_failure',
        'invalid signature',
      );
    });
  });

  describe('Basic auth on submitMessage', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    before(
      async () =>
        ({ node, alice } = await nodeWithAccount(dialect, { rpcAuth: ['hub:secret', 'ops:pa:ss'] })),
    );
    after(() => node?.close());
    const basic = (credentials: string) => ({
      authorization: `Basic ${Buffer.from(credentials).toString('base64')}`,
    });

    it('refuses missing or wrong credentials with unauthenticated (code 16) and the reference texts', async () => {
      const message = castAdd(alice, 'auth', 40).message;
      const cases: [Record<string, string>, string][] = [
        [{}, 'Authorization header is empty'],
        [basic('eve:secret'), 'Invalid username or password for user: eve'],
        [basic('hub:wrong'), 'Invalid username or password for user: hub'],
      ];
      for (const [headers, reason] of cases) {
        const { status, body } = await node.post('/v1/submitMessage', message, { headers });
        assert.equal(status, 400);
        openApiShape.error(body, 'unauthenticated', 16);
        assert.equal(body.details, `gRPC authentication failed: ${reason}`);
      }
      assert.equal(
        (await node.post('/v1/submitMessage', message, { headers: basic('hub:secret') })).status,
        200,
      );
      const other = castAdd(alice, 'auth 2', 39).message;
      assert.equal(
        (await node.post('/v1/submitMessage', other, { headers: basic('ops:pa:ss') })).status,
        200,
      );
    });

    it('does not ask validateMessage or reads for credentials', async () => {
      assert.equal((await node.post('/v1/validateMessage', castAdd(alice, 'free', 38).message)).status, 200);
      assert.equal((await node.get('/v1/castsByFid?fid=1')).status, 200);
    });
  });

  describe('per-IP submit rate limit', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    before(async () => ({ node, alice } = await nodeWithAccount(dialect, { submitRateLimit: 2 })));
    after(() => node?.close());

    it('refuses a remote client over the limit with unavailable, and exempts loopback', async () => {
      const remote = { remoteAddress: '203.0.113.9' };
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const response = await node.post(
          '/v1/submitMessage',
          castAdd(alice, `remote ${i}`, 30 - i).message,
          remote,
        );
        statuses.push(response.status);
        if (i === 2) {
          openApiShape.error(response.body, 'unavailable', 14);
          assert.equal(response.body.details, 'API rate limit exceeded');
        }
      }
      assert.deepEqual(statuses, [200, 200, 400]);
      const other = await node.post('/v1/submitMessage', castAdd(alice, 'another ip', 20).message, {
        remoteAddress: '203.0.113.10',
      });
      assert.equal(other.status, 200);
      // validateMessage verifies a signature as a submit does: it counts against the same limit.
      const validate = (ago: number) =>
        node.post('/v1/validateMessage', castAdd(alice, `check ${ago}`, ago).message, {
          remoteAddress: '203.0.113.10',
        });
      assert.equal((await validate(19)).status, 200);
      const refused = await validate(18);
      openApiShape.error(refused.body, 'unavailable', 14);
      for (let i = 0; i < 4; i++) {
        assert.equal(
          (await node.post('/v1/submitMessage', castAdd(alice, `local ${i}`, 10 - i).message)).status,
          200,
        );
      }
    });

    it('ignores X-Forwarded-For unless the sender is a trusted proxy', async () => {
      // A client cannot buy a fresh budget per request by naming another address.
      const spoofed = (i: number) =>
        node.post('/v1/submitMessage', castAdd(alice, `spoof ${i}`, 60 - i).message, {
          remoteAddress: '203.0.113.20',
          headers: { 'x-forwarded-for': `198.51.100.${i}` },
        });
      assert.deepEqual(
        [(await spoofed(1)).status, (await spoofed(2)).status, (await spoofed(3)).status],
        [200, 200, 400],
      );
    });
  });

  describe('per-IP submit rate limit behind a trusted proxy', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    before(
      async () =>
        ({ node, alice } = await nodeWithAccount(dialect, {
          submitRateLimit: 2,
          connections: configOf(NodeOptions, { trustProxy: '10.0.0.0/8' }),
        })),
    );
    after(() => node?.close());

    it('limits each client the proxy names, not the proxy', async () => {
      const via = (client: string, text: string, ago: number) =>
        node.post('/v1/submitMessage', castAdd(alice, text, ago).message, {
          remoteAddress: '10.1.2.3',
          headers: { 'x-forwarded-for': client },
        });
      const first = [await via('198.51.100.1', 'a1', 90), await via('198.51.100.1', 'a2', 89)];
      assert.deepEqual(
        first.map((r) => r.status),
        [200, 200],
      );
      const over = await via('198.51.100.1', 'a3', 88);
      openApiShape.error(over.body, 'unavailable', 14);
      // Another client behind the same proxy keeps its own budget.
      assert.equal((await via('198.51.100.2', 'b1', 87)).status, 200);
    });
  });

  describe('/v1/info?dbstats=1', () => {
    const apiClock = testClock();
    let node: NodeHttpHarness;
    let alice: TestAccount;
    before(async () => ({ node, alice } = await nodeWithAccount(dialect, { apiClock })));
    after(() => node?.close());

    it("counts the tables at most once a minute, however often it is asked; the trie's items at once", async () => {
      const stats = async () => (await node.get('/v1/info?dbstats=1')).body.dbStats as Record<string, number>;
      const before = await stats();
      // Three on-chain events (registration, key, rent) and a cast.
      await setUpAccount(node.database.db, 2);
      assert.equal(
        (await node.post('/v1/submitMessage', castAdd(alice, 'counted later', 5).message)).status,
        200,
      );
      const now = await Promise.all([stats(), stats(), stats()]);
      for (const counted of now) {
        assert.equal(counted.numMessages, before.numMessages! + 4, 'the sync trie counts each item at once');
        assert.equal(counted.numFidEvents, before.numFidEvents, 'the tables are counted once a minute');
      }
      apiClock.advance(60_000);
      assert.equal((await stats()).numFidEvents, before.numFidEvents! + 3);
    });
  });

  describe('per-fid merge limit under replay', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    // Three messages per storage unit per 24 h, so the allowance is small enough to try to spend.
    before(
      async () =>
        ({ node, alice } = await nodeWithAccount(dialect, { engine: { rateLimit: { messagesPerUnit: 3 } } })),
    );
    after(() => node?.close());

    it('counts only messages that change the node: replaying a fid’s messages cannot silence it', async () => {
      const posted = castAdd(alice, 'public', 50);
      assert.equal((await node.post('/v1/submitMessage', posted.message)).status, 200);
      // An attacker replays the fid's public message thousands of times, far past its allowance.
      for (let i = 0; i < 2000; i++) {
        const replay = await node.post('/v1/submitMessage', posted.message, { remoteAddress: '203.0.113.7' });
        assert.equal(replay.body.errCode, 'bad_request.duplicate');
      }
      // The fid still posts its own messages, up to its real allowance (3 in all), and no further.
      for (const ago of [40, 30]) {
        assert.equal(
          (await node.post('/v1/submitMessage', castAdd(alice, `own ${ago}`, ago).message)).status,
          200,
        );
      }
      const over = await node.post('/v1/submitMessage', castAdd(alice, 'over', 20).message);
      openApiShape.error(over.body, 'unavailable', 14);
      assert.equal(over.body.details, 'rate limit exceeded for FID 1');
    });
  });

  describe('server faults', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    before(
      async () =>
        ({ node, alice } = await nodeWithAccount(dialect, {
          wrapEngine: (engine) => ({
            ...engine,
            mergePrepared: () => Promise.reject(new Error('disk on fire at /var/lib/secret')),
            castsByFid: () => Promise.reject(new Error('connection reset')),
          }),
        })),
    );
    after(() => node?.close());

    it('are a 500 in the hub error body, without the internal message', async () => {
      for (const response of [
        await node.post('/v1/submitMessage', castAdd(alice, 'doomed', 5).message),
        await node.get('/v1/castsByFid?fid=1'),
      ]) {
        assert.equal(response.status, 500);
        openApiShape.error(response.body, 'unknown', 2);
        assert.equal(response.body.details, 'Internal Server Error');
      }
    });
  });

  describe('batched merges', () => {
    let node: NodeHttpHarness;
    let alice: TestAccount;
    const batches: number[] = [];
    before(
      async () =>
        ({ node, alice } = await nodeWithAccount(dialect, {
          batching: { maxBatch: 64 },
          wrapEngine: (engine) => ({
            ...engine,
            mergePrepared: (prepared) => {
              batches.push(prepared.length);
              return engine.mergePrepared(prepared);
            },
          }),
        })),
    );
    after(() => node?.close());

    it('merges concurrent submits in few batches, each reply with its own outcome', async () => {
      const good = Array.from({ length: 40 }, (_, i) => castAdd(alice, `batched ${i}`, 100 + i).message);
      const bad = tampered(castAdd(alice, 'bad among good', 99).message);
      const submitted = [...good.slice(0, 20), bad, good[0] as Message, ...good.slice(20)];
      const replies = await Promise.all(submitted.map((message) => node.post('/v1/submitMessage', message)));
      const outcomes = replies.map(({ status, body }) => (status === 200 ? 200 : body.details));
      // Two copies of one message: whichever merges first wins, the other is the duplicate.
      assert.deepEqual([outcomes[0], outcomes[21]].sort(), [200, 'message has already been merged'].sort());
      assert.deepEqual(
        outcomes.filter((_, index) => index !== 0 && index !== 21),
        submitted
          .filter((_, index) => index !== 0 && index !== 21)
          .map((m) => (m === bad ? 'invalid signature' : 200)),
      );
      replies.forEach(({ status, body }, index) => {
        if (status === 200) assert.equal(body.hash, hex(submitted[index] as Message));
      });
      assert.equal(
        batches.reduce((sum, size) => sum + size, 0),
        submitted.length,
      );
      assert.ok(batches.length < submitted.length / 4, `batches: ${JSON.stringify(batches)}`);
      const stored = (await node.get('/v1/castsByFid?fid=1')).body.messages;
      assert.equal(stored.length, good.length);
    });
  });
});
