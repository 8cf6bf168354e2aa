import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { rowIdColumn, type Migration } from '../../migration.js';

/**
 * Account verifications and starter-pack members get `seq`, numbered by the database as rows are inserted,
 * so their newest-first lists order rows of the same second (millisecond, for members) by the event,
 * not by platform id or fid, as 0012 did for channel follows and roles. SQLite numbers only an
 * `integer primary key`, so both tables are rebuilt with `seq` as their key; their old key stays unique.
 * Existing rows are numbered in the order the lists showed them.
 */

interface Renumbered {
  table: 'account_verifications' | 'starter_pack_members';
  /** Every column but `seq`, all not null, in the table's order; `references` is `table.column`. */
  columns: [name: string, type: 'text' | 'bigint', references?: string][];
  /** The old primary key. */
  key: string[];
  /** The list's order, oldest first, in which existing rows are numbered. */
  order: string[];
  /** Index name, columns. */
  indexes: [string, string[]][];
}

const RENUMBERED: Renumbered[] = [
  {
    table: 'account_verifications',
    columns: [
      ['platform', 'text'],
      ['platform_id', 'text'],
      ['fid', 'bigint'],
      ['platform_username', 'text'],
      ['verified_at', 'bigint'],
    ],
    key: ['platform', 'platform_id'],
    order: ['verified_at', 'platform_id'],
    indexes: [
      ['account_verifications_newest_idx', ['platform', 'verified_at', 'seq']],
      ['account_verifications_fid_idx', ['fid', 'platform', 'verified_at', 'seq']],
    ],
  },
  {
    table: 'starter_pack_members',
    columns: [
      ['pack_id', 'text', 'starter_packs.id'],
      ['fid', 'bigint'],
      ['member_at', 'bigint'],
    ],
    key: ['pack_id', 'fid'],
    order: ['member_at', 'fid'],
    indexes: [['starter_pack_members_newest_idx', ['pack_id', 'member_at', 'seq']]],
  },
];

export const orderCatalog: Migration = {
  async up(db, { dialect }) {
    for (const renumbered of RENUMBERED) await renumber(db, rowIdColumn(dialect), renumbered);
  },
};

async function renumber(
  db: Kysely<unknown>,
  [seqType, seq]: ReturnType<typeof rowIdColumn>,
  { table, columns, key, order, indexes }: Renumbered,
): Promise<void> {
  const old = `${table}_before_seq`;
  await db.schema.alterTable(table).renameTo(old).execute();
  // Columns named at run time: the builder cannot know them.
  let create: CreateTableBuilder<string, string> = db.schema
    .createTable(table)
    .addColumn('seq', seqType, seq);
  for (const [name, type, references] of columns) {
    create = create.addColumn(name, type, (column) =>
      references === undefined ? column.notNull() : column.notNull().references(references),
    );
  }
  await create.addUniqueConstraint(`${table}_once`, key).execute();

  const refs = (names: string[]) => sql.join(names.map((name) => sql.ref(name)));
  const names = refs(columns.map(([name]) => name));
  await sql`insert into ${sql.table(table)} (${names})
    select ${names} from ${sql.table(old)} order by ${refs(order)}`.execute(db);
  // Dropping the old table drops its indexes, so theirs can be made again.
  await db.schema.dropTable(old).execute();
  for (const [name, on] of indexes) await db.schema.createIndex(name).on(table).columns(on).execute();
}
