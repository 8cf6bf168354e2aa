import type { Kysely } from 'kysely';
import type { NewHubEvent } from '../events/event-log.js';
import type { MessagesTable, NodeTables } from '../store/schema.js';
import { rowChange } from '../store/changes.js';
import { recordChange } from '../store/write-transaction.js';
import { removedEvent } from './events.js';
import { rowMessage } from './message-rows.js';
import { reusableQuery, reusableStatement } from '../../storage/reusable-query.js';
import type { Incoming, RemovalKind, StoredRow } from './store-spec.js';
import { storeForCode } from './stores/index.js';

/** Hashes per delete statement, well under either dialect's bound-parameter limit. */
const DELETE_CHUNK = 500;

/** The rows, each once: a row listed twice is one deletion. */
export function distinctRows(rows: readonly StoredRow[]): StoredRow[] {
  return [...new Map(rows.map((row) => [Buffer.from(row.hash).toString('hex'), row])).values()];
}

/**
 * Deletes the rows (their cast_mentions go with them by cascade), in a write transaction; a row listed
 * twice is deleted once.
 */
export async function deleteRows(db: Kysely<NodeTables>, rows: readonly StoredRow[]): Promise<void> {
  const distinct = distinctRows(rows);
  for (const row of distinct) recordChange(db, rowChange('remove', row));
  const hashes = distinct.map((row) => row.hash);
  for (let start = 0; start < hashes.length; start += DELETE_CHUNK) {
    await db
      .deleteFrom('messages')
      .where('hash', 'in', hashes.slice(start, start + DELETE_CHUNK))
      .execute();
  }
}

/** Every column of a message row, in the order the insert binds them. */
const MESSAGE_COLUMNS = Object.keys({
  hash: true,
  fid: true,
  store: true,
  type: true,
  is_remove: true,
  conflict_key: true,
  ts_hash: true,
  signer: true,
  encoded: true,
  target_fid: true,
  target_hash: true,
  target_url: true,
  parent_fid: true,
  parent_hash: true,
  parent_url: true,
  link_type: true,
  reaction_type: true,
  user_data_type: true,
} satisfies Record<keyof MessagesTable, true>) as (keyof MessagesTable)[];

const messageInsert = (db: Kysely<NodeTables>, values: unknown[]) =>
  db
    .insertInto('messages')
    .values(
      Object.fromEntries(MESSAGE_COLUMNS.map((column, i) => [column, values[i]])) as unknown as MessagesTable,
    );

const insertRow = reusableQuery((db: Kysely<NodeTables>, ...values: unknown[]) => messageInsert(db, values));

/**
 * Inserts the row unless its key (or hash) is taken. The count of rows it changed tells which: with
 * `returning`, SQLite took more CPU than the read this statement saves.
 */
const insertFreeRow = reusableStatement((db: Kysely<NodeTables>, ...values: unknown[]) =>
  messageInsert(db, values).onConflict((conflict) => conflict.doNothing()),
);

const insertMention = reusableQuery(
  (db: Kysely<NodeTables>, hash: Uint8Array, fid: number, tsHash: Uint8Array) =>
    db.insertInto('cast_mentions').values({ hash, mentioned_fid: fid, ts_hash: tsHash }),
);

/** The change an insert of `incoming` makes. */
export const insertedChange = ({ row, tsHash }: Incoming) => rowChange('add', { ...row, tsHash });

/** Inserts the row, in a write transaction. */
export async function insertMessage(db: Kysely<NodeTables>, incoming: Incoming): Promise<void> {
  recordChange(db, insertedChange(incoming));
  await insertRow(db, ...valuesOf(incoming.row));
  await insertMentions(db, incoming);
}

/**
 * Inserts the message if the fid's store holds no row at its key, in one statement; says whether it did.
 * The unique (fid, store, conflict_key) index decides; a taken key costs this attempt on top of the read.
 */
export async function insertMessageIfFree(db: Kysely<NodeTables>, incoming: Incoming): Promise<boolean> {
  const { numAffectedRows } = await insertFreeRow(db, ...valuesOf(incoming.row));
  if (numAffectedRows !== 1n) return false;
  recordChange(db, insertedChange(incoming));
  await insertMentions(db, incoming);
  return true;
}

const valuesOf = (row: MessagesTable) => MESSAGE_COLUMNS.map((column) => row[column]);

async function insertMentions(db: Kysely<NodeTables>, { row, mentions }: Incoming): Promise<void> {
  for (const fid of mentions) await insertMention(db, row.hash, fid, row.ts_hash);
}

/** One PRUNE_MESSAGE or REVOKE_MESSAGE (or its store's own event) per row, in the given order. */
export function removalEvents(kind: RemovalKind, rows: readonly StoredRow[]): NewHubEvent[] {
  return rows.map((row) => {
    const spec = storeForCode(row.store);
    if (spec === undefined) throw new Error(`message ${Buffer.from(row.hash).toString('hex')} has no store`);
    return removedEvent(spec, kind, rowMessage(row));
  });
}
