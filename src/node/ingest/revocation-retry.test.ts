import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { SignerEventType } from '../../protocol/gen/onchain_event.js';
import { FARCASTER_EPOCH_MS } from '../../protocol/time.js';
import { realSleep } from '../../shared/retry.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import { mergeOnChainEvents } from '../onchain/index.js';
import { dropRevocation } from '../onchain/revocation-queue.js';
import { fixedClock, queuedRevocations, signerEvent, signerKey } from '../onchain/testing.js';
import type { NodeTables } from '../store/schema.js';
import { startRevocationRetry } from './revocation-retry.js';
import type { RevocationRetry } from './revocation-retry.js';

const clock = fixedClock(FARCASTER_EPOCH_MS + 100_000_000_000);
const { ADD, ADMIN_RESET } = SignerEventType;

forEachDialect('revocation retry', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let retry: RevocationRetry | undefined;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(async () => {
    await retry?.stop();
    await database.cleanup();
  });

  /** Adds then resets key `n` of `fid`, which queues its revocation (a removal would not, decision 0008). */
  const resetKey = async (fid: number, n: number) => {
    const events = [ADD, ADMIN_RESET].map((type, log) =>
      signerEvent(fid, signerKey(n), type, { block: n, log }),
    );
    for (const result of await mergeOnChainEvents(database.db, events, clock)) assert.ok(result.ok);
  };

  it('finishes every queued revocation when started, and retries the ones that fail with backoff', async () => {
    await resetKey(1, 1);
    await resetKey(2, 2);
    const calls: string[] = [];
    const warnings: object[] = [];
    let failures = 1;
    retry = startRevocationRetry({
      db: database.db,
      // As the engine's revokeSigner does, the key goes off the queue once revoked.
      revoke: async (fid, key) => {
        calls.push(`${fid}`);
        if (fid === 1 && failures-- > 0) throw new Error('database hiccup');
        await database.db.transaction().execute((trx) => dropRevocation(trx, fid, key));
      },
      clock,
      sleep: realSleep,
      logger: { info: () => undefined, warn: (details) => warnings.push(details) },
      pollIntervalMs: 10,
      backoff: { initialMs: 5, maxMs: 5 },
    });
    await retry.caughtUp();
    // Pass 1: fid 1 fails and fid 2 is revoked all the same; pass 2, after the backoff: fid 1.
    assert.deepEqual(calls, ['1', '2', '1']);
    assert.equal(warnings.length, 1);
    assert.deepEqual(await queuedRevocations(database.db, 1), []);
    assert.deepEqual(await queuedRevocations(database.db, 2), []);

    // Queued while it runs (e.g. a failed attempt after a later on-chain commit): the next pass takes it
    // (perhaps before resetKey returns: a pass reads the queue while the reset's commit waits for its sync).
    await resetKey(3, 3);
    await retry.caughtUp();
    assert.deepEqual(calls.slice(3), ['3']);
    assert.deepEqual(await queuedRevocations(database.db, 3), []);
  });
});
