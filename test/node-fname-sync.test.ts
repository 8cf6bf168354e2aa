import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { privateKeyToAccount } from 'viem/accounts';
import { realSleep } from '../src/shared/retry.js';
import type { Sleep } from '../src/shared/retry.js';
import { eventsPage } from '../src/node/events/index.js';
import { FNAME_CURSOR_KEY, fnameProofOf, startFnameSync } from '../src/node/fnames/index.js';
import type { FnameSync, FnameSyncOptions, RevokeUsername } from '../src/node/fnames/index.js';
import { readMeta } from '../src/storage/service-meta.js';
import { fixedClock } from '../src/node/onchain/testing.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { signUserNameProofClaim } from '../src/protocol/eip712/index.js';
import { HubEvent, HubEventType } from '../src/protocol/gen/hub_event.js';
import type { UserNameProof } from '../src/protocol/gen/username_proof.js';
import type { Hex } from '../src/protocol/hex.js';
import { FARCASTER_EPOCH_MS } from '../src/protocol/time.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';

/**
 * The fname sync against a real HTTP server standing in for the name registry: transfers signed with
 * the registry's key (and some not), unregistrations, moves between fids, and a registry that fails in
 * every way the loop must survive.
 */

const REGISTRY_KEY: Hex = `0x${'5a'.repeat(32)}`;
const IMPOSTOR_KEY: Hex = `0x${'6b'.repeat(32)}`;
const ROTATED_KEY: Hex = `0x${'7c'.repeat(32)}`;
const REGISTRY_SIGNER = privateKeyToAccount(REGISTRY_KEY).address; // checksummed, as /signer serves it
const OWNER: Hex = `0x${'c0'.repeat(20)}`;
const PAGE_SIZE = 100;
const MAX_RESPONSE_BYTES = 64 * 1024;
const clock = fixedClock(FARCASTER_EPOCH_MS + 100_000_000_000);

type Fault = 'status-500' | 'not-json' | 'wrong-shape' | 'huge' | 'hang' | 'bad-ids' | 'no-signer';

/** An in-process name registry serving `GET /signer` and `GET /transfers` (name-registry.md §1). */
async function startStubRegistry() {
  let signingKey = REGISTRY_KEY;
  const transfers: object[] = [];
  const faults = { signer: [] as Fault[], transfers: [] as Fault[] };
  const requests: string[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    requests.push(`${url.pathname}${url.search}`);
    const json = (body: unknown) => {
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify(body));
    };
    const fault = url.pathname === '/signer' ? faults.signer.shift() : faults.transfers.shift();
    switch (fault) {
      case 'status-500':
        response.statusCode = 500;
        return json({ error: 'Unable to get transfers' });
      case 'not-json':
        return response.end('<html>Bad Gateway</html>');
      case 'wrong-shape':
        return json({ transfers: 'none' });
      case 'no-signer':
        return json({ signer: 'nobody' });
      case 'bad-ids':
        return json({ transfers: [{ id: 0 }] });
      case 'huge': // chunked, no Content-Length: only counting the bytes catches it
        response.write('{"transfers":[],"pad":"');
        for (let i = 0; i < 20; i++) response.write('x'.repeat(8 * 1024));
        return response.end('"}');
      case 'hang':
        hanging.push(response);
        return;
    }
    if (url.pathname === '/signer') return json({ signer: privateKeyToAccount(signingKey).address });
    if (url.pathname !== '/transfers') {
      response.statusCode = 404;
      return response.end();
    }
    // The registry ignores from_id=0 (falsy), which reads from the start too.
    const fromId = Number.parseInt(url.searchParams.get('from_id') ?? '', 10) || 0;
    json({ transfers: transfers.filter((t) => (t as { id: number }).id > fromId).slice(0, PAGE_SIZE) });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    transfers,
    faults,
    requests,
    /** From now on signs with `key` and serves its address on /signer, as after a key rotation. */
    rotate(key: Hex) {
      signingKey = key;
    },
    /** Adds a transfer signed with `key` (default: the registry's current key). */
    async add(id: number, username: string, from: number, to: number, key: Hex = signingKey) {
      const timestamp = 1_700_000_000 + id;
      const signature = await signUserNameProofClaim({ name: username, timestamp, owner: OWNER }, key);
      transfers.push({
        id,
        timestamp,
        username,
        owner: OWNER,
        from,
        to,
        user_signature: `0x${'00'.repeat(65)}`,
        server_signature: signature,
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

type StubRegistry = Awaited<ReturnType<typeof startStubRegistry>>;

function recordingLogger() {
  const warnings: { message: string; details: Record<string, unknown> }[] = [];
  return {
    warnings,
    logger: {
      debug: () => {},
      info: () => {},
      warn: (details: object, message: string) =>
        warnings.push({ message, details: details as Record<string, unknown> }),
    },
  };
}

/** A MERGE_USERNAME_PROOF or REVOKE_MESSAGE event in a line: `merge alice→4 (was alice→1)`. */
function describeEvent(event: HubEvent): string {
  if (event.type !== HubEventType.MERGE_USERNAME_PROOF) return HubEventType[event.type];
  const text = (proof: UserNameProof | undefined) =>
    proof === undefined ? '' : `${new TextDecoder().decode(proof.name)}→${proof.fid}`;
  const body = event.mergeUsernameProofBody;
  const deleted = text(body?.deletedUsernameProof);
  return `merge ${text(body?.usernameProof)}${deleted === '' ? '' : ` (was ${deleted})`}`;
}

forEachDialect('fname sync from a registry over HTTP', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let registry: StubRegistry;
  const running: FnameSync[] = [];
  before(async () => {
    registry = await startStubRegistry();
  });
  after(async () => {
    await Promise.all(running.map((sync) => sync.stop()));
    await registry.close();
    await database?.cleanup();
  });

  const revocations: string[] = [];
  const revokeUsername: RevokeUsername = async (_trx, fid, name) => {
    revocations.push(`${name}:${fid}`);
    return [HubEvent.fromPartial({ type: HubEventType.REVOKE_MESSAGE })];
  };

  function start(db: TestDatabase<NodeTables>['db'], overrides: Partial<FnameSyncOptions> = {}) {
    const { logger, warnings } = recordingLogger();
    const sync = startFnameSync({
      db,
      registryUrl: registry.url,
      fetch: globalThis.fetch,
      clock,
      sleep: realSleep,
      logger,
      revokeUsername,
      pollIntervalMs: 10_000, // caughtUp() cuts the idle wait short
      requestTimeoutMs: 300,
      maxResponseBytes: MAX_RESPONSE_BYTES,
      backoff: { initialMs: 5, maxMs: 40 },
      ...overrides,
    });
    running.push(sync);
    return { sync, warnings };
  }

  const allEvents = async (db: TestDatabase<NodeTables>['db']) =>
    (await eventsPage(db, 0, 10_000)).events.map(describeEvent);

  it('merges the signed transfers, skips badly signed ones, and follows moves and unregistrations', async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
    await registry.add(1, 'alice', 0, 1);
    await registry.add(2, 'bob', 0, 2, IMPOSTOR_KEY);
    await registry.add(3, 'carol', 0, 3);
    registry.transfers.push({ id: 4, username: 'dave', owner: 'not hex', to: 5, timestamp: 1 });
    await registry.add(5, 'alice', 1, 4); // moves to another fid
    await registry.add(6, 'carol', 3, 0); // unregistered

    const { sync, warnings } = start(database.db);
    await sync.caughtUp();

    assert.equal((await fnameProofOf(database.db, 'alice'))?.fid, 4);
    assert.equal(await fnameProofOf(database.db, 'bob'), undefined);
    assert.equal(await fnameProofOf(database.db, 'carol'), undefined);
    assert.deepEqual(revocations, ['alice:1', 'carol:3']);
    assert.deepEqual(await allEvents(database.db), [
      'merge alice→1',
      'merge carol→3',
      'merge alice→4 (was alice→1)',
      'REVOKE_MESSAGE',
      'merge carol→0 (was carol→3)',
      'REVOKE_MESSAGE',
    ]);
    assert.deepEqual(
      warnings.map(({ message, details }) => `${message} ${String(details.id)}`),
      ['fname sync: transfer skipped 2', 'fname sync: transfer skipped 4'],
    );
    assert.match(String(warnings[0]?.details.reason), /bad server signature/);
    assert.equal(await readMeta(database.db, FNAME_CURSOR_KEY), '6');
    assert.deepEqual(
      { ...sync.status(), lastError: undefined },
      {
        state: 'live',
        signer: REGISTRY_SIGNER.toLowerCase(),
        cursor: 6,
        consecutiveFailures: 0,
        lastError: undefined,
        skippedTransfers: 2,
        caughtUpAt: clock.now(),
      },
    );
    await sync.stop();
    await assert.rejects(sync.caughtUp(), /stopped/);
  });

  it('resumes from the stored cursor after a restart, page by page, merging nothing twice', async () => {
    const eventsBefore = (await allEvents(database.db)).length;
    for (let id = 7; id <= 156; id++) await registry.add(id, `user${id}`, 0, 1000 + id);
    registry.requests.splice(0);

    const restarted = await database.reopen();
    const { sync, warnings } = start(restarted.db);
    await sync.caughtUp();

    assert.deepEqual(
      registry.requests.filter((path) => path.startsWith('/transfers')),
      ['/transfers?from_id=6', '/transfers?from_id=106', '/transfers?from_id=156'],
    );
    assert.equal((await allEvents(restarted.db)).length, eventsBefore + 150);
    assert.equal((await fnameProofOf(restarted.db, 'user156'))?.fid, 1156);
    assert.equal(await readMeta(restarted.db, FNAME_CURSOR_KEY), '156');
    assert.deepEqual(warnings, []);
    await sync.stop();
  });

  it('survives a registry that is down, slow or answers garbage, backing off exponentially', async () => {
    registry.faults.signer.push('status-500', 'not-json', 'no-signer', 'hang');
    registry.faults.transfers.push('status-500', 'not-json', 'wrong-shape', 'huge', 'hang', 'bad-ids');
    await registry.add(157, 'erin', 0, 9);
    const backoffs: number[] = [];
    const sleep: Sleep = (ms, signal) => {
      if (ms !== 10_000) backoffs.push(ms);
      return realSleep(ms, signal);
    };

    const { sync, warnings } = start(database.db, { sleep });
    await sync.caughtUp();

    assert.equal((await fnameProofOf(database.db, 'erin'))?.fid, 9);
    assert.deepEqual(backoffs, [5, 10, 20, 40, 40, 40, 40, 40, 40, 40]);
    const failures = warnings.map(({ details }) => String((details.err as Error).message));
    const expected = [
      /\/signer answered HTTP 500/,
      /\/signer answered with a body that is not JSON/,
      /answered \/signer without an address/,
      /\/signer timed out after 300 ms/,
      /\/transfers answered HTTP 500/,
      /\/transfers answered with a body that is not JSON/,
      /without a transfers array/,
      /\/transfers answered with more than 65536 bytes/,
      /\/transfers timed out after 300 ms/,
      /ids must increase from 156, got 0/,
    ];
    assert.equal(failures.length, expected.length, failures.join('\n'));
    failures.forEach((message, i) => assert.match(message, expected[i] as RegExp));
    const status = sync.status();
    assert.equal(status.state, 'live');
    assert.equal(status.consecutiveFailures, 0);
    assert.match(status.lastError?.message ?? '', /ids must increase/);
    await sync.stop();
  });

  it('follows a rotation of the registry key, re-reading /signer at most once per page of bad signatures', async () => {
    const { sync, warnings } = start(database.db);
    await sync.caughtUp();
    registry.rotate(ROTATED_KEY);
    await registry.add(158, 'frank', 0, 10);
    // A flood of badly signed transfers over two pages, then a good one.
    for (let id = 159; id <= 308; id++) await registry.add(id, `bad${id}`, 0, 2000 + id, IMPOSTOR_KEY);
    await registry.add(309, 'grace', 0, 11);
    registry.requests.splice(0);

    await sync.caughtUp();

    assert.equal((await fnameProofOf(database.db, 'frank'))?.fid, 10);
    assert.equal((await fnameProofOf(database.db, 'grace'))?.fid, 11);
    assert.equal(await fnameProofOf(database.db, 'bad200'), undefined);
    assert.equal(sync.status().signer, privateKeyToAccount(ROTATED_KEY).address.toLowerCase());
    assert.equal(warnings.length, 150);
    // One re-read for the page where frank failed against the old key, one for the next page's failures.
    assert.deepEqual(registry.requests, [
      '/transfers?from_id=157',
      '/signer',
      '/transfers?from_id=257',
      '/signer',
      '/transfers?from_id=309',
    ]);
    await sync.stop();
  });

  it('stops promptly during a hanging request and leaves no timer behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const baseline = timers();
    registry.faults.transfers.push('hang');
    registry.requests.splice(0);
    const { sync } = start(database.db, { requestTimeoutMs: 60_000 });
    while (!registry.requests.some((path) => path.startsWith('/transfers')))
      await realSleep(5, new AbortController().signal);

    const started = performance.now();
    await sync.stop();
    assert.ok(performance.now() - started < 1000, 'stop() does not wait for the request timeout');
    assert.equal(sync.status().state, 'stopped');
    assert.equal(timers(), baseline);
  });
});
