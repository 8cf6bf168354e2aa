import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/**
 * `sync_ids`: the SyncId of every item the node holds that the reference hub's sync trie holds
 * (src/node/sync/sync-id.ts), kept in byte order by its key so a prefix is a range. Every write transaction
 * moves it with what it changed. A node that holds nothing yet has it complete at once; one that holds
 * items fills it from the stores at its first start after this migration (src/node/sync/rebuild-sync-ids.ts).
 */
export const createSyncIds: Migration = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('sync_ids')
      .addColumn('id', bytesColumn(dialect), (column) => column.primaryKey())
      .execute();
    await sql`insert into service_meta (key, value)
      select 'sync_ids', 'built'
       where not exists (select 1 from messages) and not exists (select 1 from gasless_keys)
         and not exists (select 1 from onchain_events) and not exists (select 1 from fname_proofs)`.execute(
      db,
    );
  },
};
