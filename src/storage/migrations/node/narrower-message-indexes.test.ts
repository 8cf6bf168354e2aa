import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import { inGlobalStores, inLinkStore } from '../../../node/engine/partial-indexes.js';
import type { NodeTables } from '../../../node/store/schema.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { forEachDialect, openTestDatabase } from '../../testing.js';
import type { Dialect } from '../../index.js';

/** The plan of `query` as text; PostgreSQL is told to avoid scans, as it would on a table of any size. */
async function plan(db: Kysely<NodeTables>, dialect: Dialect, query: RawBuilder<unknown>): Promise<string> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.map((row) => row.detail).join('\n');
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(trx);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

forEachDialect('node migration 0007: narrower message indexes', (dialect) => {
  it('holds only the rows their lookups ask for, and the lookups that state the condition use them', async () => {
    const database = await openTestDatabase<NodeTables>(dialect, 'node');
    try {
      const { db } = database;
      const row = (hash: number, store: number, targetFid: number | null) => ({
        hash: Uint8Array.of(hash),
        fid: 1,
        store,
        type: 1,
        is_remove: false,
        conflict_key: Uint8Array.of(9),
        ts_hash: Uint8Array.of(hash),
        signer: Uint8Array.of(0),
        encoded: Uint8Array.of(0),
        target_fid: targetFid,
      });
      await db
        .insertInto('messages')
        .values([
          row(1, StoreType.REACTIONS, 7),
          row(2, StoreType.LINKS, 7),
          row(3, StoreType.VERIFICATIONS, null),
          row(4, StoreType.CASTS, null),
        ])
        .execute();

      const key = Uint8Array.of(9);
      const byKey = sql`select hash from messages where store = ${StoreType.VERIFICATIONS}
        and conflict_key = ${key} and ${inGlobalStores}`;
      const byTarget = sql`select hash from messages where ${inLinkStore} and target_fid = ${7}
        order by ts_hash`;
      assert.match(await plan(db, dialect, byKey), /messages_store_key_idx/);
      assert.match(await plan(db, dialect, byTarget), /messages_target_fid_idx/);

      // The same lookups find what they found before: only the verification, only the link.
      const hashes = async (query: RawBuilder<unknown>) =>
        (await sql<{ hash: Uint8Array }>`${query}`.execute(db)).rows.map(({ hash }) => hash[0]);
      assert.deepEqual(await hashes(byKey), [3]);
      assert.deepEqual(await hashes(byTarget), [2]);
    } finally {
      await database.cleanup();
    }
  });
});
