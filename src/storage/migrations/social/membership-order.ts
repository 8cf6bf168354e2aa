import { sql, type Kysely } from 'kysely';
import { rowIdColumn, type Migration } from '../../migration.js';

/**
 * Follows and role holders get `seq`, numbered by the database as rows are inserted, so "newest first"
 * lists order rows of the same second by the event, not by fid. SQLite numbers only an
 * `integer primary key`, so both tables are rebuilt with `seq` as their key; their old key, (channel, fid),
 * stays unique. Existing rows are numbered in the order the lists showed them (time, then fid).
 */

interface Rebuilt {
  table: 'channel_follows' | 'channel_roles';
  /** Text columns between `fid` and the time. */
  text: string[];
  time: string;
  /** Index name, columns. */
  indexes: [string, string[]][];
}

const REBUILT: Rebuilt[] = [
  {
    table: 'channel_follows',
    text: [],
    time: 'followed_at',
    indexes: [
      ['channel_follows_channel_order_idx', ['channel_id', 'followed_at', 'seq']],
      ['channel_follows_fid_order_idx', ['fid', 'followed_at', 'seq']],
    ],
  },
  {
    table: 'channel_roles',
    text: ['role'],
    time: 'member_at',
    indexes: [
      ['channel_roles_channel_order_idx', ['channel_id', 'member_at', 'seq']],
      ['channel_roles_fid_idx', ['fid', 'member_at']],
    ],
  },
];

export const orderMembership: Migration = {
  async up(db, { dialect }) {
    for (const rebuilt of REBUILT) await rebuild(db, rowIdColumn(dialect), rebuilt);
  },
};

async function rebuild(
  db: Kysely<unknown>,
  [seqType, seq]: ReturnType<typeof rowIdColumn>,
  { table, text, time, indexes }: Rebuilt,
): Promise<void> {
  const old = `${table}_before_seq`;
  await db.schema.alterTable(table).renameTo(old).execute();
  let create = db.schema
    .createTable(table)
    .addColumn('seq', seqType, seq)
    .addColumn('channel_id', 'text', (column) => column.notNull().references('channels.id'))
    .addColumn('fid', 'bigint', (column) => column.notNull());
  for (const name of text) create = create.addColumn(name, 'text', (column) => column.notNull());
  await create
    .addColumn(time, 'bigint', (column) => column.notNull())
    .addUniqueConstraint(`${table}_once`, ['channel_id', 'fid'])
    .execute();

  const columns = sql.join(['channel_id', 'fid', ...text, time].map((column) => sql.ref(column)));
  await sql`insert into ${sql.table(table)} (${columns})
    select ${columns} from ${sql.table(old)} order by ${sql.ref(time)}, fid`.execute(db);
  // Dropping the old table drops its indexes, so theirs can be made again.
  await db.schema.dropTable(old).execute();
  for (const [name, on] of indexes) await db.schema.createIndex(name).on(table).columns(on).execute();
}
