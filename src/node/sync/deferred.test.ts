import assert from 'node:assert/strict';
import { beforeEach, it } from 'node:test';
import { waitFor } from '../../../test/support/wait.js';
import { SignerEventType } from '../../protocol/gen/onchain_event.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Sleep } from '../../shared/retry.js';
import { testClock } from '../../shared/test-clock.js';
import { forEachDialect } from '../../storage/testing.js';
import { castAdd, clock, engineFixture, signerFor } from '../engine/testing.js';
import type { TestAccount } from '../engine/testing.js';
import { mergeOnChainEvents } from '../onchain/merge.js';
import { address, rentEvent, signerEvent } from '../onchain/testing.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { isDeferrable } from './deferred.js';
import type { DeferralLimits } from './deferred.js';
import { createSyncedMerge, startDeferredRetry } from './synced-merge.js';
import type { MergeTally, SyncedMerge } from './synced-merge.js';

/** A rent valid at the engine's test clock. */
const RENT_TIME = 1_725_000_000;

/** An account whose fid no on-chain event registers (yet). */
const unregistered = (fid: number): TestAccount => ({ fid, signer: signerFor(fid), custody: address(fid) });

const tally = (counts: Partial<MergeTally>): MergeTally => ({
  merged: 0,
  duplicates: 0,
  deferred: 0,
  refused: {},
  invalid: 0,
  ...counts,
});

forEachDialect('messages deferred until the chain view has their fid, signer or storage', (dialect) => {
  const fixture = engineFixture(dialect);
  const time = testClock();
  const syncedMerge = (limits: Partial<DeferralLimits> = {}) =>
    createSyncedMerge({ db: fixture.database.db, engine: fixture.engine, clock: time, limits });
  const storeChainEvents = async (events: OnChainEvent[]) => {
    for (const result of await mergeOnChainEvents(fixture.database.db, events, clock)) assert.ok(result.ok);
  };

  beforeEach(() => fixture.database.db.deleteFrom('sync_deferred').execute());

  it('defers only the refusals a later chain view can lift', () => {
    assert.ok(isDeferrable('bad_request.unknown_fid'));
    assert.ok(isDeferrable('bad_request.unknown_signer'));
    assert.ok(isDeferrable('bad_request.no_storage'));
    for (const errCode of [
      'bad_request.validation_failure',
      'bad_request.duplicate',
      'unavailable',
    ] as const) {
      assert.ok(!isDeferrable(errCode), errCode);
    }
  });

  it('a message of an unregistered fid waits, and merges once the fid is registered', async () => {
    const merge = syncedMerge();
    const cast = castAdd(unregistered(10), 'from a fid this node has not read yet');
    assert.deepEqual(await merge.merge([cast]), tally({ deferred: 1 }));
    const [row] = await fixture.database.db.selectFrom('sync_deferred').selectAll().execute();
    assert.equal(row?.fid, 10);
    assert.match(row?.reason ?? '', /^bad_request\.unknown_fid: /);

    // The chain view has not moved: the row is kept unchanged.
    assert.deepEqual(await merge.retryDeferred(), { ...tally({ deferred: 1 }), expired: 0 });
    assert.deepEqual(await fixture.database.db.selectFrom('sync_deferred').selectAll().execute(), [row]);

    await fixture.account(10);
    assert.deepEqual(await merge.retryDeferred(), { ...tally({ merged: 1 }), expired: 0 });
    assert.equal(await merge.deferredCount(), 0);
    assert.deepEqual(await merge.merge([cast]), tally({ duplicates: 1 }), 'held now');
  });

  it('a message of a signer not yet added waits, and merges once the signer is added', async () => {
    const merge = syncedMerge();
    await fixture.account(11);
    const newSigner = signerFor(11, 1);
    const cast = castAdd({ fid: 11, signer: newSigner, custody: address(11) }, 'from a new signer');
    assert.deepEqual(await merge.merge([cast]), tally({ deferred: 1 }));
    await storeChainEvents([signerEvent(11, newSigner.publicKey, SignerEventType.ADD, { block: 115 })]);
    assert.deepEqual(await merge.retryDeferred(), { ...tally({ merged: 1 }), expired: 0 });
    assert.equal(await merge.deferredCount(), 0);
  });

  it('a message of a fid without storage waits, and merges once it rents', async () => {
    const merge = syncedMerge();
    await fixture.account(12, { units: 0 });
    const cast = castAdd(unregistered(12), 'before the rent');
    assert.deepEqual(await merge.merge([cast]), tally({ deferred: 1 }));
    await storeChainEvents([rentEvent(12, 1, RENT_TIME, { block: 125 })]);
    assert.deepEqual(await merge.retryDeferred(), { ...tally({ merged: 1 }), expired: 0 });
  });

  it('a forged message is counted invalid (a fault of the peer), not deferred', async () => {
    const merge = syncedMerge();
    const cast = castAdd(unregistered(13), 'forged');
    const forged: ReceivedMessage = {
      ...cast,
      message: { ...cast.message, signature: cast.message.signature.map((byte) => byte ^ 1) },
    };
    assert.deepEqual(await merge.merge([forged]), tally({ invalid: 1 }));
    assert.equal(await merge.deferredCount(), 0);
  });

  it('keeps at most maxRows in all and perFidRows per fid; the rest is refused', async () => {
    const merge = syncedMerge({ maxRows: 3, perFidRows: 2 });
    const first = [1, 2, 3].map((n) => castAdd(unregistered(20), `fid 20 #${n}`));
    const second = [1, 2].map((n) => castAdd(unregistered(21), `fid 21 #${n}`));
    assert.deepEqual(
      await merge.merge(first),
      tally({ deferred: 2, refused: { 'bad_request.unknown_fid': 1 } }),
      'the third of fid 20 is past its bound',
    );
    assert.deepEqual(
      await merge.merge(second),
      tally({ deferred: 1, refused: { 'bad_request.unknown_fid': 1 } }),
      'the second of fid 21 is past the total',
    );
    assert.equal(await merge.deferredCount(), 3);
    // One already kept takes no room: it is still deferred.
    assert.deepEqual(await merge.merge([first[0]!]), tally({ deferred: 1 }));
    assert.equal(await merge.deferredCount(), 3);
  });

  it('the same message twice is kept once', async () => {
    const merge = syncedMerge();
    const cast = castAdd(unregistered(22), 'sent twice');
    assert.deepEqual(await merge.merge([cast, cast]), tally({ deferred: 2 }));
    assert.deepEqual(await merge.merge([cast]), tally({ deferred: 1 }));
    assert.equal(await merge.deferredCount(), 1);
  });

  it('a message held already counts as a duplicate, and is not validated again', async () => {
    const asked: number[] = [];
    const counting: typeof fixture.engine = Object.create(fixture.engine);
    counting.mergeSynced = (messages) => {
      asked.push(messages.length);
      return fixture.engine.mergeSynced(messages);
    };
    const merge = createSyncedMerge({ db: fixture.database.db, engine: counting, clock: time });
    const account = await fixture.account(23);
    const cast = castAdd(account, 'already here');
    assert.deepEqual(await merge.merge([cast]), tally({ merged: 1 }));
    assert.deepEqual(await merge.merge([cast, cast]), tally({ duplicates: 2 }));
    assert.deepEqual(await merge.merge([cast, castAdd(account, 'new')]), tally({ merged: 1, duplicates: 1 }));
    assert.deepEqual(asked, [1, 1], 'only messages not held reach the engine');
  });

  it('drops rows past maxAgeMs without merging them', async () => {
    const merge = syncedMerge({ maxAgeMs: 60_000 });
    const older = castAdd(unregistered(24), 'deferred first');
    const newer = castAdd(unregistered(24), 'deferred later');
    await merge.merge([older]);
    time.advance(30_000);
    await merge.merge([newer]);
    time.advance(30_001);
    await fixture.account(24);
    assert.deepEqual(await merge.retryDeferred(), { ...tally({ merged: 1 }), expired: 1 });
    assert.deepEqual(await merge.merge([older, newer]), tally({ merged: 1, duplicates: 1 }));
  });

  it('retries page after page, rows deferred at one time split across pages included', async () => {
    const merge = syncedMerge();
    const casts = Array.from({ length: 300 }, (_, n) => castAdd(unregistered(25), `cast ${n}`, 100 + n));
    for (let start = 0; start < casts.length; start += 100) {
      time.advance(1);
      assert.equal((await merge.merge(casts.slice(start, start + 100))).deferred, 100);
    }
    await fixture.account(25);
    assert.deepEqual(await merge.retryDeferred(), { ...tally({ merged: 300 }), expired: 0 });
    assert.equal(await merge.deferredCount(), 0);
  });

  it('the retry loop retries as the chain moves and every interval, and idles when none wait', async (t) => {
    const merge = syncedMerge();
    let retries = 0;
    const counted: SyncedMerge = {
      ...merge,
      retryDeferred: () => {
        retries++;
        return merge.retryDeferred();
      },
    };
    let position = 0;
    const sleeper = steppedSleep();
    const loop = startDeferredRetry({
      syncedMerge: counted,
      chainPosition: () => position,
      intervalMs: 60_000,
      checkIntervalMs: 1000,
      sleep: sleeper.sleep,
      now: time.now,
      logger: undefined,
    });
    t.after(() => loop.stop());

    await sleeper.waiting();
    assert.equal(retries, 1, 'the first step retries what may wait from before a restart');
    assert.equal(loop.status().waiting, false);
    await sleeper.step();
    assert.equal(retries, 1, 'idle: none wait');

    await merge.merge([castAdd(unregistered(26), 'waits for its fid')]);
    await sleeper.step();
    assert.equal(loop.status().waiting, true);
    assert.equal(retries, 1, 'just tried by the merge: the next try waits for the chain');
    await sleeper.step();
    assert.equal(retries, 1);

    await fixture.account(26);
    position = 1;
    await sleeper.step();
    assert.equal(retries, 2, 'the chain moved');
    assert.equal(loop.status().waiting, false);
    assert.equal(loop.status().lastRetry?.merged, 1);
    assert.equal(await merge.deferredCount(), 0);

    await merge.merge([castAdd(unregistered(27), 'waits for its fid')]);
    await sleeper.step();
    assert.equal(retries, 2);
    time.advance(60_000);
    await sleeper.step();
    assert.equal(retries, 3, 'the interval passed, the chain still');
    assert.equal(loop.status().waiting, true);
    assert.equal(loop.status().lastRetry?.deferred, 1);
    await sleeper.step();
    assert.equal(retries, 3);
  });
});

/** A sleep that lasts until the test ends it: each `step()` lets the loop run exactly one more step. */
function steppedSleep() {
  let end: (() => void) | undefined;
  const sleep: Sleep = (_ms, signal) =>
    new Promise((resolve) => {
      end = resolve;
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  const waiting = () => waitFor('the loop to wait', () => end !== undefined);
  return {
    sleep,
    waiting,
    async step() {
      await waiting();
      const ending = end!;
      end = undefined;
      ending();
      await waiting();
    },
  };
}
