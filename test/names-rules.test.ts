import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { DAY_SECONDS, namesHarness, signedBody, testKey, type NamesHarness } from '../src/names/testing.js';
import { forEachDialect } from '../src/storage/testing.js';

/**
 * Where Agora deliberately differs from the reference (docs/names.md "Differences"), and the service's own
 * guarantees: direct transfers by the holder, replays, admins, request faults, paging and id order.
 */

interface TransferBody {
  id: number;
  timestamp: number;
  username: string;
  from: number;
  to: number;
}

const ADMIN = 900;
const COOLDOWN_MS = 28 * DAY_SECONDS * 1000;

function transfer(response: LightMyRequestResponse): TransferBody {
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ transfer: TransferBody }>().transfer;
}

function assertFailure(response: LightMyRequestResponse, code: string, status = 400): void {
  assert.equal(response.statusCode, status, response.body);
  assert.equal(response.json<{ code: string }>().code, code, response.body);
}

forEachDialect('name registry: transfers between fids', (dialect) => {
  let h: NamesHarness;
  const now = () => h.clock.seconds();
  beforeEach(async () => {
    h = await namesHarness(dialect, { config: { adminFids: [ADMIN] } });
    transfer(await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() }));
  });
  afterEach(() => h.cleanup());

  it('lets the holder transfer a name directly, after the cooldown', async () => {
    assertFailure(await h.post({ name: 'alice', from: 1, to: 2, timestamp: now() }), 'THROTTLED');
    h.clock.advance(COOLDOWN_MS);
    const moved = transfer(await h.post({ name: 'alice', from: 1, to: 2, timestamp: now(), fid: 1 }));
    assert.deepEqual([moved.from, moved.to], [1, 2]);
    assert.equal(transfer(await h.app.inject({ url: '/transfers/current?fid=2' })).id, moved.id);
    // Fid 1 holds no name now: its most recent transfer is the move away.
    assert.equal(transfer(await h.app.inject({ url: '/transfers/current?fid=1' })).id, moved.id);
    // The old holder can take a new name; the name itself rests again.
    transfer(await h.post({ name: 'alice2', from: 0, to: 1, timestamp: now() }));
    assertFailure(await h.post({ name: 'alice', from: 2, to: 0, timestamp: now() }), 'THROTTLED');
  });

  it('shows each new transfer in the next read of a read already answered (kept reads)', async () => {
    const current = async () => transfer(await h.app.inject({ url: '/transfers/current?name=alice' }));
    const history = async () =>
      (await h.app.inject({ url: '/transfers?name=alice' })).json<{ transfers: TransferBody[] }>().transfers;
    const registered = await current();
    assert.equal((await history()).length, 1);
    h.clock.advance(COOLDOWN_MS);
    const moved = transfer(await h.post({ name: 'alice', from: 1, to: 2, timestamp: now(), fid: 1 }));
    assert.notEqual(moved.id, registered.id);
    assert.equal((await current()).id, moved.id);
    assert.deepEqual(
      (await history()).map((entry) => entry.id),
      [registered.id, moved.id],
    );
  });

  it('refuses the transfer when the receiver requests it', async () => {
    h.clock.advance(COOLDOWN_MS);
    const byReceiver = { name: 'alice', from: 1, to: 2, timestamp: now(), owner: testKey(2) };
    assertFailure(await h.post({ ...byReceiver, fid: 2 }), 'UNAUTHORIZED');
    // Without `fid`, the acting fid is still the holder, whose custody the receiver does not have.
    assertFailure(await h.post(byReceiver), 'INVALID_FID_OWNER');
  });

  it('refuses a transfer to a fid that already has a name', async () => {
    transfer(await h.post({ name: 'bob', from: 0, to: 2, timestamp: now() }));
    h.clock.advance(COOLDOWN_MS);
    assertFailure(await h.post({ name: 'alice', from: 1, to: 2, timestamp: now() }), 'TOO_MANY_NAMES');
  });

  it('lets another fid register an unregistered name once the cooldown has passed', async () => {
    h.clock.advance(COOLDOWN_MS);
    const burn = transfer(await h.post({ name: 'alice', from: 1, to: 0, timestamp: now() }));
    assertFailure(await h.post({ name: 'alice', from: 0, to: 2, timestamp: now() }), 'THROTTLED');
    // Only registration revives a burned name, even for an admin.
    const admin = { fid: ADMIN, signer: testKey(ADMIN) };
    assertFailure(
      await h.post({ name: 'alice', from: 1, to: 2, timestamp: now(), ...admin }),
      'USERNAME_NOT_FOUND',
    );
    h.clock.advance(COOLDOWN_MS);
    const revived = transfer(await h.post({ name: 'alice', from: 0, to: 2, timestamp: now() }));
    assert.equal(transfer(await h.app.inject({ url: '/transfers/current?name=alice' })).id, revived.id);
    assert.equal(transfer(await h.app.inject({ url: '/transfers/current?fid=1' })).id, burn.id);
  });

  it('lets admins skip the cooldown and move a name from its holder', async () => {
    const admin = { fid: ADMIN, signer: testKey(ADMIN), owner: testKey(3) };
    // Each transfer of a name must be strictly later than the last (docs/names.md, rule 10).
    transfer(await h.post({ name: 'alice', from: 1, to: 3, timestamp: now() + 1, ...admin }));
    assertFailure(
      await h.post({ name: 'alice', from: 1, to: 4, timestamp: now() + 2, ...admin }),
      'USERNAME_TAKEN',
    );
    transfer(await h.post({ name: 'alice', from: 3, to: 0, timestamp: now() + 2, ...admin }));
  });

  it('refuses a transfer from 0 to 0', async () => {
    assertFailure(
      await h.post({ name: 'zero', from: 0, to: 0, timestamp: now(), owner: testKey(1) }),
      'UNAUTHORIZED',
    );
  });
});

forEachDialect('name registry: signatures, replays and the chain', (dialect) => {
  let h: NamesHarness;
  const now = () => h.clock.seconds();
  beforeEach(async () => {
    h = await namesHarness(dialect, { config: { cooldownSeconds: 0 } });
  });
  afterEach(() => h.cleanup());

  it('refuses an old signature replayed with a new timestamp', async () => {
    const signed = await signedBody({ name: 'alice', from: 0, to: 1, timestamp: now() });
    h.clock.advance(3600_000);
    const replay = { ...signed, timestamp: now() };
    assertFailure(
      await h.app.inject({ method: 'POST', url: '/transfers', payload: replay }),
      'INVALID_SIGNATURE',
    );
    assertFailure(
      await h.app.inject({ method: 'POST', url: '/transfers', payload: signed }),
      'INVALID_TIMESTAMP',
    );
  });

  it('refuses an old registration replayed after the holder unregistered', async () => {
    const registration = await signedBody({ name: 'alice', from: 0, to: 1, timestamp: now() });
    transfer(await h.app.inject({ method: 'POST', url: '/transfers', payload: registration }));
    h.clock.advance(1000);
    transfer(await h.post({ name: 'alice', from: 1, to: 0, timestamp: now() }));
    const replayed = await h.app.inject({ method: 'POST', url: '/transfers', payload: registration });
    assertFailure(replayed, 'INVALID_TIMESTAMP');
  });

  it('answers a repeat with the stored row, even outside the timestamp window', async () => {
    const first = transfer(await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() }));
    h.clock.advance(DAY_SECONDS * 1000);
    const repeat = transfer(await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() }));
    assert.deepEqual(repeat, first);
  });

  it('gives a name at most one transfer per second, even with a cooldown of 0', async () => {
    const t = now();
    transfer(await h.post({ name: 'alice', from: 0, to: 1, timestamp: t }));
    assertFailure(await h.post({ name: 'alice', from: 1, to: 0, timestamp: t }), 'INVALID_TIMESTAMP');
    transfer(await h.post({ name: 'alice', from: 1, to: 0, timestamp: t + 1 }));
    assertFailure(await h.post({ name: 'alice', from: 0, to: 2, timestamp: t + 1 }), 'INVALID_TIMESTAMP');
    const again = transfer(await h.post({ name: 'alice', from: 0, to: 2, timestamp: t + 2 }));
    assert.deepEqual(transfer(await h.app.inject({ url: '/transfers/current?name=alice' })), again);
  });

  it('refuses an fid with no custody address, and answers 503 when the chain cannot be read', async () => {
    h.custody.assign(1, undefined);
    assertFailure(await h.post({ name: 'alice', from: 0, to: 1, timestamp: now() }), 'INVALID_FID_OWNER');
    h.custody.custodyOf = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    const response = await h.post({ name: 'bob', from: 0, to: 2, timestamp: now() });
    assert.equal(response.statusCode, 503);
    assert.deepEqual(response.json(), {
      error: 'Unable to validate : the chain could not be read',
      code: 'CHAIN_UNAVAILABLE',
    });
  });
});

forEachDialect('name registry: malformed requests', (dialect) => {
  let h: NamesHarness;
  let body: Record<string, unknown>;
  before(async () => {
    h = await namesHarness(dialect);
    body = await signedBody({ name: 'alice', from: 0, to: 1, timestamp: h.clock.seconds() });
  });
  after(() => h.cleanup());
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    h.app.inject({ method: 'POST', url: '/transfers', payload: payload as string, headers });

  it('answers missing or mistyped fields, bad JSON and other content types with INVALID_REQUEST', async () => {
    const { signature: _signature, ...unsigned } = body;
    for (const payload of [
      {},
      unsigned,
      { ...body, from: -1 },
      { ...body, to: 'two' },
      { ...body, timestamp: 1.5 },
    ]) {
      assertFailure(await post(payload), 'INVALID_REQUEST');
    }
    assertFailure(await post('{"name":', { 'content-type': 'application/json' }), 'INVALID_REQUEST');
    assertFailure(await post('name=alice', { 'content-type': 'text/plain' }), 'INVALID_REQUEST');
  });

  it('answers a malformed owner with INVALID_FID_OWNER and a malformed signature with INVALID_SIGNATURE', async () => {
    assertFailure(await post({ ...body, owner: 'alice' }), 'INVALID_FID_OWNER');
    assertFailure(await post({ ...body, signature: 'not hex' }), 'INVALID_SIGNATURE');
  });

  it('answers a body over 100 kB with 413, and unknown routes with 404', async () => {
    const large = await post({ ...body, padding: 'x'.repeat(110 * 1024) });
    assert.equal(large.statusCode, 413);
    assert.deepEqual(large.json(), { error: 'Payload Too Large' });
    const missing = await h.app.inject({ url: '/ccip/0x/0x.json' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { error: 'Not Found' });
  });

  it('answers a NUL in /transfers/current?name= like the reference, and still accepts the valid body', async () => {
    const response = await h.app.inject({ url: '/transfers/current?name=alice%00' });
    assert.deepEqual([response.statusCode, response.json()], [400, { error: 'Unable to get transfer' }]);
    transfer(await post(body));
  });
});

forEachDialect('name registry: paging and ids', (dialect) => {
  let h: NamesHarness;
  before(async () => {
    h = await namesHarness(dialect, { config: { cooldownSeconds: 0 } });
  });
  after(() => h.cleanup());

  it('numbers transfers without gaps, whatever fails or repeats in between', async () => {
    const t = h.clock.seconds();
    transfer(await h.post({ name: 'one', from: 0, to: 1, timestamp: t }));
    assertFailure(await h.post({ name: 'one', from: 0, to: 2, timestamp: t }), 'USERNAME_TAKEN');
    transfer(await h.post({ name: 'one', from: 0, to: 1, timestamp: t }));
    const second = transfer(await h.post({ name: 'two', from: 0, to: 2, timestamp: t }));
    assert.equal(second.id, 2);
  });

  it('pages 100 at a time by from_id, and orders by timestamp with from_ts', async () => {
    const t = h.clock.seconds();
    // Timestamps run backwards while ids run forwards (all within the 60 s a timestamp may be ahead).
    for (let fid = 3; fid <= 105; fid++) {
      transfer(await h.post({ name: `n${fid}`, from: 0, to: fid, timestamp: t + 60 - fid }));
    }
    const page = (url: string) =>
      h.app.inject({ url }).then((response) => response.json<{ transfers: TransferBody[] }>().transfers);
    const first = await page('/transfers');
    assert.deepEqual(
      first.map((t) => t.id),
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    assert.deepEqual(
      (await page('/transfers?from_id=100')).map((t) => t.id),
      [101, 102, 103, 104, 105],
    );
    assert.deepEqual(await page('/transfers?from_id=105'), []);
    const byTime = await page(`/transfers?from_ts=${t + 60 - 106}`);
    assert.deepEqual(
      byTime.slice(0, 3).map((t) => t.username),
      ['n105', 'n104', 'n103'],
    );
    // The latest by timestamp, not by id.
    assert.equal(transfer(await h.app.inject({ url: '/transfers/current' })).username, 'n3');
  });
});
