import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { waitFor } from '../../test/support/wait.js';
import { openDatabase } from './database.js';
import type { Database } from './database.js';

/** About 2 MB in 20 commits: half of what makes SQLite checkpoint on its own (1,000 pages of 4 KiB). */
async function writeTwoMegabytes(file: string, backgroundCheckpoints: boolean) {
  const database = await openDatabase<unknown>({ sqliteFile: file, backgroundCheckpoints });
  await sql`create table blobs (id integer primary key, data blob not null)`.execute(database.db);
  for (let commit = 0; commit < 20; commit++) {
    await database.db.transaction().execute(async (trx) => {
      for (let row = 0; row < 25; row++) {
        await sql`insert into blobs (data) values (${new Uint8Array(4000).fill(row)})`.execute(trx);
      }
    });
  }
  return database;
}

async function writerCheckpointPages(database: Database<unknown>): Promise<number | undefined> {
  const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(database.db);
  return rows[0]?.wal_autocheckpoint;
}

describe('background checkpoints (SQLite)', () => {
  it('copy committed pages into the database file off the writer, and close last so the WAL goes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-checkpoints-'));
    try {
      const file = join(dir, 'background.sqlite');
      const database = await writeTwoMegabytes(file, true);
      assert.equal(await writerCheckpointPages(database), 4000, 'the writer checkpoints less often');
      await waitFor('the database file to hold the rows', async () =>
        statSync(file).size > 1_500_000 ? true : undefined,
      );
      await database.close();
      assert.equal(existsSync(`${file}-wal`), false);
      const reopened = await openDatabase<unknown>({ sqliteFile: file });
      const { rows } = await sql<{ n: number }>`select count(*) as n from blobs`.execute(reopened.db);
      await reopened.close();
      assert.equal(rows[0]?.n, 500);

      // Without them the same writes stay in the WAL: nothing else would have moved them yet.
      const control = join(dir, 'control.sqlite');
      const plain = await writeTwoMegabytes(control, false);
      assert.equal(await writerCheckpointPages(plain), 1000);
      assert.ok(statSync(control).size < 100_000, `${statSync(control).size} bytes`);
      assert.ok(statSync(`${control}-wal`).size > 1_500_000);
      await plain.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
