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
import { waitFor } from './support/wait.js';

/**
 * The fname sync against a real HTTP server standing in for the name registry: transfers signed with
 * the registry's key (and some not), unregistrations, moves between fids, a registry that fails in every
 * way the loop must survive, and one that goes back in time.
 */

const REGISTRY_KEY: Hex = `0x${'5a'.repeat(32)}`;
const IMPOSTOR_KEY: Hex = `0x${'6b'.repeat(32)}`;
const ROTATED_KEY: Hex = `0x${'7c'.repeat(32)}`;
const REGISTRY_SIGNER = privateKeyToAccount(REGISTRY_KEY).address; // checksummed, as /signer serves it
const OWNER: Hex = `0x${'c0'.repeat(20)}`;
const PAGE_SIZE = 100;
const MAX_RESPONSE_BYTES = 64 * 1024;
const clock = fixedClock(FARCASTER_EPOCH_MS + 100_000_000_000);
/** The request timeout under test, where the stub hangs. */
const HANG_TIMEOUT_MS = 300;

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
  type Line = { message: string; details: Record<string, unknown> };
  const warnings: Line[] = [];
  const errors: Line[] = [];
  const record = (lines: Line[]) => (details: object, message: string) =>
    lines.push({ message, details: details as Record<string, unknown> });
  return {
    warnings,
    errors,
    logger: { debug: () => {}, info: () => {}, warn: record(warnings), error: record(errors) },
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
    const { logger, warnings, errors } = recordingLogger();
    const sync = startFnameSync({
      db,
      registryUrl: registry.url,
      fetch: globalThis.fetch,
      clock,
      sleep: realSleep,
      logger,
      revokeUsername,
      pollIntervalMs: 10_000, // caughtUp() cuts the idle wait short
      requestTimeoutMs: 60_000, // no request to the stub comes near it, unless the stub hangs
      maxResponseBytes: MAX_RESPONSE_BYTES,
      backoff: { initialMs: 5, maxMs: 40 },
      ...overrides,
    });
    running.push(sync);
    return { sync, warnings, errors };
  }

  const allEvents = async (db: TestDatabase<NodeTables>['db']) =>
    (await eventsPage(db, 0, 10_000)).events.map(describeEvent);

  it('merges the signed transfers and follows moves and unregistrations', async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
    await registry.add(1, 'alice', 0, 1);
    await registry.add(2, 'carol', 0, 3);
    await registry.add(3, 'alice', 1, 4); // moves to another fid
    await registry.add(4, 'carol', 3, 0); // unregistered

    const { sync, warnings } = start(database.db);
    await sync.caughtUp();

    assert.equal((await fnameProofOf(database.db, 'alice'))?.fid, 4);
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
    assert.deepEqual(warnings, []);
    assert.equal(await readMeta(database.db, FNAME_CURSOR_KEY), '4');
    assert.deepEqual(
      { ...sync.status(), lastError: undefined },
      {
        state: 'live',
        signer: REGISTRY_SIGNER.toLowerCase(),
        previousSigner: undefined,
        cursor: 4,
        consecutiveFailures: 0,
        lastError: undefined,
        halted: undefined,
        caughtUpAt: clock.now(),
      },
    );
    await sync.stop();
    await assert.rejects(sync.caughtUp(), /stopped/);
  });

  it('resumes from the stored cursor after a restart, page by page, merging nothing twice', async () => {
    const eventsBefore = (await allEvents(database.db)).length;
    for (let id = 5; id <= 154; id++) await registry.add(id, `user${id}`, 0, 1000 + id);
    registry.requests.splice(0);

    const restarted = await database.reopen();
    const { sync, warnings } = start(restarted.db);
    await sync.caughtUp();

    assert.deepEqual(
      registry.requests.filter((path) => path.startsWith('/transfers')),
      // Each page starts at the transfer at the cursor, which must still be the one synced.
      ['/transfers?from_id=3', '/transfers?from_id=102', '/transfers?from_id=153'],
    );
    assert.equal((await allEvents(restarted.db)).length, eventsBefore + 150);
    assert.equal((await fnameProofOf(restarted.db, 'user154'))?.fid, 1154);
    assert.equal(await readMeta(restarted.db, FNAME_CURSOR_KEY), '154');
    assert.deepEqual(warnings, []);
    await sync.stop();
  });

  it('survives a registry that is down, slow or answers garbage, backing off exponentially', async () => {
    registry.faults.signer.push('status-500', 'not-json', 'no-signer', 'hang');
    registry.faults.transfers.push('status-500', 'not-json', 'wrong-shape', 'huge', 'hang', 'bad-ids');
    await registry.add(155, 'erin', 0, 9);
    const backoffs: number[] = [];
    const sleep: Sleep = (ms, signal) => {
      if (ms !== 10_000) backoffs.push(ms);
      return realSleep(ms, signal);
    };

    const { sync, warnings } = start(database.db, { sleep, requestTimeoutMs: HANG_TIMEOUT_MS });
    await sync.caughtUp();

    assert.equal((await fnameProofOf(database.db, 'erin'))?.fid, 9);
    assert.deepEqual(backoffs, [5, 10, 20, 40, 40, 40, 40, 40, 40, 40]);
    const failures = warnings.map(({ details }) => String((details.err as Error).message));
    const expected = [
      /\/signer answered HTTP 500/,
      /\/signer answered with a body that is not JSON/,
      /answered \/signer without an address/,
      new RegExp(`/signer timed out after ${HANG_TIMEOUT_MS} ms`),
      /\/transfers answered HTTP 500/,
      /\/transfers answered with a body that is not JSON/,
      /without a transfers array/,
      /\/transfers answered with more than 65536 bytes/,
      new RegExp(`/transfers timed out after ${HANG_TIMEOUT_MS} ms`),
      /ids must increase from 153, got 0/,
    ];
    assert.equal(failures.length, expected.length, failures.join('\n'));
    failures.forEach((message, i) => assert.match(message, expected[i] as RegExp));
    const status = sync.status();
    assert.equal(status.state, 'live');
    assert.equal(status.consecutiveFailures, 0);
    assert.match(status.lastError?.message ?? '', /ids must increase/);
    await sync.stop();
  });

  it('follows a rotation of the registry key, re-reading /signer once for a page of new signatures', async () => {
    const { sync, errors } = start(database.db);
    await sync.caughtUp();
    registry.rotate(ROTATED_KEY);
    await registry.add(156, 'frank', 0, 10);
    await registry.add(157, 'grace', 0, 11);
    registry.requests.splice(0);

    await sync.caughtUp();

    assert.equal((await fnameProofOf(database.db, 'frank'))?.fid, 10);
    assert.equal((await fnameProofOf(database.db, 'grace'))?.fid, 11);
    assert.equal(sync.status().signer, privateKeyToAccount(ROTATED_KEY).address.toLowerCase());
    assert.deepEqual(registry.requests, ['/transfers?from_id=154', '/signer', '/transfers?from_id=156']);
    assert.deepEqual(errors, []);
    await sync.stop();
  });

  it('stops at a transfer it cannot verify or read, says why, and resumes once the registry is fixed', async () => {
    const { sync, errors } = start(database.db);
    await sync.caughtUp();
    await registry.add(158, 'heidi', 0, 12);
    await registry.add(159, 'mallory', 0, 13, IMPOSTOR_KEY);
    await registry.add(160, 'ivan', 0, 14);

    await waitFor('two errors', () => errors.length >= 2);
    const halted = sync.status();
    assert.equal((await fnameProofOf(database.db, 'heidi'))?.fid, 12, 'the transfers before it merge');
    assert.equal(await fnameProofOf(database.db, 'mallory'), undefined);
    assert.equal(await fnameProofOf(database.db, 'ivan'), undefined, 'nothing after it merges');
    assert.equal(await readMeta(database.db, FNAME_CURSOR_KEY), '158');
    assert.match(halted.halted ?? '', /transfer 159 \(mallory\) is not signed by the registry's key 0x/);
    assert.match(halted.halted ?? '', /agora resync-fnames/);
    assert.match(errors[0]?.message ?? '', /^fname sync: stopped advancing: transfer 159/);
    assert.equal(errors[0]?.details.recovery, 'agora resync-fnames');

    // The registry serves the transfer properly signed: the sync goes on by itself.
    registry.transfers.splice(-2);
    await registry.add(159, 'mallory', 0, 13);
    await registry.add(160, 'ivan', 0, 14);
    await sync.caughtUp();
    assert.equal((await fnameProofOf(database.db, 'ivan'))?.fid, 14);
    assert.equal(sync.status().halted, undefined);

    // A malformed transfer stops it the same way.
    registry.transfers.push({ id: 161, username: 'judy', owner: 'not hex', to: 15, timestamp: 1 });
    const before = errors.length;
    await waitFor('another error', () => errors.length > before);
    assert.match(sync.status().halted ?? '', /transfer 161 is unusable: owner is not a 20-byte hex address/);
    registry.transfers.pop();
    await sync.caughtUp();
    await sync.stop();
  });

  it('stops when the registry went back in time: its newest id below the cursor, or ids handed out again', async () => {
    const { sync, errors } = start(database.db);
    await sync.caughtUp();
    const saved = registry.transfers.splice(0);
    registry.transfers.push(...saved.slice(0, 150)); // a backup taken at transfer 150

    await waitFor('an error', () => errors.length > 0);
    assert.match(
      sync.status().halted ?? '',
      /the registry's newest transfer id is below the node's cursor 160 \(was the registry's database restored from a backup\?\)/,
    );

    // The sync may poll between these adds and halt again on a newest id still below its cursor, so wait
    // for the reason that only the complete list gives.
    for (let id = 151; id <= 165; id++) await registry.add(id, `other${id}`, 0, 3000 + id);
    await waitFor('the halt on a reissued id', () =>
      /the registry's transfer 160 is not the one the node synced/.test(sync.status().halted ?? ''),
    );
    assert.equal(await fnameProofOf(database.db, 'other161'), undefined);
    assert.equal(await readMeta(database.db, FNAME_CURSOR_KEY), '160');

    registry.transfers.splice(0, Infinity, ...saved);
    await sync.caughtUp();
    assert.equal(sync.status().halted, undefined);
    await sync.stop();
  });

  it('stops promptly during a hanging request and leaves no timer behind', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    const baseline = timers();
    registry.faults.transfers.push('hang');
    registry.requests.splice(0);
    const aborts: unknown[] = [];
    const watchedFetch: typeof fetch = (input, init) => {
      init?.signal?.addEventListener('abort', () => aborts.push(init.signal?.reason));
      return fetch(input, init);
    };
    const { sync } = start(database.db, { fetch: watchedFetch });
    await waitFor('the hanging request', () =>
      registry.requests.some((path) => path.startsWith('/transfers')),
    );

    await sync.stop();
    assert.equal(aborts.length, 1, 'stop() aborts the request in flight');
    assert.doesNotMatch(String(aborts[0]), /timed out/, 'stop() does not wait for the request timeout');
    assert.equal(sync.status().state, 'stopped');
    assert.equal(timers(), baseline);
  });
});
