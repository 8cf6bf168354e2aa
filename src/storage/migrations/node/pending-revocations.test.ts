import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runMigrations } from '../../migrate.js';
import { forEachDialect, openTestDatabase } from '../../testing.js';
import { nodeMigrationsAround, signerRow } from './testing.js';

const MIGRATION = '0007_pending_revocations';
const { before, through } = nodeMigrationsAround(MIGRATION);

forEachDialect('node migration 0007: pending revocations', (dialect) => {
  it('queues the inactive keys that still have messages: revocations lost before the queue existed', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await runMigrations(database, 'node', before);
      const message = (n: number) => ({
        hash: Uint8Array.of(n),
        fid: 1,
        store: 1,
        type: 1,
        is_remove: false,
        conflict_key: Uint8Array.of(n),
        ts_hash: Uint8Array.of(n),
        signer: Uint8Array.of(n),
        encoded: Uint8Array.of(0),
      });
      // 1: removed with a message left; 2: active; 3: reset after its messages were revoked.
      await database.db
        .insertInto('signers' as never)
        .values([signerRow(1, 'removed'), signerRow(2, 'added'), signerRow(3, 'reset')] as never)
        .execute();
      await database.db
        .insertInto('messages' as never)
        .values([message(1), message(2)] as never)
        .execute();

      assert.deepEqual(await runMigrations(database, 'node', through), [MIGRATION]);
      const { rows } = await sql<{ fid: number; signer: Uint8Array; queued_at: number }>`select fid, signer,
        queued_at from pending_revocations`.execute(database.db);
      assert.deepEqual(
        rows.map((row) => [row.fid, Buffer.from(row.signer).toString('hex'), row.queued_at]),
        [[1, '01', 0]],
      );
    } finally {
      await database.cleanup();
    }
  });
});
