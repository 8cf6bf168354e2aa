import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { MigrationError, StorageError } from './errors.js';
import { listServices, migrationSets, runMigrations } from './migrate.js';
import type { MigrationSet } from './migration.js';
import { forEachDialect, openTestDatabase } from './testing.js';

it('lists every service with a migration set', () => {
  assert.deepEqual(listServices().sort(), ['names', 'node', 'social']);
  for (const service of listServices()) {
    assert.ok(Object.keys(migrationSets[service]).length > 0, service);
  }
});

forEachDialect('migration runner', (dialect) => {
  it('names the failed migration and keeps nothing from the failed run', async () => {
    const migrations: MigrationSet = {
      '0001_good': { up: (db) => db.schema.createTable('good').addColumn('id', 'integer').execute() },
      '0002_bad': {
        async up(db) {
          await db.schema.createTable('half').addColumn('id', 'integer').execute();
          throw new Error('deliberate failure');
        },
      },
    };
    const database = await openTestDatabase(dialect);
    try {
      const failure = await runMigrations(database, 'failing', migrations).catch((error: unknown) => error);
      assert.ok(failure instanceof MigrationError);
      assert.equal(failure.migrationName, '0002_bad');
      assert.equal(failure.code, 'migration_failed');
      assert.match(failure.message, /0002_bad of failing failed: deliberate failure/);
      for (const table of ['good', 'half']) {
        await assert.rejects(sql`select * from ${sql.table(table)}`.execute(database.db), table);
      }
      // Fixing the set lets the next run apply everything.
      const fixed = { ...migrations, '0002_bad': { up: async () => {} } };
      assert.deepEqual(await runMigrations(database, 'failing', fixed), ['0001_good', '0002_bad']);
    } finally {
      await database.cleanup();
    }
  });

  it("retries a run that met a missing table, as another schema's drop causes, and still names a migration's own", async () => {
    let attempts = 0;
    const migrations: MigrationSet = {
      '0001_missing': {
        async up(db) {
          attempts += 1;
          await sql`alter table nowhere add column id integer`.execute(db);
        },
      },
    };
    const database = await openTestDatabase(dialect);
    try {
      const failure = await runMigrations(database, 'missing', migrations).catch((error: unknown) => error);
      assert.ok(failure instanceof MigrationError);
      assert.equal(failure.migrationName, '0001_missing');
      // PostgreSQL's undefined_table (42P01) is what Kysely's introspection meets when another schema's
      // tables go mid-read, so the run is tried again, five runs at most; SQLite's error has no such code.
      // Other tests drop their schemas meanwhile, so a run may itself meet that race before the migration.
      if (dialect === 'postgres') assert.ok(attempts > 1 && attempts <= 5, `${attempts} attempts`);
      else assert.equal(attempts, 1);
    } finally {
      await database.cleanup();
    }
  });

  it('passes the dialect to migrations', async () => {
    const seen: string[] = [];
    const database = await openTestDatabase(dialect);
    try {
      await runMigrations(database, 'probe', {
        '0001_probe': { up: async (_db, context) => void seen.push(context.dialect) },
      });
      assert.deepEqual(seen, [dialect]);
    } finally {
      await database.cleanup();
    }
  });
});

it('rejects badly named sets and migrations before touching the database', async () => {
  const database = await openTestDatabase('sqlite');
  try {
    const noop = { up: async () => {} };
    await assert.rejects(runMigrations(database, 'Bad-Name', { '0001_a': noop }), StorageError);
    await assert.rejects(runMigrations(database, 'ok', { first: noop }), /0001_snake_case/);
  } finally {
    await database.cleanup();
  }
});
