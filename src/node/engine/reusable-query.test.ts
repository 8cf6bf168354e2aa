import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { NodeTables } from '../store/schema.js';
import { reusableQuery } from './reusable-query.js';

const setMeta = reusableQuery((db: Kysely<NodeTables>, key: string, value: string) =>
  db.insertInto('service_meta').values({ key, value }),
);
const metaIn = reusableQuery((db: Kysely<NodeTables>, first: string, second: string) =>
  db.selectFrom('service_meta').select(['key', 'value']).where('key', 'in', [first, second]).orderBy('key'),
);

forEachDialect('reusable queries', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('runs one compiled statement with each call’s arguments, inside transactions too', async () => {
    await setMeta(database.db, 'a', '1');
    await database.db.transaction().execute(async (trx) => {
      await setMeta(trx, 'b', '2');
      await setMeta(trx, 'c', '3');
      assert.deepEqual(await metaIn(trx, 'c', 'a'), [
        { key: 'a', value: '1' },
        { key: 'c', value: '3' },
      ]);
    });
    assert.deepEqual(await metaIn(database.db, 'b', 'x'), [{ key: 'b', value: '2' }]);
  });
});
