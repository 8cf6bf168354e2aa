import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { testKey } from '../src/names/testing.js';
import { createAppKeyToken } from '../src/protocol/app-key-token.js';
import { signSignedKeyRequest } from '../src/protocol/eip712/index.js';
import { ed25519PublicKeyFromSeed } from '../src/protocol/ed25519.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { testClock } from '../src/shared/test-clock.js';
import { channelUrlOf } from '../src/social/channels/catalog.js';
import { putCast } from '../src/social/node-index/store.js';
import { BODY_LIMIT_BYTES, createSocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { fakeNode, TEST_ADMIN_TOKEN, testSocialConfig } from '../src/social/testing.js';
import type { Dialect } from '../src/storage/index.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import {
  openServiceFixture,
  assertReadRoutes,
  fingerprint,
  fuzzCampaigns,
  fuzzSettings,
  isWrite,
  jsonWrite,
  keyChainStandIn,
  fuzzTarget,
  serverErrors,
  sample,
  socialErrorShape,
  type Rng,
  type Route,
  type ServiceFixture,
} from './support/fuzz.js';

/**
 * Hostile input to the social API: mutated, mistyped, malformed, mislabelled and oversize bodies
 * to every write route (with a real user or admin token, so they reach the domain, and sometimes a bad
 * one), malformed query strings to every read route. No 500, every error in `{"errors":[{message, code}]}`,
 * and a rejected request never changes the database.
 */

const FILE = 'test/fuzz-social.test.ts';
const settings = fuzzSettings({ seed: 11_003, iterations: 300 });
/**
 * Rate-limit counters count attempts, refused ones included (spec §8: invite calls per caller and channel),
 * so their change is not a change of state.
 */
const COUNTERS = ['rate_limit_windows'];

interface SocialFixture extends ServiceFixture {
  /** Bearer headers of fids 1 to 3 (fid 1 owns channel `fuzz`). */
  tokens: Map<number, string>;
}

/**
 * The service on a fresh database with the in-memory key chain, app keys for fids 1 to 3, channel `fuzz`
 * owned by fid 1, starter pack `pack`, a cast in the channel and one outside it, and a signed key request.
 */
async function openFixture(dialect: Dialect): Promise<SocialFixture> {
  const database = await openTestDatabase<SocialTables>(dialect, 'social');
  const clock = testClock();
  const node = fakeNode();
  const errors = serverErrors();
  return openServiceFixture(
    database,
    () =>
      createSocialService({
        config: testSocialConfig(),
        logger: errors.logger,
        clock,
        node,
        chain: keyChainStandIn([1, 2, 3]),
        indexer: false,
        database,
      }),
    async (service, close) => {
      const tokens = new Map<number, string>();
      for (const fid of [1, 2, 3]) {
        const privateKey = randomBytes(32);
        node.addSigner(fid, bytesToHex(ed25519PublicKeyFromSeed(privateKey)));
        tokens.set(fid, `Bearer ${createAppKeyToken({ fid, privateKey, exp: clock.seconds() + 3000 })}`);
      }
      const call = async (method: 'POST' | 'PUT', url: string, payload: object, authorization: string) => {
        const response = await service.app.inject({ method, url, payload, headers: { authorization } });
        assert.equal(response.statusCode, 200, `${url}: ${response.body}`);
        return response.json() as { result: Record<string, Record<string, unknown>> };
      };
      await call('POST', '/fc/channels', { id: 'fuzz', name: 'Fuzz' }, tokens.get(1) as string);
      await call('PUT', '/admin/starter-packs', { id: 'pack', name: 'Pack' }, `Bearer ${TEST_ADMIN_TOKEN}`);
      const casts = [];
      for (const [n, parentUrl] of [channelUrlOf('fuzz'), null].entries()) {
        const hash = Uint8Array.from({ length: 20 }, (_, i) => (i === 0 ? 0xf0 + n : i));
        await putCast(database.db, {
          hash,
          fid: 2,
          timestamp: clock.seconds(),
          parentUrl,
          parentHash: null,
          parentFid: null,
        });
        casts.push(bytesToHex(hash));
      }
      const key = bytesToHex(ed25519PublicKeyFromSeed(randomBytes(32)));
      const deadline = clock.seconds() + 3600;
      const signature = await signSignedKeyRequest(
        { requestFid: 1n, key, deadline: BigInt(deadline) },
        testKey(1).privateKey,
      );
      const request = await call(
        'POST',
        '/v2/signed-key-request',
        { key, requestFid: 1, deadline, signature },
        '',
      );
      const fids = [1, 2, 3, 4];
      const dictionary = {
        channelId: ['fuzz', 'nope'],
        channelKey: ['fuzz'],
        id: ['fuzz', 'pack'],
        castHash: casts,
        fid: fids,
        fids: ['1,2', '1'],
        ...Object.fromEntries(
          [
            'blockFid',
            'unblockFid',
            'banFid',
            'unbanFid',
            'inviteFid',
            'removeFid',
            'leadFid',
            'blockerFid',
          ].map((name) => [name, fids]),
        ),
        requestFid: [1],
        sponsorFid: [2],
        key: [key],
        deadline: [deadline],
        signature: [signature],
        token: [request.result.signedKeyRequest?.token],
        fidOwner: [testKey(2).address],
      };
      const target = await fuzzTarget({
        name: 'social',
        app: service.app,
        shape: socialErrorShape,
        lastServerError: errors.last,
        fingerprint: () => fingerprint(database, COUNTERS),
      });
      return { target, tokens, dictionary, close };
    },
  );
}

/** Mostly the right credentials for the route (so bodies reach the domain), sometimes none or bad ones. */
function authorization(r: Rng, f: SocialFixture, route: Route): Record<string, string> {
  const user = () => f.tokens.get(r.pick([1, 1, 2, 3])) as string;
  const right = route.url.startsWith('/admin/') ? `Bearer ${TEST_ADMIN_TOKEN}` : user();
  const value = r.weighted<string | undefined>([
    [88, () => right],
    [3, () => undefined],
    [3, () => user()],
    [3, () => `Bearer ${'x'.repeat(r.pick([10, 27, 5000]))}`],
    [
      3,
      () => r.pick(['Basic YTpi', 'Bearer', 'bearer  ', `Bearer ${TEST_ADMIN_TOKEN}x`, `${right} ${right}`]),
    ],
  ]);
  return value === undefined ? {} : { authorization: value };
}

forEachDialect('fuzz: social API', (dialect) => {
  fuzzCampaigns({
    file: FILE,
    settings,
    open: () => openFixture(dialect),
    expectRoutes(routes) {
      const writes = routes.filter(isWrite);
      assert.ok(writes.length >= 30, `${writes.length} write routes`);
      for (const route of writes)
        assert.ok(route.body !== undefined, `${route.method} ${route.url} declares a body schema`);
      assertReadRoutes(routes, ['/v1/channel', '/fc/blocked-users', '/v2/signed-key-request', '/_health']);
    },
    writeTitle:
      'answers hostile bodies on every write route without a 500, in its error shape, changing nothing when refusing',
    write(r, f, route) {
      const options = { headers: authorization(r, f, route), bodyLimit: BODY_LIMIT_BYTES };
      return jsonWrite(r, route, sample(r, route.body, f.dictionary), options);
    },
    readHeaders: authorization,
  });

  it('stores or refuses text that contains NUL, without a 500', async () => {
    const f = await openFixture(dialect);
    try {
      const admin = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
      const user = { authorization: f.tokens.get(1) as string };
      const requests = [
        {
          method: 'POST',
          url: '/fc/channels',
          payload: { id: 'nul', name: 'Nul', description: 'a\u0000b' },
          headers: user,
        },
        {
          method: 'PUT',
          url: '/admin/starter-packs',
          payload: { id: 'nul', name: 'a\u0000b' },
          headers: admin,
        },
        { method: 'GET', url: '/fc/moderated-casts?channelId=a%00b', headers: user },
        { method: 'GET', url: '/v2/signed-key-request?token=a%00b', headers: {} },
      ] as const;
      const statuses = [];
      for (const request of requests) statuses.push((await f.target.app.inject(request)).statusCode);
      assert.ok(!statuses.includes(500), `statuses ${statuses.join(', ')}`);
    } finally {
      await f.close();
    }
  });

  it('refuses integers given as strings that overflow to Infinity', async () => {
    const f = await openFixture(dialect);
    try {
      const user = { authorization: f.tokens.get(1) as string, 'content-type': 'application/json' };
      for (const blockFid of ['1e309', '-1e309', 'Infinity']) {
        const payload = JSON.stringify({ blockFid });
        const response = await f.target.app.inject({
          method: 'POST',
          url: '/fc/blocked-users',
          payload,
          headers: user,
        });
        assert.equal(response.statusCode, 400, `blockFid ${blockFid}: ${response.body}`);
      }
      const read = await f.target.app.inject({
        url: '/v1/user-following-channels?fid=Infinity',
        headers: user,
      });
      assert.equal(read.statusCode, 400, read.body);
    } finally {
      await f.close();
    }
  });
});
