import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { ReaderCheckpoint, ReaderLogger } from '../../chain/reader/index.js';
import { SignerEventType } from '../../protocol/gen/onchain_event.js';
import { bytesToHex } from '../../protocol/hex.js';
import { FARCASTER_EPOCH_MS } from '../../protocol/time.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { Clock } from '../../shared/clock.js';
import { fidRegistration, isActiveSigner, storageUnits } from '../onchain/index.js';
import {
  address,
  blockHash,
  fixedClock,
  queuedRevocations,
  registerEvent,
  rentEvent,
  signerEvent,
  signerKey,
} from '../onchain/testing.js';
import type { NodeTables } from '../store/schema.js';
import { CHAIN_CHECKPOINT_KEY, createChainSink } from './chain-sink.js';
import { readMeta } from '../../storage/service-meta.js';

const NOW_MS = FARCASTER_EPOCH_MS + 100_000_000_000;
const clock = fixedClock(NOW_MS);
const { ADD, REMOVE, ADMIN_RESET } = SignerEventType;

/** The checkpoint after reading through `last`, recording that block. */
function through(last: number, fork = 0): ReaderCheckpoint {
  return { nextBlock: last + 1, blocks: [{ number: last, hash: bytesToHex(blockHash(last, fork)) }] };
}

function recordingLogger() {
  const lines: { level: string; message: string; details: object }[] = [];
  const record = (level: string) => (details: object, message: string) => {
    lines.push({ level, message, details });
  };
  const logger: ReaderLogger = {
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
  return { logger, problems: () => lines.filter((line) => line.level === 'warn' || line.level === 'error') };
}

forEachDialect('chain sink', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  const hubEventCount = async () =>
    Number(
      (
        await database.db
          .selectFrom('hub_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  function sink(options: {
    clock?: Clock;
    onSignerDeactivated?: (fid: number, key: Uint8Array) => Promise<void>;
  }) {
    const { logger, problems } = recordingLogger();
    const revoked: [number, string][] = [];
    const created = createChainSink({
      db: database.db,
      clock: options.clock ?? clock,
      logger,
      onSignerDeactivated:
        options.onSignerDeactivated ??
        (async (fid, key) => {
          revoked.push([fid, bytesToHex(key)]);
        }),
    });
    return { sink: created, revoked, problems };
  }

  it('starts without a checkpoint, then loads the one saved with the last apply', async () => {
    const { sink: first } = sink({});
    assert.equal(await first.load(), undefined);
    await first.apply([], through(3));
    assert.deepEqual(await sink({}).sink.load(), through(3));
  });

  it('merges the events with the checkpoint, and skips them when they are delivered again', async () => {
    const { sink: chainSink, problems } = sink({});
    const events = [
      registerEvent(10, address(10), { block: 10 }),
      rentEvent(10, 2, NOW_MS / 1000 - 60, { block: 10, log: 1 }),
      signerEvent(10, signerKey(10), ADD, { block: 11 }),
    ];
    await chainSink.apply(events, through(11));
    assert.deepEqual((await fidRegistration(database.db, 10))?.custodyAddress, address(10));
    assert.equal(await isActiveSigner(database.db, 10, signerKey(10)), true);
    assert.deepEqual(await storageUnits(database.db, 10, NOW_MS), { legacy: 2, units2024: 0 });
    const eventsAfterFirst = await hubEventCount();

    // A crash after the commit makes the reader deliver the range again, with a later checkpoint.
    await chainSink.apply(events, through(12));
    assert.equal(await hubEventCount(), eventsAfterFirst);
    assert.deepEqual(await chainSink.load(), through(12));
    assert.deepEqual(problems(), []);
  });

  it('reports a reset signer after the commit (not a removed one), and logs an event the merge rejects', async () => {
    const seen: { fid: number; key: string; committed: boolean }[] = [];
    const other = await database.reopen();
    const { sink: chainSink, problems } = sink({
      onSignerDeactivated: async (fid, key) => {
        // Another connection sees the removal and the checkpoint only once they are committed.
        const committed =
          !(await isActiveSigner(other.db, fid, key)) &&
          (await readMeta(other.db, CHAIN_CHECKPOINT_KEY)) !== undefined;
        seen.push({ fid, key: bytesToHex(key), committed });
      },
    });
    await chainSink.apply(
      [
        registerEvent(20, address(20), { block: 20 }),
        signerEvent(20, signerKey(20), ADD, { block: 20, log: 1 }),
        signerEvent(20, signerKey(21), ADD, { block: 20, log: 2 }),
      ],
      through(20),
    );
    await chainSink.apply(
      [
        signerEvent(20, signerKey(20), ADMIN_RESET, { block: 21 }),
        signerEvent(20, signerKey(21), REMOVE, { block: 21, log: 1 }),
        signerEvent(20, signerKey(21), ADD, { block: 21, log: 2 }),
      ],
      through(21),
    );
    assert.deepEqual(seen, [{ fid: 20, key: bytesToHex(signerKey(20)), committed: true }]);
    assert.deepEqual(
      problems().map((line) => line.message),
      ['chain ingest: on-chain event rejected'],
    );
    assert.deepEqual(await chainSink.load(), through(21));
  });

  it('retracts orphaned blocks with the checkpoint and reports the signers it deactivated', async () => {
    const { sink: chainSink, revoked } = sink({});
    await chainSink.apply(
      [registerEvent(30, address(30), { block: 30 }), signerEvent(30, signerKey(30), ADD, { block: 31 })],
      through(31),
    );
    await chainSink.retract([{ number: 31, hash: blockHash(31) }], through(30));
    assert.equal(await isActiveSigner(database.db, 30, signerKey(30)), false);
    assert.ok(await fidRegistration(database.db, 30), 'block 30 stays');
    assert.deepEqual(revoked, [[30, bytesToHex(signerKey(30))]]);
    assert.deepEqual(await queuedRevocations(database.db, 30), [bytesToHex(signerKey(30))]);
    assert.deepEqual(await chainSink.load(), through(30));
  });

  it('keeps going when the revocation callback fails: the change is committed, the revocation queued', async () => {
    const { sink: chainSink, problems } = sink({
      onSignerDeactivated: async () => {
        throw new Error('engine unavailable');
      },
    });
    await chainSink.apply(
      [
        registerEvent(40, address(40), { block: 40 }),
        signerEvent(40, signerKey(40), ADD, { block: 40, log: 1 }),
      ],
      through(40),
    );
    await chainSink.apply([signerEvent(40, signerKey(40), ADMIN_RESET, { block: 41 })], through(41));
    assert.deepEqual(
      problems().map((line) => line.message),
      ['chain ingest: signer revocation failed'],
    );
    assert.deepEqual(await chainSink.load(), through(41));
    assert.deepEqual(await queuedRevocations(database.db, 40), [bytesToHex(signerKey(40))]);
  });

  it('leaves neither events nor checkpoint behind when the transaction fails', async () => {
    const before = await sink({}).sink.load();
    const failingClock: Clock = {
      now: () => {
        throw new Error('clock failed');
      },
    };
    const { sink: chainSink } = sink({ clock: failingClock });
    await assert.rejects(
      chainSink.apply([registerEvent(50, address(50), { block: 50 })], through(50)),
      /clock failed/,
    );
    assert.equal(await fidRegistration(database.db, 50), undefined);
    assert.deepEqual(await chainSink.load(), before);
  });
});
