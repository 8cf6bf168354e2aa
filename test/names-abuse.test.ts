import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import type { NamesService } from '../src/names/index.js';
import {
  injectPost,
  namesHarness,
  signedBody,
  testKey,
  type NamesHarness,
  type TransferFields,
} from '../src/names/testing.js';
import type { NamesConfig } from '../src/shared/config/index.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * Name registry abuse, over HTTP: bursts past the per-IP and per-fid limits of
 * POST /transfers, badly signed requests that would make the registry read the chain for free, transfers to
 * fids the chain does not have, and timestamps far enough ahead to lock a name. On PostgreSQL the bursts
 * are spread over two services sharing the database, as two processes would run.
 */

const ADMIN = 900;
const WINDOW_SECONDS = 60;

function assertStatus(response: LightMyRequestResponse, status: number): void {
  assert.equal(response.statusCode, status, response.body);
}

function assertFailure(response: LightMyRequestResponse, code: string): void {
  assertStatus(response, 400);
  assert.deepEqual(response.json(), { error: 'Validation failure', code });
}

/** A 429 in the registry's shape; returns its Retry-After in seconds. */
function assertRateLimited(response: LightMyRequestResponse, limit: number): number {
  assertStatus(response, 429);
  assert.deepEqual(response.json(), { error: 'Too many requests', code: 'RATE_LIMITED' });
  const { headers } = response;
  const retryAfter = Number(headers['retry-after']);
  assert.ok(retryAfter >= 1 && retryAfter <= 2 * WINDOW_SECONDS, `Retry-After ${retryAfter}`);
  assert.deepEqual(
    [headers['x-ratelimit-limit'], headers['x-ratelimit-remaining'], headers['x-ratelimit-reset']],
    [String(limit), '0', String(retryAfter)],
  );
  return retryAfter;
}

const statuses = (responses: LightMyRequestResponse[]) => responses.map((r) => r.statusCode).sort();

forEachDialect('name registry: abuse limits', (dialect) => {
  let h: NamesHarness;
  let services: NamesService[];
  const now = () => h.clock.seconds();
  afterEach(() => h.cleanup());

  async function open(config: Partial<NamesConfig>): Promise<void> {
    h = await namesHarness(dialect, { config: { cooldownSeconds: 0, adminFids: [ADMIN], ...config } });
    services = dialect === 'postgres' ? [h.service, await h.second()] : [h.service];
  }

  /** Signs every request first, then sends them all at once, spread over the services. */
  async function burst(requests: TransferFields[], ips: (index: number) => string) {
    const bodies = await Promise.all(requests.map((fields) => signedBody(fields)));
    return Promise.all(
      bodies.map((body, i) => injectPost(services[i % services.length]!.app, body, { ip: ips(i) })),
    );
  }

  it('answers a burst from one IP past its limit with 429 and rate-limit headers, then lets it in after Retry-After', async () => {
    await open({ transferIpLimit: 5, transferFidLimit: 0 });
    const client = '203.0.113.7';
    const registrations = Array.from({ length: 8 }, (_, i) => ({
      name: `ip${i + 1}`,
      from: 0,
      to: i + 1,
      timestamp: now(),
    }));
    const responses = await burst(registrations, () => client);
    assert.deepEqual(statuses(responses), [200, 200, 200, 200, 200, 429, 429, 429]);
    // The first refusal saw exactly the five admitted; later ones may also have seen each other.
    const retryAfter = Math.min(
      ...responses.filter((r) => r.statusCode === 429).map((r) => assertRateLimited(r, 5)),
    );

    // Other addresses have their own count, and loopback (the operator's tools) is not counted.
    assertStatus(
      await h.post({ name: 'other', from: 0, to: 20, timestamp: now() }, { ip: '198.51.100.1' }),
      200,
    );
    assertStatus(await h.post({ name: 'local', from: 0, to: 21, timestamp: now() }), 200);

    h.clock.advance((retryAfter - 1) * 1000);
    assertRateLimited(await h.post({ name: 'ip9', from: 0, to: 9, timestamp: now() }, { ip: client }), 5);
    h.clock.advance(1000);
    assertStatus(await h.post({ name: 'ip9', from: 0, to: 9, timestamp: now() }, { ip: client }), 200);
  });

  it('answers a burst signed by one fid past its limit with 429 from any IP; others cannot spend its count', async () => {
    await open({ transferIpLimit: 0, transferFidLimit: 3 });
    // Strangers signing as themselves for fid 1 are refused before they count against it.
    for (let n = 2; n <= 6; n++) {
      const stranger = { name: 'alice', from: 0, to: 1, timestamp: now(), owner: testKey(n) };
      assertFailure(await h.post(stranger, { ip: `198.51.100.${n}` }), 'INVALID_FID_OWNER');
    }
    // Fid 1 registers and repeats the request from five addresses at once: three get in.
    const repeats = Array.from({ length: 5 }, () => ({ name: 'alice', from: 0, to: 1, timestamp: now() }));
    const responses = await burst(repeats, (i) => `203.0.113.${i + 1}`);
    assert.deepEqual(statuses(responses), [200, 200, 200, 429, 429]);
    assertRateLimited(
      responses.find((r) => r.statusCode === 429)!,
      3,
    );
    // Another fid, and admins (the operator's fids), are not held back by it.
    assertStatus(await h.post({ name: 'bob', from: 0, to: 2, timestamp: now() }), 200);
    for (let n = 10; n < 15; n++) {
      const admin = { fid: ADMIN, signer: testKey(ADMIN), owner: testKey(n) };
      assertStatus(await h.post({ name: `adm${n}`, from: 0, to: n, timestamp: now(), ...admin }), 200);
    }
  });

  it('reads the chain only for a request whose signature checks out', async () => {
    await open({});
    const t = now();
    const signed = await signedBody({ name: 'alice', from: 0, to: 1, timestamp: t });
    const forged = [
      { ...signed, signature: `0x${'ab'.repeat(65)}` },
      { ...signed, signature: 'not hex' },
      { ...signed, timestamp: t + 1 },
      { ...signed, owner: testKey(2).address, to: 2 },
    ];
    for (const body of forged) assertFailure(await injectPost(h.app, body), 'INVALID_SIGNATURE');
    // A well-signed request that fails another local rule does not read the chain either.
    assertFailure(await h.post({ name: 'Alice', from: 0, to: 1, timestamp: t }), 'INVALID_USERNAME');
    assert.deepEqual(h.custody.lookups, []);
    assertStatus(await injectPost(h.app, signed), 200);
    assert.deepEqual(h.custody.lookups, [1]);
  });

  it('refuses a transfer to a fid the chain has not registered', async () => {
    await open({});
    h.custody.assign(7, undefined);
    assertStatus(await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() }), 200);
    h.clock.advance(1000);
    assertFailure(
      await h.post({ name: 'alice', from: 1, to: 7, timestamp: now() }),
      'RECEIVER_NOT_REGISTERED',
    );
    const admin = { fid: ADMIN, signer: testKey(ADMIN), owner: testKey(7) };
    assertFailure(
      await h.post({ name: 'seven', from: 0, to: 7, timestamp: now(), ...admin }),
      'RECEIVER_NOT_REGISTERED',
    );
    const current = await h.app.inject({ url: '/transfers/current?name=alice' });
    assert.equal(current.json<{ transfer: { to: number } }>().transfer.to, 1);
    assertStatus(await h.post({ name: 'alice', from: 1, to: 2, timestamp: now() }), 200);
  });

  it('refuses a timestamp 2 minutes ahead, which would lock the name until then, and accepts 30 s ahead', async () => {
    await open({});
    assertFailure(
      await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() + 120 }),
      'INVALID_TIMESTAMP',
    );
    assertStatus(await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() + 30 }), 200);
  });
});
