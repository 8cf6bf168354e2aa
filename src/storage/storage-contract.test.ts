/**
 * What every service may rely on from storage, whichever dialect it runs on. The tables here are
 * test-only and created by the tests themselves.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import type { Dialect } from './database.js';
import { listServices, migrateToLatest, migrationSets, runMigrations } from './migrate.js';
import { bytesColumn } from './migration.js';
import type { MigrationSet } from './migration.js';
import { forEachDialect, openTestDatabase } from './testing.js';
import type { TestDatabase } from './testing.js';

interface ContractTables {
  item: {
    id: number;
    big: number | null;
    bytes: Uint8Array | null;
    flag: boolean | null;
    label: string | null;
  };
  counter: { id: number; value: number };
}

async function createContractTables(database: TestDatabase<ContractTables>): Promise<void> {
  await database.db.schema
    .createTable('item')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('big', 'bigint')
    .addColumn('bytes', bytesColumn(database.dialect))
    .addColumn('flag', 'boolean')
    .addColumn('label', 'text')
    .execute();
  await database.db.schema
    .createTable('counter')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('value', 'bigint', (column) => column.notNull())
    .execute();
}

forEachDialect('storage contract', (dialect: Dialect) => {
  let database: TestDatabase<ContractTables>;

  before(async () => {
    database = await openTestDatabase<ContractTables>(dialect);
    await createContractTables(database);
  });
  after(() => database.cleanup());

  async function readItem(id: number): Promise<ContractTables['item']> {
    return database.db.selectFrom('item').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  it('round-trips integers up to Number.MAX_SAFE_INTEGER as number in a bigint column', async () => {
    const values = [0, 1, -1, 2 ** 31, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    await database.db
      .insertInto('item')
      .values(values.map((big, index) => ({ id: 100 + index, big })))
      .execute();
    const rows = await database.db
      .selectFrom('item')
      .select('big')
      .where('id', '>=', 100)
      .where('id', '<', 100 + values.length)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      rows.map((row) => row.big),
      values,
    );
    for (const row of rows) assert.equal(typeof row.big, 'number');
  });

  it('returns count(*) as a number', async () => {
    const { count } = await database.db
      .selectFrom('item')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    assert.equal(typeof count, 'number');
  });

  it('rejects an out-of-range integer with a RangeError instead of a wrong number', async () => {
    for (const [id, literal] of [
      [200, '9007199254740993'],
      [201, '-9007199254740993'],
    ] as const) {
      await sql`insert into item (id, big) values (${sql.lit(id)}, ${sql.raw(literal)})`.execute(database.db);
      await assert.rejects(readItem(id), RangeError);
    }
    // The connection stays usable after the failed read.
    assert.equal((await readItem(100)).big, 0);
  });

  it('round-trips bytes as plain Uint8Array, including empty and offset views', async () => {
    const backing = Uint8Array.from([9, 9, 1, 2, 3, 9]);
    const cases = [
      new Uint8Array(0),
      Uint8Array.from([0, 255, 1, 128]),
      backing.subarray(2, 5),
      Buffer.from([7, 7]),
      crypto.getRandomValues(new Uint8Array(32)),
    ];
    for (const [index, bytes] of cases.entries()) {
      const id = 300 + index;
      await database.db.insertInto('item').values({ id, bytes }).execute();
      const read = (await readItem(id)).bytes;
      assert.ok(read !== null);
      assert.equal(Object.getPrototypeOf(read), Uint8Array.prototype);
      assert.deepEqual([...read], [...bytes]);
    }
  });

  it('returns booleans as true/false and filters on them', async () => {
    await database.db
      .insertInto('item')
      .values([
        { id: 400, flag: true },
        { id: 401, flag: false },
      ])
      .execute();
    assert.equal((await readItem(400)).flag, true);
    assert.equal((await readItem(401)).flag, false);
    const flagged = await database.db
      .selectFrom('item')
      .select('id')
      .where('flag', '=', true)
      .where('id', '>=', 400)
      .execute();
    assert.deepEqual(flagged, [{ id: 400 }]);
  });

  it('keeps nulls null', async () => {
    await database.db
      .insertInto('item')
      .values({ id: 500, big: null, bytes: null, flag: null, label: null })
      .execute();
    assert.deepEqual(await readItem(500), { id: 500, big: null, bytes: null, flag: null, label: null });
  });

  it('rolls back every write of a transaction that throws', async () => {
    await assert.rejects(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 600, label: 'a' }).execute();
        await trx.updateTable('item').set({ label: 'changed' }).where('id', '=', 100).execute();
        throw new Error('boom');
      }),
      /boom/,
    );
    assert.equal(
      await database.db.selectFrom('item').select('id').where('id', '=', 600).executeTakeFirst(),
      undefined,
    );
    assert.equal((await readItem(100)).label, null);
  });

  it('keeps two test databases apart', async () => {
    const other = await openTestDatabase<ContractTables>(dialect);
    try {
      await createContractTables(other);
      await other.db.insertInto('item').values({ id: 1, label: 'other' }).execute();
      assert.equal(
        await database.db.selectFrom('item').select('id').where('id', '=', 1).executeTakeFirst(),
        undefined,
      );
      assert.deepEqual(await other.db.selectFrom('item').select('label').execute(), [{ label: 'other' }]);
    } finally {
      await other.cleanup();
    }
  });

  if (dialect === 'postgres') {
    it('serialises 20 concurrent read-then-write transactions with select ... for update', async () => {
      await database.db.insertInto('counter').values({ id: 1, value: 0 }).execute();
      const increment = () =>
        database.db.transaction().execute(async (trx) => {
          const { value } = await trx
            .selectFrom('counter')
            .select('value')
            .where('id', '=', 1)
            .forUpdate()
            .executeTakeFirstOrThrow();
          await trx
            .updateTable('counter')
            .set({ value: value + 1 })
            .where('id', '=', 1)
            .execute();
        });
      await Promise.all(Array.from({ length: 20 }, increment));
      const { value } = await database.db
        .selectFrom('counter')
        .select('value')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      assert.equal(value, 20);
    });
  }
});

forEachDialect('storage migrations', (dialect: Dialect) => {
  for (const service of listServices()) {
    it(`applies the ${service} migrations once`, async () => {
      const database = await openTestDatabase(dialect);
      try {
        assert.deepEqual(await migrateToLatest(database, service), Object.keys(migrationSets[service]));
        assert.deepEqual(await migrateToLatest(database, service), []);
        await sql`insert into service_meta (key, value) values ('cursor', '1')`.execute(database.db);
      } finally {
        await database.cleanup();
      }
    });
  }

  it('keeps the history of each migration set separate', async () => {
    const table = (name: string): MigrationSet => ({
      '0001_create': {
        up: (db) => db.schema.createTable(name).addColumn('id', 'integer').execute(),
      },
    });
    const database = await openTestDatabase(dialect);
    try {
      // Same migration name in both sets: each set must still run its own.
      assert.deepEqual(await runMigrations(database, 'alpha', table('alpha_table')), ['0001_create']);
      assert.deepEqual(await runMigrations(database, 'beta', table('beta_table')), ['0001_create']);
      assert.deepEqual(await runMigrations(database, 'alpha', table('alpha_table')), []);
      assert.deepEqual(await runMigrations(database, 'beta', table('beta_table')), []);
    } finally {
      await database.cleanup();
    }
  });

  if (dialect === 'postgres') {
    it('applies each migration once when several processes migrate one schema at once', async () => {
      const database = await openTestDatabase(dialect);
      try {
        const handles = [database, await database.reopen(), await database.reopen()];
        const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle, 'node')));
        assert.deepEqual(applied.flat(), Object.keys(migrationSets.node));
      } finally {
        await database.cleanup();
      }
    });
  }
});
