import type { Kysely } from 'kysely';
import type { NodeTables } from './schema.js';

/**
 * Cursors of the node's ingestion loops in `service_meta`. Pass a transaction to save a cursor atomically
 * with what it covers, so a crash can only repeat work, never skip it.
 */

export async function readMeta(db: Kysely<NodeTables>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('service_meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeMeta(db: Kysely<NodeTables>, key: string, value: string): Promise<void> {
  await db
    .insertInto('service_meta')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}
