import { sql } from 'kysely';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { bytesToHex, type Hex } from '../protocol/hex.js';
import type { Database } from '../storage/index.js';
import { reusableQuery, reusableQueryByShape } from '../storage/reusable-query.js';

/**
 * The names service's tables (created by src/storage/migrations/names) and every query on them. Integers
 * arrive as exact JS numbers and bytes as Uint8Array on both dialects (docs/decisions/0001-storage.md).
 */

/** Every accepted change of a name, never updated or deleted. */
export interface TransfersTable {
  /** From transfer_sequence: strictly increasing in commit order, without gaps. */
  id: number;
  /** Unix seconds, chosen and signed by the client. */
  timestamp: number;
  username: string;
  /** 20-byte address the user signature is checked against. */
  owner: Uint8Array;
  /** 0 for a registration. */
  from_fid: number;
  /** 0 for an unregistration. */
  to_fid: number;
  /** 65 bytes as submitted. */
  user_signature: Uint8Array;
  /** 65 bytes: the registry's own signature over the same claim. */
  server_signature: Uint8Array;
  /** The request's `fid`, when given (for admin actions, the admin's fid). Not served. */
  requester_fid: number | null;
  /** Server time of acceptance, Unix ms. Not served. */
  created_at: number;
}

/** The current holder of each registered name; a burn deletes the row. */
export interface NameHoldersTable {
  name: string;
  /** Unique: one name per fid. */
  fid: number;
}

/** One row (id = 1); its row lock serializes writers and `last_id` numbers their transfers. */
export interface TransferSequenceTable {
  id: number;
  last_id: number;
}

/** Requests counted by the POST /transfers rate limits, per bucket and fixed window (transfer-limits.ts). */
export interface TransferRateWindowsTable {
  /** Unix ms, a multiple of the window length. */
  window_start: number;
  /** `ip:<address>` or `fid:<n>`. */
  bucket: string;
  count: number;
}

export interface NamesTables {
  transfers: TransfersTable;
  name_holders: NameHoldersTable;
  transfer_sequence: TransferSequenceTable;
  transfer_rate_windows: TransferRateWindowsTable;
}

export type NamesDatabase = Database<NamesTables>;

/** A transfer as the service serves it. */
export interface Transfer {
  id: number;
  timestamp: number;
  username: string;
  owner: Hex;
  from: number;
  to: number;
  userSignature: Hex;
  serverSignature: Hex;
}

export interface NewTransfer extends Omit<Transfer, 'id'> {
  requesterFid: number | undefined;
  createdAt: number;
}

/** Filters of GET /transfers, combined with AND; absent ones do not filter. */
export interface TransferFilter {
  afterId?: number;
  name?: string;
  fid?: number;
  afterTimestamp?: number;
}

const TRANSFER_COLUMNS = [
  'id',
  'timestamp',
  'username',
  'owner',
  'from_fid',
  'to_fid',
  'user_signature',
  'server_signature',
] as const;

type TransferRow = Pick<Selectable<TransfersTable>, (typeof TRANSFER_COLUMNS)[number]>;

function toTransfer(row: TransferRow): Transfer {
  return {
    id: row.id,
    timestamp: row.timestamp,
    username: row.username,
    owner: bytesToHex(row.owner),
    from: row.from_fid,
    to: row.to_fid,
    userSignature: bytesToHex(row.user_signature),
    serverSignature: bytesToHex(row.server_signature),
  };
}

function selectTransfers(db: Kysely<NamesTables>) {
  return db.selectFrom('transfers').select(TRANSFER_COLUMNS);
}

type TransfersQuery = ReturnType<typeof selectTransfers>;

/** Which filters a page of transfers has: the clauses of its statement, compiled once for each. */
type FilterShape = Record<keyof TransferFilter, boolean>;

const transfersPage = reusableQueryByShape(
  (shape: FilterShape) => `${+shape.afterId}${+shape.name}${+shape.fid}${+shape.afterTimestamp}`,
  (
    shape,
    db: Kysely<NamesTables>,
    afterId: number | undefined,
    name: string | undefined,
    fid: number | undefined,
    afterTimestamp: number | undefined,
    limit: number,
  ) => {
    let query = selectTransfers(db);
    if (shape.afterId) query = query.where('id', '>', afterId as number);
    if (shape.name) query = query.where('username', '=', name as string);
    if (shape.fid) query = ofFid(query, fid as number);
    if (shape.afterTimestamp) {
      query = query.where('timestamp', '>', afterTimestamp as number).orderBy('timestamp');
    }
    return query.orderBy('id').limit(limit);
  },
);

/** Ascending id, or ascending timestamp then id when paging by timestamp. */
export async function listTransfers(
  db: Kysely<NamesTables>,
  filter: TransferFilter,
  limit: number,
): Promise<Transfer[]> {
  const { afterId, name, fid, afterTimestamp } = filter;
  const shape: FilterShape = {
    afterId: afterId !== undefined,
    name: name !== undefined,
    fid: fid !== undefined,
    afterTimestamp: afterTimestamp !== undefined,
  };
  const rows = await transfersPage(shape, db, afterId, name, fid, afterTimestamp, limit);
  return rows.map(toTransfer);
}

function ofFid(query: TransfersQuery, fid: number): TransfersQuery {
  return query.where((eb) => eb.or([eb('from_fid', '=', fid), eb('to_fid', '=', fid)]));
}

/** Ties go to the later id: the rules never let a name's timestamps go back, so that is the one written last. */
function latestOf(query: TransfersQuery) {
  return query.orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(1);
}

const latestOfName = reusableQuery((db: Kysely<NamesTables>, name: string) =>
  latestOf(selectTransfers(db).where('username', '=', name)),
);
const latestOfAll = reusableQuery((db: Kysely<NamesTables>) => latestOf(selectTransfers(db)));
const latestOfFid = reusableQuery((db: Kysely<NamesTables>, fid: number) =>
  latestOf(ofFid(selectTransfers(db), fid)),
);
const holderOf = reusableQuery((db: Kysely<NamesTables>, fid: number) =>
  db.selectFrom('name_holders').select('name').where('fid', '=', fid),
);

const firstTransfer = ([row]: TransferRow[]) => (row === undefined ? undefined : toTransfer(row));

/** The latest transfer of `name` (of any name when absent), by timestamp, then id. */
export async function latestTransfer(db: Kysely<NamesTables>, name?: string): Promise<Transfer | undefined> {
  return firstTransfer(name === undefined ? await latestOfAll(db) : await latestOfName(db, name));
}

/** The latest transfer (by timestamp, then id) to or from `fid`, of any name. */
export async function latestTransferOfFid(
  db: Kysely<NamesTables>,
  fid: number,
): Promise<Transfer | undefined> {
  return firstTransfer(await latestOfFid(db, fid));
}

const lastTransferIdRow = reusableQuery((db: Kysely<NamesTables>) =>
  db.selectFrom('transfer_sequence').select('last_id').where('id', '=', 1),
);

/**
 * The last transfer's id: each write moves it in its own transaction (transfers are only ever added), so
 * it is the version of every read of transfers.
 */
export async function lastTransferId(db: Kysely<NamesTables>): Promise<number> {
  return (await lastTransferIdRow(db))[0]?.last_id ?? 0;
}

/** The name `fid` holds now, if any. */
export async function nameHeldBy(db: Kysely<NamesTables>, fid: number): Promise<string | undefined> {
  const [row] = await holderOf(db, fid);
  return row?.name;
}

/**
 * Runs `work` in a transaction that first takes the transfer_sequence row lock, and gives it the last
 * transfer id. On PostgreSQL every other writer waits at that point until this one commits or rolls back,
 * and then reads what it committed, so checks and writes never interleave, across any number of processes.
 * SQLite has one writer at a time anyway.
 */
export function withWriteLock<T>(
  database: NamesDatabase,
  work: (trx: Transaction<NamesTables>, lastId: number) => Promise<T>,
): Promise<T> {
  return database.db.transaction().execute(async (trx) => {
    const { last_id: lastId } = await trx
      .updateTable('transfer_sequence')
      .set({ last_id: sql<number>`last_id` })
      .where('id', '=', 1)
      .returning('last_id')
      .executeTakeFirstOrThrow();
    return work(trx, lastId);
  });
}

/**
 * Stores `transfer` as id `lastId + 1` and moves the name's holder row to match; call inside
 * {@link withWriteLock}. The holder table's keys reject a second holder of a name or a second name of a fid
 * even if a caller skipped the checks.
 */
export async function insertTransfer(
  trx: Transaction<NamesTables>,
  lastId: number,
  transfer: NewTransfer,
): Promise<Transfer> {
  const id = lastId + 1;
  await trx.updateTable('transfer_sequence').set({ last_id: id }).where('id', '=', 1).execute();
  await trx
    .insertInto('transfers')
    .values({
      id,
      timestamp: transfer.timestamp,
      username: transfer.username,
      owner: hexBytes(transfer.owner),
      from_fid: transfer.from,
      to_fid: transfer.to,
      user_signature: hexBytes(transfer.userSignature),
      server_signature: hexBytes(transfer.serverSignature),
      requester_fid: transfer.requesterFid ?? null,
      created_at: transfer.createdAt,
    })
    .execute();
  if (transfer.from === 0) {
    await trx.insertInto('name_holders').values({ name: transfer.username, fid: transfer.to }).execute();
  } else if (transfer.to === 0) {
    await trx.deleteFrom('name_holders').where('name', '=', transfer.username).execute();
  } else {
    await trx
      .updateTable('name_holders')
      .set({ fid: transfer.to })
      .where('name', '=', transfer.username)
      .execute();
  }
  const { requesterFid: _requesterFid, createdAt: _createdAt, ...served } = transfer;
  return { id, ...served };
}

/** Counts one request in `bucket`'s window and returns the window's count, this request included. */
export async function countRequest(
  db: Kysely<NamesTables>,
  windowStart: number,
  bucket: string,
): Promise<number> {
  const row = await db
    .insertInto('transfer_rate_windows')
    .values({ window_start: windowStart, bucket, count: 1 })
    .onConflict((conflict) =>
      conflict
        .columns(['window_start', 'bucket'])
        .doUpdateSet((eb) => ({ count: eb('transfer_rate_windows.count', '+', 1) })),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Takes back a request {@link countRequest} counted (one that was refused). */
export async function uncountRequest(
  db: Kysely<NamesTables>,
  windowStart: number,
  bucket: string,
): Promise<void> {
  await db
    .updateTable('transfer_rate_windows')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('window_start', '=', windowStart)
    .where('bucket', '=', bucket)
    .execute();
}

/** The count of `bucket` in the window starting at `windowStart`; 0 when it has none. */
export async function requestCount(
  db: Kysely<NamesTables>,
  windowStart: number,
  bucket: string,
): Promise<number> {
  const row = await db
    .selectFrom('transfer_rate_windows')
    .select('count')
    .where('window_start', '=', windowStart)
    .where('bucket', '=', bucket)
    .executeTakeFirst();
  return row?.count ?? 0;
}

/** Deletes the windows that started before `windowStart`. */
export async function deleteWindowsBefore(db: Kysely<NamesTables>, windowStart: number): Promise<void> {
  await db.deleteFrom('transfer_rate_windows').where('window_start', '<', windowStart).execute();
}

export async function ping(database: NamesDatabase): Promise<void> {
  await sql`select 1`.execute(database.db);
}

function hexBytes(hex: Hex): Uint8Array {
  return new Uint8Array(Buffer.from(hex.slice(2), 'hex'));
}
