import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** The hub event log and the one-row clock that hands out its ids in commit order (decision 0004). */
export const createEventLog: Migration = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('hub_events')
      .addColumn('id', 'bigint', (column) => column.primaryKey())
      .addColumn('type', 'integer', (column) => column.notNull())
      .addColumn('encoded', bytesColumn(dialect), (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('hub_event_clock')
      .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
      .addColumn('last_id', 'bigint', (column) => column.notNull())
      .execute();
    await sql`insert into hub_event_clock (id, last_id) values (1, 0)`.execute(db);
  },
};
