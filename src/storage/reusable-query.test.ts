import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import {
  reusableListQuery,
  reusableQuery,
  reusableQueryByShape,
  reusableStatement,
} from './reusable-query.js';
import { forEachDialect, openTestDatabase } from './testing.js';
import type { TestDatabase } from './testing.js';

/** Every service's schema has this table. */
interface MetaTables {
  service_meta: { key: string; value: string };
}

const setMeta = reusableQuery((db: Kysely<MetaTables>, key: string, value: string) =>
  db.insertInto('service_meta').values({ key, value }),
);
const metaIn = reusableQuery((db: Kysely<MetaTables>, first: string, second: string) =>
  db.selectFrom('service_meta').select(['key', 'value']).where('key', 'in', [first, second]).orderBy('key'),
);
const setMetaIfNew = reusableStatement((db: Kysely<MetaTables>, key: string, value: string) =>
  db
    .insertInto('service_meta')
    .values({ key, value })
    .onConflict((conflict) => conflict.doNothing()),
);
const metaOf = reusableListQuery((db: Kysely<MetaTables>, keys: string[], prefix: string) =>
  db
    .selectFrom('service_meta')
    .select(['key', 'value'])
    .where('key', 'in', keys)
    .where('value', 'like', prefix),
);
const metaFrom = reusableQueryByShape(
  (shape: { descending: boolean; after: boolean }) => `${shape.descending}/${shape.after}`,
  (shape, db: Kysely<MetaTables>, after: string | undefined) => {
    const query = db
      .selectFrom('service_meta')
      .select('key')
      .where('key', 'like', 'page-%')
      .orderBy('key', shape.descending ? 'desc' : 'asc');
    return shape.after ? query.where('key', shape.descending ? '<' : '>', after as string) : query;
  },
);

forEachDialect('reusable queries', (dialect) => {
  let database: TestDatabase<MetaTables>;
  before(async () => {
    database = await openTestDatabase<MetaTables>(dialect, 'names');
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

  it('compiles each shape of a query once and runs it with each call’s arguments', async () => {
    for (const key of ['page-1', 'page-2', 'page-3']) await setMeta(database.db, key, '');
    const keys = async (descending: boolean, after?: string) =>
      (await metaFrom({ descending, after: after !== undefined }, database.db, after)).map((row) => row.key);
    assert.deepEqual(await keys(false), ['page-1', 'page-2', 'page-3']);
    assert.deepEqual(await keys(true), ['page-3', 'page-2', 'page-1']);
    assert.deepEqual(await keys(false, 'page-1'), ['page-2', 'page-3']);
    assert.deepEqual(await keys(true, 'page-2'), ['page-1']);
    assert.deepEqual(await keys(true, 'page-3'), ['page-2', 'page-1']);
  });

  it('tells how many rows a reusable write changed', async () => {
    assert.equal((await setMetaIfNew(database.db, 'new', '1')).numAffectedRows, 1n);
    assert.equal((await setMetaIfNew(database.db, 'new', '2')).numAffectedRows, 0n);
    assert.deepEqual(await metaIn(database.db, 'new', 'x'), [{ key: 'new', value: '1' }]);
  });

  it('reads a list longer than one statement takes, each distinct value once, with further arguments', async () => {
    const keys = Array.from({ length: 150 }, (_, i) => `list ${i}`);
    await database.db
      .insertInto('service_meta')
      .values(keys.map((key) => ({ key, value: `value of ${key}` })))
      .execute();
    const rows = await metaOf(database.db, [...keys, ...keys.slice(0, 10), 'absent'], 'value of %');
    assert.deepEqual(rows.map((row) => row.value).sort(), keys.map((key) => `value of ${key}`).sort());
    assert.deepEqual(await metaOf(database.db, ['list 3'], 'value%'), [
      { key: 'list 3', value: 'value of list 3' },
    ]);
    assert.deepEqual(await metaOf(database.db, ['list 3'], 'other%'), []);
    assert.deepEqual(await metaOf(database.db, [], '%'), []);
  });
});
