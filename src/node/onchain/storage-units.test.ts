import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { StoreType } from '../../protocol/gen/request_response.js';
import { FARCASTER_EPOCH_MS } from '../../protocol/time.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import { mergeOnChainEvents } from './merge.js';
import {
  LEGACY_UNIT_CUTOFF_SECONDS,
  rentExpiry,
  storageUnits,
  storeLimit,
  totalUnits,
} from './storage-units.js';
import { fixedClock, rentEvent } from './testing.js';

const YEAR = 365 * 24 * 60 * 60;
const CUTOFF = LEGACY_UNIT_CUTOFF_SECONDS;

describe('storage unit rules', () => {
  it('gives legacy units two years and 2024 units one year from the block time', () => {
    assert.equal(rentExpiry(CUTOFF - 1), CUTOFF - 1 + 2 * YEAR);
    assert.equal(rentExpiry(CUTOFF), CUTOFF + YEAR);
  });

  it('derives every store limit from the units of each kind', () => {
    const expected: [StoreType, number, number][] = [
      [StoreType.CASTS, 5000, 2000],
      [StoreType.LINKS, 2500, 1000],
      [StoreType.REACTIONS, 2500, 1000],
      [StoreType.USER_DATA, 50, 50],
      [StoreType.USERNAME_PROOFS, 5, 5],
      [StoreType.VERIFICATIONS, 25, 25],
    ];
    for (const [store, legacy, units2024] of expected) {
      const limited = store as Parameters<typeof storeLimit>[1];
      assert.equal(storeLimit({ legacy: 1, units2024: 0 }, limited), legacy);
      assert.equal(storeLimit({ legacy: 0, units2024: 1 }, limited), units2024);
      assert.equal(storeLimit({ legacy: 2, units2024: 3 }, limited), 2 * legacy + 3 * units2024);
      assert.equal(storeLimit({ legacy: 0, units2024: 0 }, limited), 0);
    }
    assert.equal(totalUnits({ legacy: 2, units2024: 3 }), 5);
  });
});

forEachDialect('storage units', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('counts unexpired rents by kind across the legacy/2024 cut-off', async () => {
    const fid = 1;
    const halfYear = YEAR / 2;
    const rents = [
      rentEvent(fid, 1, CUTOFF - 3 * YEAR, { block: 1 }), // legacy, long expired
      rentEvent(fid, 2, CUTOFF - YEAR, { block: 2 }), // legacy, valid until CUTOFF + YEAR
      rentEvent(fid, 4, CUTOFF - 1, { block: 3 }), // legacy, valid until CUTOFF - 1 + 2 years
      rentEvent(fid, 8, CUTOFF, { block: 4 }), // 2024, valid until CUTOFF + YEAR
      rentEvent(fid, 16, CUTOFF + halfYear, { block: 5 }), // 2024, valid until CUTOFF + 1.5 years
    ];
    await mergeOnChainEvents(database.db, rents, fixedClock(FARCASTER_EPOCH_MS));
    const at = (seconds: number) => storageUnits(database.db, fid, seconds * 1000);

    assert.deepEqual(await at(CUTOFF + halfYear), { legacy: 6, units2024: 24 });
    // A unit is valid while now < expiry.
    assert.deepEqual(await at(CUTOFF + YEAR - 1), { legacy: 6, units2024: 24 });
    assert.deepEqual(await at(CUTOFF + YEAR), { legacy: 4, units2024: 16 });
    assert.deepEqual(await at(CUTOFF + YEAR + halfYear), { legacy: 4, units2024: 0 });
    assert.deepEqual(await at(CUTOFF + 2 * YEAR - 2), { legacy: 4, units2024: 0 });
    assert.deepEqual(await at(CUTOFF + 2 * YEAR - 1), { legacy: 0, units2024: 0 });
    assert.deepEqual(await storageUnits(database.db, 2, (CUTOFF + halfYear) * 1000), {
      legacy: 0,
      units2024: 0,
    });
  });
});
