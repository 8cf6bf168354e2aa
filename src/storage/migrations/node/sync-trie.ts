import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/**
 * `sync_trie_nodes`: the sync trie's top nodes (timestamp prefixes of 0 to 9 bytes), each with the number
 * of SyncIds under it and its hash, null while a change under it is not hashed in yet
 * (src/node/sync/trie-nodes.ts). Every write transaction moves the counts of the prefixes of the ids it
 * changed, so they equal `sync_ids` after a crash at any point. On SQLite both tables are clustered by their
 * key (`without rowid`): a prefix is a range of one B-tree, and a write touches one B-tree instead of two.
 * A node holding items already fills the nodes from `sync_ids` at its first start after this migration.
 */
export const createSyncTrie: Migration = {
  async up(db, context) {
    if (context.dialect === 'sqlite') {
      await sql`alter table sync_ids rename to sync_ids_with_rowid`.execute(db);
      await db.schema
        .createTable('sync_ids')
        .addColumn('id', 'blob', (column) => column.primaryKey())
        .modifyEnd(sql`without rowid`)
        .execute();
      await sql`insert into sync_ids (id) select id from sync_ids_with_rowid`.execute(db);
      await sql`drop table sync_ids_with_rowid`.execute(db);
    }
    await db.schema
      .createTable('sync_trie_nodes')
      .addColumn('prefix', bytesColumn(context.dialect), (column) => column.primaryKey())
      .addColumn('items', 'bigint', (column) => column.notNull())
      .addColumn('hash', bytesColumn(context.dialect))
      .$call((table) => (context.dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table))
      .execute();
    // Complete at once when there is nothing to hold: sync_ids filled (or never needed) and empty.
    await sql`insert into service_meta (key, value)
      select 'sync_trie', 'built'
       where exists (select 1 from service_meta where key = 'sync_ids' and value = 'built')
         and not exists (select 1 from sync_ids)`.execute(db);
  },
};
