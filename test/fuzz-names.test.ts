import assert from 'node:assert/strict';
import { it } from 'node:test';
import { BODY_LIMIT_BYTES, createNamesService } from '../src/names/service.js';
import type { NamesTables } from '../src/names/store.js';
import { fakeCustody, signedBody, testClock, testConfig, testKey } from '../src/names/testing.js';
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
  namesErrorShape,
  fuzzTarget,
  serverErrors,
  sample,
  type ServiceFixture,
} from './support/fuzz.js';

/**
 * Hostile input to the name registry: mutated, mistyped, malformed, mislabelled and oversize
 * bodies to every write route, malformed query strings to every read route. No 500, every error in the
 * registry's `{error, code?}` body, and a rejected request never changes the database.
 */

const FILE = 'test/fuzz-names.test.ts';
const settings = fuzzSettings({ seed: 11_002, iterations: 250 });

interface NamesFixture extends ServiceFixture {
  /** Correctly signed bodies: registrations, transfers, a burn, a reserved name, an admin move. */
  bodies: Record<string, unknown>[];
}

/**
 * The service as src/names/testing.ts builds it, with the database at hand for fingerprints, and `alice`
 * registered to fid 1. No cooldown and no per-fid limit, so fuzzed transfers of registered names reach the
 * later rules however often a signed body is picked (test/names-abuse.test.ts tests the limits).
 */
async function openFixture(dialect: Dialect): Promise<NamesFixture> {
  const database = await openTestDatabase<NamesTables>(dialect, 'names');
  const clock = testClock();
  const errors = serverErrors();
  return openServiceFixture(
    database,
    () =>
      createNamesService({
        config: testConfig({
          cooldownSeconds: 0,
          transferFidLimit: 0,
          reservedNames: ['reserved'],
          adminFids: [9],
        }),
        logger: errors.logger,
        chain: { custody: fakeCustody() },
        clock,
        database,
      }),
    async (service, close) => {
      const now = clock.seconds();
      const payload = await signedBody({ name: 'alice', from: 0, to: 1, timestamp: now });
      const registered = await service.app.inject({ method: 'POST', url: '/transfers', payload });
      assert.equal(registered.statusCode, 200, registered.body);
      const bodies = [];
      for (let n = 2; n <= 6; n++) {
        bodies.push(await signedBody({ name: `fz${n}`, from: 0, to: n, timestamp: now }));
        bodies.push(await signedBody({ name: 'alice', from: 1, to: n, timestamp: now + n }));
      }
      bodies.push(await signedBody({ name: 'alice', from: 1, to: 0, timestamp: now + 1 }));
      bodies.push(await signedBody({ name: 'reserved', from: 0, to: 2, timestamp: now }));
      bodies.push(await signedBody({ name: 'x', from: 1, to: 2, fid: 9, owner: testKey(9), timestamp: now }));
      const dictionary = {
        name: ['alice', 'fz2', 'reserved'],
        fid: [0, 1, 2, 9, '1', '2'],
        from: [0, 1],
        to: [0, 2, 3],
        owner: [testKey(1).address, testKey(2).address],
        timestamp: [now, now - 601, now + 601],
        signature: bodies.map((body) => body.signature),
        from_id: ['0', '1'],
        fromId: ['1'],
        from_ts: [String(now - 1)],
      };
      const target = await fuzzTarget({
        name: 'names',
        app: service.app,
        shape: namesErrorShape,
        lastServerError: errors.last,
        // Counting a refused request against its sender's limits is not a change of state.
        fingerprint: () => fingerprint(database, ['transfer_rate_windows']),
      });
      return { target, bodies, dictionary, close };
    },
  );
}

forEachDialect('fuzz: name registry', (dialect) => {
  fuzzCampaigns({
    file: FILE,
    settings,
    open: () => openFixture(dialect),
    expectRoutes(routes) {
      assert.deepEqual(
        routes.filter(isWrite).map((route) => `${route.method} ${route.url}`),
        ['POST /transfers'],
      );
      assertReadRoutes(routes, ['/transfers', '/transfers/current', '/signer', '/current-time']);
    },
    writeTitle:
      'answers hostile transfer bodies without a 500, in its error shape, changing nothing when refusing',
    write(r, f, route) {
      const base = r.chance(0.6) ? r.pick(f.bodies) : sample(r, route.body, f.dictionary);
      return jsonWrite(r, route, base, { headers: {}, bodyLimit: BODY_LIMIT_BYTES });
    },
  });

  it('refuses fids given as strings that overflow to Infinity as invalid requests', async () => {
    const f = await openFixture(dialect);
    try {
      // bodies[0] registers fz2 to fid 2; bodies[1] moves alice from its holder, fid 1, to fid 2.
      const [registration, transfer] = f.bodies as [Record<string, unknown>, Record<string, unknown>];
      const cases = [
        { ...registration, from: '1e309' },
        { ...registration, to: '1e309' },
        { ...transfer, to: 'Infinity' },
      ];
      const outcomes = [];
      for (const body of cases) {
        const payload = JSON.stringify(body);
        const headers = { 'content-type': 'application/json' };
        const response = await f.target.app.inject({ method: 'POST', url: '/transfers', payload, headers });
        outcomes.push([response.statusCode, response.json()]);
      }
      const refused = [400, { error: 'Validation failure', code: 'INVALID_REQUEST' }];
      assert.deepEqual(outcomes, [refused, refused, refused]);
    } finally {
      await f.close();
    }
  });
});
