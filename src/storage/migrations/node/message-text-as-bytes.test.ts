import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { runMigrations } from '../../migrate.js';
import { forEachDialect, openTestDatabase } from '../../testing.js';
import { nodeMigrationsAround } from './testing.js';

const MIGRATION = '0006_message_text_as_bytes';
const { before: EARLIER, through: THROUGH } = nodeMigrationsAround(MIGRATION);

forEachDialect('node migration 0006: message text columns as bytes', (dialect) => {
  it('keeps the stored URLs and link types as their UTF-8 bytes, still found by value', async () => {
    const database = await openTestDatabase(dialect);
    try {
      await runMigrations(database, 'node', EARLIER);
      const row = (hash: number, columns: Record<string, string | null>) => ({
        hash: Uint8Array.of(hash),
        fid: 1,
        store: 1,
        type: 1,
        is_remove: false,
        conflict_key: Uint8Array.of(hash),
        ts_hash: Uint8Array.of(hash),
        signer: Uint8Array.of(0),
        encoded: Uint8Array.of(0),
        parent_url: null,
        target_url: null,
        link_type: null,
        ...columns,
      });
      await database.db
        .insertInto('messages' as never)
        .values([
          row(1, { parent_url: 'https://example.com/ü' }),
          row(2, { target_url: 'chain://eip155:1/erc721:0xabc' }),
          row(3, { link_type: 'follow' }),
          row(4, {}),
        ] as never)
        .execute();

      assert.deepEqual(await runMigrations(database, 'node', THROUGH), [MIGRATION]);

      const utf8 = (text: string) => Buffer.from(text, 'utf8');
      const { rows } = await sql<{
        parent_url: Uint8Array | null;
        target_url: Uint8Array | null;
        link_type: Uint8Array | null;
      }>`select parent_url, target_url, link_type from messages order by hash`.execute(database.db);
      const asBuffers = rows.map((stored) =>
        Object.values(stored).map((value) => (value === null ? null : Buffer.from(value))),
      );
      assert.deepEqual(asBuffers, [
        [utf8('https://example.com/ü'), null, null],
        [null, utf8('chain://eip155:1/erc721:0xabc'), null],
        [null, null, utf8('follow')],
        [null, null, null],
      ]);
      const found = await sql<{ n: number }>`select count(*) as n from messages
        where parent_url = ${utf8('https://example.com/ü')}`.execute(database.db);
      assert.equal(Number(found.rows[0]?.n), 1);
      // Bytes hold what a PostgreSQL text column cannot.
      await sql`update messages set link_type = ${utf8('fo\u0000')} where link_type is not null`.execute(
        database.db,
      );
      const updated = await sql<{ link_type: Uint8Array }>`select link_type from messages
        where link_type is not null`.execute(database.db);
      assert.deepEqual(
        updated.rows.map((stored) => Buffer.from(stored.link_type)),
        [utf8('fo\u0000')],
      );
    } finally {
      await database.cleanup();
    }
  });
});
