import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import { oldestStoredOf } from './limits.js';
import { reusableListQuery } from './reusable-lists.js';

const valuesOf = reusableListQuery((db: Kysely<NodeTables>, keys: string[]) =>
  db.selectFrom('service_meta').select(['key', 'value']).where('key', 'in', keys),
);

forEachDialect('list reads compiled once per length', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('reads a list longer than one statement takes, each distinct value once', async () => {
    const keys = Array.from({ length: 150 }, (_, i) => `key ${i}`);
    await database.db
      .insertInto('service_meta')
      .values(keys.map((key) => ({ key, value: `value of ${key}` })))
      .execute();
    const rows = await valuesOf(database.db, [...keys, ...keys.slice(0, 10), 'absent']);
    assert.deepEqual(rows.map((row) => row.value).sort(), keys.map((key) => `value of ${key}`).sort());
    assert.deepEqual(await valuesOf(database.db, ['key 3']), [{ key: 'key 3', value: 'value of key 3' }]);
    assert.deepEqual(await valuesOf(database.db, []), []);
  });

  it('answers every pair of a long list of oldest-message reads', async () => {
    const pairs = Array.from({ length: 150 }, (_, i): [number, number] => [i + 1, 1]);
    const found = await oldestStoredOf(database.db, pairs);
    assert.deepEqual(
      found,
      pairs.map(([fid, store]) => ({ fid, store, tsHash: undefined })),
    );
  });
});
