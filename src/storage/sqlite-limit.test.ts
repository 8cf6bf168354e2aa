import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Kysely } from 'kysely';
import { reusableQuery } from './reusable-query.js';
import { plannedOnceLimit } from './sqlite-limit.js';
import { forEachDialect, openTestDatabase } from './testing.js';
import type { TestDatabase } from './testing.js';

/** Every service's schema has this table. */
interface MetaTables {
  service_meta: { key: string; value: string };
}

const firstKeys = (db: Kysely<MetaTables>, limit: number, offset = 0) =>
  db
    .selectFrom('service_meta')
    .select('key')
    .where('key', 'like', 'k%')
    .orderBy('key')
    .limit(limit)
    .offset(offset);
const keptFirstKeys = reusableQuery((db: Kysely<MetaTables>, limit: number) => firstKeys(db, limit));

forEachDialect('select limits', (dialect) => {
  let database: TestDatabase<MetaTables>;
  before(async () => {
    database = await openTestDatabase<MetaTables>(dialect, 'names');
    await database.db
      .insertInto('service_meta')
      .values(['k1', 'k2', 'k3', 'k4', 'k5'].map((key) => ({ key, value: '' })))
      .execute();
  });
  after(() => database.cleanup());

  it('binds the limit in an expression on SQLite, as is on PostgreSQL', () => {
    const { sql, parameters } = firstKeys(database.db, 2).compile();
    assert.match(sql, dialect === 'sqlite' ? /limit \? \+ 0 offset \?$/ : /limit \$2 offset \$3$/);
    assert.deepEqual(parameters, ['k%', 2, 0]);
  });

  it('returns the same rows, with an offset and through a statement compiled once', async () => {
    const keys = async (query: Promise<{ key: string }[]>) => (await query).map((row) => row.key);
    assert.deepEqual(await keys(firstKeys(database.db, 2).execute()), ['k1', 'k2']);
    assert.deepEqual(await keys(firstKeys(database.db, 2, 3).execute()), ['k4', 'k5']);
    assert.deepEqual(await keys(firstKeys(database.db, 10, 4).execute()), ['k5']);
    assert.deepEqual(await keys(keptFirstKeys(database.db, 1)), ['k1']);
    assert.deepEqual(await keys(keptFirstKeys(database.db, 3)), ['k1', 'k2', 'k3']);
  });

  it('limits a nested select with the expression on both dialects', async () => {
    const page = database.db
      .selectFrom('service_meta')
      .select('key')
      .where('key', 'like', 'k%')
      .orderBy('key')
      .limit(plannedOnceLimit(2))
      .as('page');
    const rows = await database.db.selectFrom(page).select('page.key').orderBy('page.key').execute();
    assert.deepEqual(
      rows.map((row) => row.key),
      ['k1', 'k2'],
    );
  });
});
