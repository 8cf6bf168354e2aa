import { Transaction } from 'kysely';
import type { Kysely } from 'kysely';
import type { NodeTables } from './schema.js';

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction, so a change can be
 * composed into a larger atomic one (e.g. a reorg's retraction and its replacement events).
 */
export function inTransaction<T>(
  db: Kysely<NodeTables>,
  work: (trx: Transaction<NodeTables>) => Promise<T>,
): Promise<T> {
  return db instanceof Transaction ? work(db) : db.transaction().execute(work);
}
