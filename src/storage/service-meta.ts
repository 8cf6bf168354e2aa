import type { Kysely } from 'kysely';

/**
 * Every service's `service_meta` key/value table (its first migration) holds cursors and settings. Pass a
 * transaction to save a cursor atomically with what it covers, so a crash can only repeat work, never
 * skip it.
 */
export interface ServiceMetaTables {
  service_meta: { key: string; value: string };
}

// Any service's database has the table; Kysely's types cannot express "DB has at least this table".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
const metaOf = (db: AnyDb) => db as Kysely<ServiceMetaTables>;

export async function readMeta(db: AnyDb, key: string): Promise<string | undefined> {
  const row = await metaOf(db)
    .selectFrom('service_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value;
}

export async function writeMeta(db: AnyDb, key: string, value: string): Promise<void> {
  await metaOf(db)
    .insertInto('service_meta')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}
