import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runMigrations } from '../../migrate.js';
import { forEachDialect, openTestDatabase } from '../../testing.js';
import { nodeMigrationsAround, signerRow } from './testing.js';

const MIGRATION = '0008_gasless_keys';
const { before, through } = nodeMigrationsAround(MIGRATION);

forEachDialect('node migration 0008: gasless keys', (dialect) => {
  it('creates the gasless tables and drops the revocations queued for removed keys (decision 0008)', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await runMigrations(database, 'node', before);
      // 1 was removed, 2 reset: both queued under the old rule; only the reset still revokes.
      await database.db
        .insertInto('signers' as never)
        .values([signerRow(1, 'removed'), signerRow(2, 'reset')] as never)
        .execute();
      await database.db
        .insertInto('pending_revocations' as never)
        .values([1, 2].map((n) => ({ fid: 1, signer: Uint8Array.of(n), queued_at: 5 })) as never)
        .execute();

      assert.deepEqual(await runMigrations(database, 'node', through), [MIGRATION]);
      const { rows } = await sql<{ signer: Uint8Array }>`select signer from pending_revocations`.execute(
        database.db,
      );
      assert.deepEqual(
        rows.map((row) => Buffer.from(row.signer).toString('hex')),
        ['02'],
      );
      const empty = await sql<{ n: number }>`select count(*) as n from gasless_keys`.execute(database.db);
      assert.equal(Number(empty.rows[0]?.n), 0);
      await sql`insert into gasless_nonces (fid, user_nonce, app_nonce) values (1, 4294967295, 0)`.execute(
        database.db,
      );
    } finally {
      await database.cleanup();
    }
  });
});
