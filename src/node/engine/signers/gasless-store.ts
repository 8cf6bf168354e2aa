import type { Kysely } from 'kysely';
import type { KeyAddBody, Message } from '../../../protocol/gen/message.js';
import { inChunks } from '../../../storage/in-chunks.js';
import { checkLimit, toPage } from '../../store/page.js';
import type { Page, PageRequest } from '../../store/page.js';
import type { NodeTables } from '../../store/schema.js';
import { decodeStored, storedEncoding } from '../message-rows.js';

/** An active gasless key: its fid, the app that requested it, its last use and the KEY_ADD that added it. */
export interface GaslessKey {
  readonly fid: number;
  readonly key: Uint8Array;
  readonly requestFid: number;
  /** Farcaster seconds; the key expires `ttl` seconds after it (sliding TTL). */
  readonly lastUsedAt: number;
  /** The KEY_ADD, with `data`: its body holds the scopes, ttl and nonce. */
  readonly message: Message;
}

/** The KEY_ADD body of a stored key (always present: only valid KEY_ADDs are stored). */
export function keyAddBodyOf(record: GaslessKey): KeyAddBody {
  const body = record.message.data?.keyAddBody;
  if (body === undefined) throw new Error('a stored gasless key lost its KEY_ADD body');
  return body;
}

/** Farcaster seconds at which the key stops signing unless used before: last use plus its ttl. */
export function expiresAt(record: GaslessKey): number {
  return record.lastUsedAt + keyAddBodyOf(record).ttl;
}

const COLUMNS = ['key', 'fid', 'request_fid', 'last_used_at', 'encoded'] as const;

type Row = { key: Uint8Array; fid: number; request_fid: number; last_used_at: number; encoded: Uint8Array };

const toRecord = (row: Row): GaslessKey => ({
  fid: row.fid,
  key: row.key,
  requestFid: row.request_fid,
  lastUsedAt: row.last_used_at,
  message: decodeStored(row.encoded),
});

export const hexKey = (key: Uint8Array) => Buffer.from(key).toString('hex');

/** The records of whichever of `keys` are gasless keys, by hex key (a key belongs to one fid at most). */
export async function gaslessKeysByKey(
  db: Kysely<NodeTables>,
  keys: readonly Uint8Array[],
): Promise<Map<string, GaslessKey>> {
  const distinct = [...new Map(keys.map((key) => [hexKey(key), key])).values()];
  const rows = await inChunks(distinct, (chunk) =>
    db.selectFrom('gasless_keys').select(COLUMNS).where('key', 'in', chunk).execute(),
  );
  return new Map(rows.map((row) => [hexKey(row.key), toRecord(row)]));
}

export async function gaslessKey(db: Kysely<NodeTables>, key: Uint8Array): Promise<GaslessKey | undefined> {
  return (await gaslessKeysByKey(db, [key])).get(hexKey(key));
}

/** The fid's gasless keys in key byte order (`after` is the previous page's last key). */
export async function gaslessKeysOfFid(
  db: Kysely<NodeTables>,
  fid: number,
  page: PageRequest<Uint8Array>,
): Promise<Page<GaslessKey, Uint8Array>> {
  const limit = checkLimit(page.limit);
  let query = db
    .selectFrom('gasless_keys')
    .select(COLUMNS)
    .where('fid', '=', fid)
    .orderBy('key', page.reverse ? 'desc' : 'asc')
    .limit(limit + 1);
  if (page.after !== undefined) query = query.where('key', page.reverse ? '<' : '>', page.after);
  return toPage(await query.execute(), limit, toRecord, (row) => row.key);
}

/** Active gasless keys of the fid, expired ones included (they count toward the cap until removed). */
export async function countGaslessKeys(db: Kysely<NodeTables>, fid: number): Promise<number> {
  const { count } = await db
    .selectFrom('gasless_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('fid', '=', fid)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Adds the key, or replaces its record (an upsert by the same fid and app). */
export async function saveGaslessKey(db: Kysely<NodeTables>, record: GaslessKey): Promise<void> {
  const values = {
    fid: record.fid,
    request_fid: record.requestFid,
    last_used_at: record.lastUsedAt,
    encoded: storedEncoding(record.message),
  };
  await db
    .insertInto('gasless_keys')
    .values({ key: record.key, ...values })
    .onConflict((conflict) => conflict.column('key').doUpdateSet(values))
    .execute();
}

export async function deleteGaslessKey(db: Kysely<NodeTables>, key: Uint8Array): Promise<void> {
  await db.deleteFrom('gasless_keys').where('key', '=', key).execute();
}

export async function touchGaslessKey(db: Kysely<NodeTables>, key: Uint8Array, at: number): Promise<void> {
  await db.updateTable('gasless_keys').set({ last_used_at: at }).where('key', '=', key).execute();
}

/** The user nonce orders a fid's custody-signed key messages; the app nonce an app's self-revocations. */
export type NonceKind = 'user_nonce' | 'app_nonce';

/** The last nonce of each kind accepted for each of `fids`; 0 when none was. */
export async function noncesOf(
  db: Kysely<NodeTables>,
  fids: readonly number[],
): Promise<Map<number, Record<NonceKind, number>>> {
  const rows = await inChunks(fids, (chunk) =>
    db
      .selectFrom('gasless_nonces')
      .select(['fid', 'user_nonce', 'app_nonce'])
      .where('fid', 'in', chunk)
      .execute(),
  );
  const found = new Map(rows.map((row) => [row.fid, row]));
  return new Map(
    fids.map((fid) => {
      const row = found.get(fid);
      return [fid, { user_nonce: Number(row?.user_nonce ?? 0), app_nonce: Number(row?.app_nonce ?? 0) }];
    }),
  );
}

export async function nonceOf(db: Kysely<NodeTables>, fid: number, kind: NonceKind): Promise<number> {
  return (await noncesOf(db, [fid])).get(fid)?.[kind] ?? 0;
}

export async function saveNonce(
  db: Kysely<NodeTables>,
  fid: number,
  kind: NonceKind,
  nonce: number,
): Promise<void> {
  await db
    .insertInto('gasless_nonces')
    .values({ fid, user_nonce: 0, app_nonce: 0, [kind]: nonce })
    .onConflict((conflict) => conflict.column('fid').doUpdateSet({ [kind]: nonce }))
    .execute();
}
