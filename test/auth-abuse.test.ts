import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { namesHarness, signedBody, testKey, type NamesHarness } from '../src/names/testing.js';
import { castAdd, setUpAccount, type TestAccount } from '../src/node/engine/testing.js';
import { openNodeHttp, type NodeHttpHarness } from '../src/node/http/testing.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { createAppKeyToken, DEFAULT_CLOCK_TOLERANCE_SECONDS } from '../src/protocol/app-key-token.js';
import { signSignedKeyRequest } from '../src/protocol/eip712/index.js';
import { ed25519PublicKeyFromSeed, signEd25519 } from '../src/protocol/ed25519.js';
import type { Hex } from '../src/protocol/hex.js';
import { testClock, type TestClock } from '../src/shared/test-clock.js';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import {
  fakeNode,
  openSocialHarness,
  TEST_ADMIN_TOKEN,
  testSocialConfig,
  type SocialHarness,
} from '../src/social/testing.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { keyChainStandIn, type KeyChainStandIn } from './support/fuzz.js';

/**
 * Auth abuse: forged, expired, far-future, wrong-fid, removed-signer and replayed app-key tokens;
 * brute-forced admin tokens; fname signatures replayed with another timestamp, name, owner or transfer;
 * signed key request and approval signatures replayed for another key or request; Basic auth brute force
 * on the node. Each is refused, none is accepted, and a refused write leaves nothing behind.
 *
 * What "replayed" means for a bearer token: app-key tokens carry no nonce, so a captured token is accepted
 * again until it expires, like the reference's (spec §5.1: the token lives until `exp`). A replay must fail
 * once its `exp` (plus the 60 s clock tolerance) has passed, or once its key is no longer an active signer
 * of the fid (after at most the 2 s signer cache).
 */

const TOKEN_LIFETIME = 300;

/** Unpadded base64url of a JSON value: a token segment. */
const segment = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

interface AppKey {
  fid: number;
  privateKey: Uint8Array;
  key: Hex;
}

forEachDialect('auth abuse: app-key tokens', (dialect) => {
  let h: SocialHarness;
  let alice: AppKey;
  let bob: AppKey;
  let blockFid = 1000;
  const now = () => h.clock.seconds();

  before(async () => {
    h = await openSocialHarness(dialect);
    alice = appKey(1);
    bob = appKey(2);
  });
  after(() => h?.close());

  /** A key registered as an active signer of `fid` on the fake node. */
  function appKey(fid: number): AppKey {
    const privateKey = randomBytes(32);
    const key = bytesToHex(ed25519PublicKeyFromSeed(privateKey));
    h.node.addSigner(fid, key);
    return { fid, privateKey, key };
  }

  function token(of: AppKey, overrides: { fid?: number; exp?: number } = {}): string {
    return createAppKeyToken({
      fid: overrides.fid ?? of.fid,
      privateKey: of.privateKey,
      exp: overrides.exp ?? now() + TOKEN_LIFETIME,
    });
  }

  /** A token with any header and payload, signed by `signer` over exactly those segments. */
  function crafted(header: unknown, payload: unknown, signer: Uint8Array): string {
    const signed = `${segment(header)}.${segment(payload)}`;
    return `${signed}.${Buffer.from(signEd25519(signer, Buffer.from(signed, 'ascii'))).toString('base64url')}`;
  }

  /** Tries a write (blocking a fresh fid) with the header; returns the status, the error code and the fid. */
  async function attempt(authorization: string | undefined) {
    blockFid += 1;
    const response = await h.app.inject({
      method: 'POST',
      url: '/fc/blocked-users',
      payload: { blockFid },
      headers: authorization === undefined ? {} : { authorization },
    });
    const body = response.json() as { errors?: { code: string; message: string }[] };
    return { status: response.statusCode, code: body.errors?.[0]?.code, blocked: blockFid };
  }

  /** Every block, as `blocker>blocked`: a refused request must leave this unchanged, whoever it claims to be. */
  async function blocks(): Promise<string[]> {
    const rows = await h.database.db
      .selectFrom('user_blocks')
      .select(['blocker_fid', 'blocked_fid'])
      .execute();
    return rows.map((row) => `${row.blocker_fid}>${row.blocked_fid}`).sort();
  }

  async function refused(authorization: string | undefined, what: string): Promise<void> {
    const before = await blocks();
    const outcome = await attempt(authorization);
    assert.equal(outcome.status, 401, `${what}: ${JSON.stringify(outcome)}`);
    assert.ok(
      outcome.code === 'INVALID_TOKEN' || outcome.code === 'UNAUTHENTICATED',
      `${what}: ${outcome.code}`,
    );
    assert.deepEqual(await blocks(), before, `${what} changed nothing`);
  }

  async function accepted(authorization: string, what: string, fid = alice.fid): Promise<void> {
    const outcome = await attempt(authorization);
    assert.equal(outcome.status, 200, `${what}: ${JSON.stringify(outcome)}`);
    assert.ok((await blocks()).includes(`${fid}>${outcome.blocked}`), `${what} took effect`);
  }

  it('accepts a genuine token (the control every refusal below is measured against)', async () => {
    await accepted(`Bearer ${token(alice)}`, 'genuine');
  });

  it('refuses forged tokens: another signer, tampered header or payload, spliced or missing signatures', async () => {
    const attacker = randomBytes(32);
    const genuine = token(alice);
    const [header, payload, signature] = genuine.split('.') as [string, string, string];
    const other = token(alice, { exp: now() + 100 }).split('.')[2] as string;
    const claims = { fid: alice.fid, type: 'app_key', key: alice.key };
    const forgeries: [string, string][] = [
      [
        'signed by a key other than the header key',
        createAppKeyToken({ fid: 1, privateKey: attacker, publicKey: alice.key, exp: now() + 60 }),
      ],
      ['payload extended after signing', `${header}.${segment({ exp: now() + 3000 })}.${signature}`],
      ['header fid changed after signing', `${segment({ ...claims, fid: 2 })}.${payload}.${signature}`],
      ['signature of another token', `${header}.${payload}.${other}`],
      ['signature truncated', `${header}.${payload}.${signature.slice(0, 43)}`],
      ['no signature', `${header}.${payload}.`],
      ['two segments', `${header}.${payload}`],
      ['four segments', `${genuine}.${signature}`],
      [
        'an unsigned JWT',
        `${segment({ alg: 'none', typ: 'JWT' })}.${segment({ ...claims, exp: now() + 60 })}.`,
      ],
      ['type other than app_key', crafted({ ...claims, type: 'jwt' }, { exp: now() + 60 }, alice.privateKey)],
      ['fid as a string', crafted({ ...claims, fid: '1' }, { exp: now() + 60 }, alice.privateKey)],
      ['fid 0', crafted({ ...claims, fid: 0 }, { exp: now() + 60 }, alice.privateKey)],
      ['fid beyond 2^53', crafted({ ...claims, fid: 2 ** 64 }, { exp: now() + 60 }, alice.privateKey)],
      ['padded base64', `${header}==.${payload}.${signature}`],
      ['a character outside base64url', `${header}.${payload}.${signature.slice(0, -1)}+`],
      ['over 4096 characters', `${header}.${payload}.${'A'.repeat(5000)}`],
    ];
    for (const [what, forged] of forgeries) await refused(`Bearer ${forged}`, what);
    for (const header of [
      '',
      'Bearer',
      `Basic ${genuine}`,
      `Token ${genuine}`,
      `Bearer ${genuine} ${genuine}`,
      genuine,
    ]) {
      await refused(header, `header "${header.slice(0, 20)}"`);
    }
    await refused(undefined, 'no header');
  });

  it(`refuses expired tokens once exp plus the ${DEFAULT_CLOCK_TOLERANCE_SECONDS} s tolerance has passed, also a captured one replayed later`, async () => {
    await refused(`Bearer ${token(alice, { exp: now() - DEFAULT_CLOCK_TOLERANCE_SECONDS })}`, 'expired');
    await refused(`Bearer ${token(alice, { exp: 0 })}`, 'exp 0');
    for (const exp of [-1, 1.5, '9999999999', null, 1e308]) {
      await refused(
        `Bearer ${crafted({ fid: 1, type: 'app_key', key: alice.key }, { exp }, alice.privateKey)}`,
        `exp ${String(exp)}`,
      );
    }
    await refused(
      `Bearer ${crafted({ fid: 1, type: 'app_key', key: alice.key }, {}, alice.privateKey)}`,
      'no exp',
    );
    // A token captured while valid is a bearer credential until it expires; replayed after, it fails.
    const captured = `Bearer ${token(alice, { exp: now() + 10 })}`;
    await accepted(captured, 'captured, first use');
    await accepted(captured, 'captured, replayed before exp');
    h.clock.advance((10 + DEFAULT_CLOCK_TOLERANCE_SECONDS) * 1000);
    await refused(captured, 'captured, replayed after exp');
  });

  it('refuses far-future tokens: longer-lived than the configured maximum', async () => {
    const max = testSocialConfig().tokenMaxLifetime;
    await accepted(`Bearer ${token(alice, { exp: now() + max })}`, 'at the maximum lifetime');
    for (const exp of [
      now() + max + DEFAULT_CLOCK_TOLERANCE_SECONDS + 1,
      now() + 10 * 365 * 86_400,
      Number.MAX_SAFE_INTEGER,
    ]) {
      await refused(`Bearer ${token(alice, { exp })}`, `exp ${exp}`);
    }
  });

  it("refuses a token naming one fid but signed with another fid's active key", async () => {
    await refused(`Bearer ${token(bob, { fid: alice.fid })}`, "fid 1 with fid 2's key");
    const stranger = createAppKeyToken({ fid: 1, privateKey: randomBytes(32), exp: now() + 60 });
    await refused(`Bearer ${stranger}`, 'a key that was never a signer');
    // Bob's own token still works: the refusal was about the fid, not the key.
    await accepted(`Bearer ${token(bob)}`, 'fid 2 with its own key', bob.fid);
  });

  it('refuses tokens of a removed signer once the signer cache has lapsed, also replayed ones', async () => {
    const carol = appKey(1);
    const captured = `Bearer ${token(carol)}`;
    await accepted(captured, 'before removal');
    h.node.removeSigner(carol.fid, carol.key);
    // Trusted for at most the signer cache (2 s) after the node has the removal: documented in auth.ts.
    h.clock.advance(2001);
    await refused(captured, 'captured before removal, replayed after');
    await refused(`Bearer ${token(carol)}`, 'fresh token of the removed key');
    await accepted(`Bearer ${token(alice)}`, 'another key of the same fid');
  });

  it('refuses brute-forced admin tokens and still accepts the right one', async () => {
    const put = (authorization: string, warps: number) =>
      h.app.inject({
        method: 'PUT',
        url: '/admin/warps',
        payload: { fid: 77, warps },
        headers: { authorization },
      });
    const near = [
      TEST_ADMIN_TOKEN.slice(0, -1),
      `${TEST_ADMIN_TOKEN}0`,
      TEST_ADMIN_TOKEN.toUpperCase(),
      `${TEST_ADMIN_TOKEN.slice(0, -1)}X`,
      `${TEST_ADMIN_TOKEN} ${TEST_ADMIN_TOKEN}`,
      token(alice),
    ];
    const guesses = [
      ...near,
      ...Array.from({ length: 150 }, () =>
        randomBytes(20).toString('base64url').slice(0, TEST_ADMIN_TOKEN.length),
      ),
    ];
    for (const guess of guesses) {
      const response = await put(`Bearer ${guess}`, 1);
      assert.equal(response.statusCode, 401, guess);
      assert.equal(
        (response.json() as { errors: { code: string }[] }).errors[0]?.code,
        'ADMIN_UNAUTHENTICATED',
      );
      assert.ok(!response.body.includes(TEST_ADMIN_TOKEN), 'the reply never echoes the admin token');
    }
    const warps = await h.database.db.selectFrom('warps').selectAll().execute();
    assert.deepEqual(warps, [], 'no guess set anything');
    assert.equal((await put(`Bearer ${TEST_ADMIN_TOKEN}`, 5)).statusCode, 200);
  });
});

forEachDialect('auth abuse: fname signatures', (dialect) => {
  let h: NamesHarness;
  const now = () => h.clock.seconds();
  before(async () => {
    h = await namesHarness(dialect, { config: { adminFids: [900] } });
  });
  after(() => h?.cleanup());

  const post = (payload: Record<string, unknown>) =>
    h.app.inject({ method: 'POST', url: '/transfers', payload });
  const transfers = async () =>
    (await h.app.inject({ url: '/transfers' })).json<{ transfers: unknown[] }>().transfers;

  async function refusedWith(payload: Record<string, unknown>, codes: string[], what: string): Promise<void> {
    const before = await transfers();
    const response = await post(payload);
    assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
    const { code } = response.json<{ code: string }>();
    assert.ok(codes.includes(code), `${what}: ${code}`);
    assert.deepEqual(await transfers(), before, `${what} stored nothing`);
  }

  it('refuses a registration signature reused with another timestamp, name, owner or fid', async () => {
    const t = now();
    const signed = await signedBody({ name: 'alice', from: 0, to: 1, timestamp: t });
    const bad = ['INVALID_SIGNATURE'];
    await refusedWith({ ...signed, timestamp: t + 1 }, bad, 'timestamp T+1');
    await refusedWith({ ...signed, timestamp: t - 1 }, bad, 'timestamp T-1');
    await refusedWith({ ...signed, name: 'alicf' }, bad, 'another name');
    await refusedWith({ ...signed, name: 'Alice' }, [...bad, 'INVALID_USERNAME'], 'the name in capitals');
    await refusedWith({ ...signed, owner: testKey(2).address, to: 2 }, bad, "another fid's owner");
    await refusedWith({ ...signed, to: 2 }, ['INVALID_FID_OWNER'], 'another receiving fid');
    await refusedWith(
      { ...signed, signature: `${String(signed.signature).slice(0, -2)}` },
      bad,
      'a cut signature',
    );
    await refusedWith({ ...signed, signature: `0x${'00'.repeat(65)}` }, bad, 'a zero signature');
    await refusedWith({ ...signed, fid: 900 }, bad, "the user's signature claimed as the admin's");
    const stored = await post(signed);
    assert.equal(stored.statusCode, 200, stored.body);
    // The same request again is answered with the stored row and adds nothing.
    const count = (await transfers()).length;
    assert.deepEqual((await post(signed)).json(), stored.json());
    assert.equal((await transfers()).length, count);
  });

  it("refuses the holder's registration signature replayed as a transfer or unregistration", async () => {
    const signed = await signedBody({ name: 'bobby', from: 0, to: 2, timestamp: now() });
    assert.equal((await post(signed)).statusCode, 200);
    h.clock.advance(60_000);
    // GET /transfers publishes user_signature: anyone can try it for other moves of the name.
    await refusedWith({ ...signed, from: 2, to: 3 }, ['THROTTLED'], 'as a transfer to fid 3');
    await refusedWith({ ...signed, from: 2, to: 0 }, ['THROTTLED'], 'as an unregistration');
  });

  it("refuses the holder's registration signature replayed as a transfer when the cooldown is under the timestamp window", async () => {
    const quick = await namesHarness(dialect, { config: { cooldownSeconds: 0 } });
    try {
      const signed = await signedBody({ name: 'carol', from: 0, to: 1, timestamp: quick.clock.seconds() });
      assert.equal(
        (await quick.app.inject({ method: 'POST', url: '/transfers', payload: signed })).statusCode,
        200,
      );
      quick.clock.advance(60_000);
      const replay = await quick.app.inject({
        method: 'POST',
        url: '/transfers',
        payload: { ...signed, from: 1, to: 666 },
      });
      assert.equal(replay.statusCode, 400, replay.body);
    } finally {
      await quick.cleanup();
    }
  });

  it("refuses an admin's move signature replayed to move the name again", async () => {
    const t = now();
    assert.equal((await h.post({ name: 'dave', from: 0, to: 4, timestamp: t })).statusCode, 200);
    h.clock.advance(10_000);
    const move = await signedBody({
      name: 'dave',
      from: 4,
      to: 5,
      fid: 900,
      owner: testKey(900),
      timestamp: now(),
    });
    assert.equal((await post(move)).statusCode, 200);
    h.clock.advance(5_000);
    await refusedWith(
      { ...move, from: 5, to: 666 },
      ['INVALID_SIGNATURE', 'INVALID_TIMESTAMP', 'UNAUTHORIZED'],
      'replayed admin move',
    );
  });
});

forEachDialect('auth abuse: signed key requests', (dialect) => {
  let database: TestDatabase<SocialTables>;
  let service: SocialService;
  let chain: KeyChainStandIn;
  let clock: TestClock;
  const APP = 1;
  const USER = 2;
  const OTHER = 3;

  before(async () => {
    database = await openTestDatabase<SocialTables>(dialect, 'social');
    clock = testClock();
    chain = keyChainStandIn([APP, USER, OTHER]);
    service = await createSocialService({
      config: testSocialConfig(),
      logger: false,
      clock,
      node: fakeNode(),
      chain,
      indexer: false,
      database,
    });
  });
  after(async () => {
    await service?.close();
    await database?.cleanup();
  });

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await service.app.inject({ method, url, ...(payload !== undefined && { payload }) });
    return {
      status: response.statusCode,
      json: response.json() as {
        result?: { signedKeyRequest?: Record<string, unknown>; typedData?: unknown };
        errors?: { code: string }[];
      },
    };
  };
  const newKey = () => bytesToHex(ed25519PublicKeyFromSeed(randomBytes(32)));

  async function requestBody(key: Hex) {
    const deadline = clock.seconds() + 3600;
    const signature = await signSignedKeyRequest(
      { requestFid: BigInt(APP), key, deadline: BigInt(deadline) },
      testKey(APP).privateKey,
    );
    return { key, requestFid: APP, deadline, signature };
  }

  async function create(key: Hex): Promise<{ token: string; key: Hex }> {
    const created = await call('POST', '/v2/signed-key-requests', await requestBody(key));
    assert.equal(created.status, 200, JSON.stringify(created.json));
    return created.json.result?.signedKeyRequest as { token: string; key: Hex };
  }

  /** The approve body `signer` makes for `token` as fidOwner USER, at the nonce current now. */
  async function approval(token: string, signer = testKey(USER)) {
    const data = await call(
      'GET',
      `/v2/signed-key-request/approval-data?token=${token}&fidOwner=${testKey(USER).address}`,
    );
    assert.equal(data.status, 200, JSON.stringify(data.json));
    const typedData = data.json.result?.typedData as { message: { deadline: string } };
    const signature = await privateKeyToAccount(signer.privateKey).signTypedData(typedData as never);
    return {
      token,
      fidOwner: testKey(USER).address,
      deadline: Number(typedData.message.deadline),
      signature,
    };
  }

  async function refusedWith(url: string, payload: object, code: string, status = 400): Promise<void> {
    const relays = chain.relays.length;
    const response = await call('POST', url, payload);
    assert.equal(response.status, status, JSON.stringify(response.json));
    assert.equal(response.json.errors?.[0]?.code, code);
    assert.equal(chain.relays.length, relays, 'nothing was relayed');
  }

  it("refuses an app's request signature reused for another key, deadline or app fid", async () => {
    const body = await requestBody(newKey());
    const bad = 'INVALID_KEY_REQUEST_SIGNATURE';
    await refusedWith('/v2/signed-key-requests', { ...body, key: newKey() }, bad);
    await refusedWith('/v2/signed-key-requests', { ...body, deadline: body.deadline + 1 }, bad);
    await refusedWith('/v2/signed-key-requests', { ...body, requestFid: OTHER }, bad);
    const count = async () =>
      (await database.db.selectFrom('signed_key_requests').select('token').execute()).length;
    assert.equal(await count(), 0, 'no refused request was stored');
    await create(body.key);
    assert.equal(await count(), 1);
  });

  it("refuses a user's approval replayed for another request, after use, at a stale nonce or by a non-owner", async () => {
    const first = await create(newKey());
    const second = await create(newKey());
    const approveFirst = await approval(first.token);
    const approveSecondEarly = await approval(second.token);
    const url = '/v2/signed-key-request/approve';
    await refusedWith(url, { ...approveFirst, token: second.token }, 'INVALID_APPROVAL_SIGNATURE');
    await refusedWith(url, await approval(second.token, testKey(OTHER)), 'INVALID_APPROVAL_SIGNATURE');

    const approved = await call('POST', url, approveFirst);
    assert.equal(approved.status, 200, JSON.stringify(approved.json));
    assert.equal(chain.relays.length, 1);
    assert.equal(chain.relays[0]?.key, first.key);
    await refusedWith(url, approveFirst, 'ALREADY_APPROVED', 409);
    // The first relay used up the nonce the early approval of the second request was signed at.
    await refusedWith(url, approveSecondEarly, 'INVALID_APPROVAL_SIGNATURE');
    const pending = await call('GET', `/v2/signed-key-request?token=${second.token}`);
    assert.equal(pending.json.result?.signedKeyRequest?.state, 'pending');
    assert.equal((await call('POST', url, await approval(second.token))).status, 200);
    assert.deepEqual(
      chain.relays.map((relay) => relay.key),
      [first.key, second.key],
    );
  });
});

forEachDialect('auth abuse: Basic auth on submitMessage', (dialect) => {
  const CREDENTIALS = ['ops:s3cret', 'ops:second', 'bot:p:a:ss'];
  const PASSWORDS = ['s3cret', 'second', 'p:a:ss'];
  let node: NodeHttpHarness;
  let alice: TestAccount;
  before(async () => {
    node = await openNodeHttp(dialect, { rpcAuth: CREDENTIALS });
    alice = await setUpAccount(node.database.db, 1);
  });
  after(() => node?.close());

  const basic = (text: string) => `Basic ${Buffer.from(text, 'utf8').toString('base64')}`;

  /** Wrong credentials of every kind, many of them near misses of the right ones. */
  function guesses(): [string, string][] {
    const list: [string, string][] = [];
    for (const password of [
      '',
      's',
      's3cre',
      's3cret ',
      ' s3cret',
      'S3CRET',
      's3cret\u0000',
      'second2',
      'p:a',
      'p:a:s',
      'secon',
      'p:a:ss:',
      's3cretsecond',
    ]) {
      list.push([`ops:${password}`, basic(`ops:${password}`)]);
    }
    for (const user of ['', 'OPS', 'ops ', 'admin', 'root', 'bo', 'bot\u0000', 'ops%00', '👩‍💻']) {
      list.push([`${user}:s3cret`, basic(`${user}:s3cret`)]);
    }
    list.push(['bot:s3cret (a password of another user)', basic('bot:s3cret')]);
    list.push(['ops only', basic('ops')]);
    list.push(['not base64', 'Basic !!!not-base64!!!']);
    list.push(['bearer scheme', 'Bearer b3BzOnMzY3JldA']);
    list.push(['no scheme', Buffer.from('ops:wrong').toString('base64')]);
    list.push(['long', basic(`ops:${'x'.repeat(8000)}`)]);
    for (let i = 0; i < 150; i++) {
      const password = randomBytes(6).toString('base64url');
      list.push([`ops:${password}`, basic(`ops:${password}`)]);
    }
    return list;
  }

  it('refuses every wrong credential without merging, revealing no password, then still accepts the right ones', async () => {
    const message = castAdd(alice, 'with credentials');
    const hash = bytesToHex(message.message.hash);
    for (const [what, authorization] of guesses()) {
      const response = await node.post('/v1/submitMessage', message.message, { headers: { authorization } });
      assert.equal(response.status, 400, `${what}: ${JSON.stringify(response.body)}`);
      assert.equal(response.body.errCode, 'unauthenticated', what);
      assert.equal(response.body.code, 16, what);
      const { details } = response.body as { details: string };
      assert.match(
        details,
        /^gRPC authentication failed: (Authorization header is empty|Invalid username or password for user: .*)$/s,
        what,
      );
      for (const password of PASSWORDS)
        assert.ok(!details.includes(password), `${what}: the reply names a password`);
    }
    assert.equal((await node.get(`/v1/castById?fid=1&hash=${hash}`)).status, 400, 'no refused submit merged');
    // No lockout: every configured credential still works after the brute force.
    for (const [i, credential] of CREDENTIALS.entries()) {
      const response = await node.post('/v1/submitMessage', castAdd(alice, `right ${i}`).message, {
        headers: { authorization: basic(credential) },
      });
      assert.equal(response.status, 200, `${credential}: ${JSON.stringify(response.body)}`);
    }
    const merged = await node.post('/v1/submitMessage', message.message, {
      headers: { authorization: basic('ops:s3cret') },
    });
    assert.equal(merged.status, 200);
    assert.equal((await node.get(`/v1/castById?fid=1&hash=${hash}`)).status, 200);
  });

  it('does not say whether the username or the password was wrong', async () => {
    const message = castAdd(alice, 'enumeration').message;
    const unknownUser = await node.post('/v1/submitMessage', message, {
      headers: { authorization: basic('nobody:x') },
    });
    const wrongPassword = await node.post('/v1/submitMessage', message, {
      headers: { authorization: basic('ops:x') },
    });
    assert.deepEqual(
      { ...unknownUser.body, details: unknownUser.body.details.replace('nobody', 'U') },
      { ...wrongPassword.body, details: wrongPassword.body.details.replace('ops', 'U') },
    );
  });
});

describe('auth abuse: helpers', () => {
  it('crafts tokens the verifier would accept when nothing is wrong (so refusals above are about the abuse)', () => {
    const privateKey = randomBytes(32);
    const key = bytesToHex(ed25519PublicKeyFromSeed(privateKey));
    const header = segment({ fid: 1, type: 'app_key', key });
    const payload = segment({ exp: 1 });
    const signed = `${header}.${payload}`;
    const crafted = `${signed}.${Buffer.from(signEd25519(privateKey, Buffer.from(signed, 'ascii'))).toString('base64url')}`;
    assert.equal(crafted, createAppKeyToken({ fid: 1, privateKey, exp: 1 }));
  });
});
