import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import { oldestStoredOf } from './limits.js';

forEachDialect('oldest stored messages', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('answers every pair of a long list of oldest-message reads', async () => {
    const pairs = Array.from({ length: 150 }, (_, i): [number, number] => [i + 1, 1]);
    const found = await oldestStoredOf(database.db, pairs);
    assert.deepEqual(
      found,
      pairs.map(([fid, store]) => ({ fid, store, tsHash: undefined })),
    );
  });
});
