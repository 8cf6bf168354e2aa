import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { OnChainEventType, SignerEventType } from '../../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../../protocol/gen/onchain_event.js';
import { bytesToHex } from '../../protocol/hex.js';
import { FARCASTER_EPOCH_MS } from '../../protocol/time.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import { mergeOnChainEvents } from './merge.js';
import { fidOfCustodyAddress, fidRegistration, isActiveSigner, onChainEvents } from './queries.js';
import { retractBlocks } from './retract.js';
import { storageUnits } from './storage-units.js';
import {
  address,
  blockHash,
  fixedClock,
  queuedRevocations,
  registerEvent,
  rentEvent,
  signerEvent,
  signerKey,
  transferEvent,
} from './testing.js';
import { writeTransaction } from '../store/write-transaction.js';

const clock = fixedClock(FARCASTER_EPOCH_MS + 100_000_000_000);
const { ADD, REMOVE } = SignerEventType;

forEachDialect('reorg retraction', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  const merge = async (...events: OnChainEvent[]) => {
    for (const result of await mergeOnChainEvents(database.db, events, clock)) assert.ok(result.ok);
  };
  const block = (number: number, fork = 0) => ({ number, hash: blockHash(number, fork) });
  const eventsOf = async (fid: number) =>
    (
      await Promise.all(
        [OnChainEventType.EVENT_TYPE_ID_REGISTER, OnChainEventType.EVENT_TYPE_SIGNER].map(
          async (type) => (await onChainEvents(database.db, fid, type, { limit: 100 })).items,
        ),
      )
    ).flat();

  it('rebuilds custody from the remaining events when a transfer is retracted', async () => {
    const [a, b] = [address(10), address(11)];
    await merge(registerEvent(1, a, { block: 1 }), transferEvent(1, a, b, { block: 5 }));
    assert.equal(await fidOfCustodyAddress(database.db, a), undefined);

    const retraction = await retractBlocks(database.db, [block(5)], clock);
    assert.deepEqual(
      retraction.events.map((event) => event.blockNumber),
      [5],
    );
    assert.deepEqual((await fidRegistration(database.db, 1))?.custodyAddress, a);
    assert.equal(await fidOfCustodyAddress(database.db, a), 1);
    assert.equal(await fidOfCustodyAddress(database.db, b), undefined);
  });

  it('unregisters a fid whose only registration is retracted', async () => {
    await merge(registerEvent(2, address(20), { block: 6 }));
    await retractBlocks(database.db, [block(6)], clock);
    assert.equal(await fidRegistration(database.db, 2), undefined);
    assert.equal(await fidOfCustodyAddress(database.db, address(20)), undefined);
  });

  it('rebuilds signers: a retracted REMOVE reactivates, a retracted ADD deactivates and is reported', async () => {
    await merge(
      signerEvent(3, signerKey(1), ADD, { block: 7 }),
      signerEvent(3, signerKey(1), REMOVE, { block: 9 }),
      signerEvent(3, signerKey(2), ADD, { block: 8 }),
    );
    const undoRemove = await retractBlocks(database.db, [block(9)], clock);
    assert.deepEqual(undoRemove.deactivatedSigners, []);
    assert.equal(await isActiveSigner(database.db, 3, signerKey(1)), true);

    const undoAdds = await retractBlocks(database.db, [block(7), block(8)], clock);
    assert.deepEqual(undoAdds.deactivatedSigners, [
      { fid: 3, key: signerKey(1) },
      { fid: 3, key: signerKey(2) },
    ]);
    // Key 1 was queued by its REMOVE already; the retraction queues key 2.
    assert.deepEqual(await queuedRevocations(database.db, 3), [signerKey(1), signerKey(2)].map(bytesToHex));
    assert.equal(await isActiveSigner(database.db, 3, signerKey(1)), false);
    assert.equal(await isActiveSigner(database.db, 3, signerKey(2)), false);
    const rows = await database.db.selectFrom('signers').select('key').where('fid', '=', 3).execute();
    assert.deepEqual(rows, []);
  });

  it('drops retracted rents from the storage units', async () => {
    const rentTime = 1_730_000_000;
    await merge(rentEvent(4, 2, rentTime, { block: 10 }), rentEvent(4, 3, rentTime, { block: 11 }));
    await retractBlocks(database.db, [block(11)], clock);
    assert.deepEqual(await storageUnits(database.db, 4, rentTime * 1000), { legacy: 0, units2024: 2 });
  });

  it('leaves a block alone when the hash names another fork', async () => {
    await merge(registerEvent(5, address(50), { block: 12 }));
    const retraction = await retractBlocks(database.db, [block(12, 1)], clock);
    assert.deepEqual(retraction, { events: [], deactivatedSigners: [] });
    assert.equal(await fidOfCustodyAddress(database.db, address(50)), 5);
  });

  it('replaces a reorged block atomically inside the caller transaction', async () => {
    const [a, b, c] = [address(60), address(61), address(62)];
    await merge(registerEvent(6, a, { block: 13 }), transferEvent(6, a, b, { block: 14 }));
    const replacement = transferEvent(6, a, c, { block: 14, fork: 1 });
    await writeTransaction(database.db, async (trx) => {
      await retractBlocks(trx, [block(14)], clock);
      const [result] = await mergeOnChainEvents(trx, [replacement], clock);
      assert.ok(result?.ok);
    });
    assert.deepEqual((await fidRegistration(database.db, 6))?.custodyAddress, c);
    assert.equal(await fidOfCustodyAddress(database.db, b), undefined);
    assert.deepEqual(await eventsOf(6), [registerEvent(6, a, { block: 13 }), replacement]);
  });
});
