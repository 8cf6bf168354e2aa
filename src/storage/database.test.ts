import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { defaultSchemaFor, openDatabase, sqliteFileFor } from './database.js';
import { StorageError } from './errors.js';

describe('openDatabase options', () => {
  const cases: [string, Parameters<typeof openDatabase>[0], RegExp][] = [
    ['no target', {}, /url \(PostgreSQL\) or sqliteFile/],
    ['non-postgres url', { url: 'mysql://localhost/db' }, /postgres:\/\//],
    ['unparsable url', { url: 'postgres://' }, /postgres:\/\//],
    ['quoted schema', { url: 'postgres://localhost/db', schema: 'x"; drop' }, /schema/],
    ['upper-case schema', { url: 'postgres://localhost/db', schema: 'Agora' }, /schema/],
    ['zero pool', { url: 'postgres://localhost/db', poolSize: 0 }, /poolSize/],
  ];
  for (const [name, options, message] of cases) {
    it(`rejects ${name} with a StorageError`, async () => {
      const error = await openDatabase(options).catch((caught: unknown) => caught);
      assert.ok(error instanceof StorageError);
      assert.equal(error.code, 'invalid_options');
      assert.match(error.message, message);
    });
  }

  it('reports an unreachable PostgreSQL server without its credentials', async () => {
    const error = await openDatabase({ url: 'postgres://user:secret@127.0.0.1:1/db' }).catch(
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof StorageError);
    assert.equal(error.code, 'open_failed');
    assert.match(error.message, /127\.0\.0\.1:1\/db/);
    assert.doesNotMatch(error.message, /secret/);
  });

  it('reports a SQLite file in a missing directory', async () => {
    const error = await openDatabase({ sqliteFile: join(tmpdir(), 'agora-missing', 'x', 'db.sqlite') }).catch(
      (caught: unknown) => caught,
    );
    assert.ok(error instanceof StorageError);
    assert.equal(error.code, 'open_failed');
  });
});

describe('SQLite files', () => {
  it('places each service in its own file and opens it in WAL mode', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-db-'));
    try {
      const file = sqliteFileFor(join(dir, 'data'), 'names');
      assert.equal(file, join(dir, 'data', 'names.sqlite'));
      const database = await openDatabase({ sqliteFile: file });
      try {
        const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.db);
        assert.deepEqual(rows, [{ journal_mode: 'wal' }]);
        const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.db);
        assert.deepEqual(fk.rows, [{ foreign_keys: 1 }]);
      } finally {
        await database.close();
        await database.close();
      }
      assert.ok(existsSync(file));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('leaves the WAL sync to Agora in both modes: SQLite never syncs a commit on the event loop', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-db-'));
    const synchronous = async (options: Partial<Parameters<typeof openDatabase>[0]>) => {
      const database = await openDatabase({ sqliteFile: join(dir, 'sync.sqlite'), ...options });
      try {
        const { rows } = await sql<{ synchronous: bigint }>`pragma synchronous`.execute(database.db);
        return Number(rows[0]?.synchronous);
      } finally {
        await database.close();
      }
    };
    try {
      // 1 is NORMAL: SQLite syncs at checkpoints only; 'full' syncs each commit in wal-sync.ts.
      assert.equal(await synchronous({}), 1);
      assert.equal(await synchronous({ sqliteSynchronous: 'normal' }), 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('moves its commit mark with every commit, its own or another connection, and only then', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-db-'));
    const file = join(dir, 'marks.sqlite');
    const [one, other] = [await openDatabase({ sqliteFile: file }), await openDatabase({ sqliteFile: file })];
    try {
      await sql`create table t (v integer)`.execute(one.db);
      const moves = async (change: () => Promise<unknown>) => {
        const before = one.commitMark();
        await change();
        return one.commitMark() !== before;
      };
      assert.equal(await moves(() => sql`select count(*) from t`.execute(one.db)), false);
      assert.equal(await moves(() => sql`insert into t values (1)`.execute(one.db)), true);
      assert.equal(await moves(() => sql`insert into t values (2) returning v`.execute(one.db)), true);
      assert.equal(await moves(() => sql`insert into t values (3)`.execute(other.db)), true);
      assert.equal(await moves(async () => undefined), false);
      // A checkpoint copies committed pages into the file and commits nothing (the background
      // checkpoints run one every 10 ms).
      assert.equal(await moves(() => sql`pragma wal_checkpoint(PASSIVE)`.execute(other.db)), false);
      // A mark read while a transaction is open moves when it commits.
      let during: string | undefined;
      await one.db.transaction().execute(async (trx) => {
        await sql`insert into t values (4)`.execute(trx);
        during = one.commitMark();
      });
      assert.notEqual(one.commitMark(), during);
    } finally {
      await Promise.all([one.close(), other.close()]);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the default PostgreSQL schema after the service', () => {
    assert.equal(defaultSchemaFor('social'), 'agora_social');
  });
});
