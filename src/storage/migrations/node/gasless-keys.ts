import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/**
 * Gasless keys (KEY_ADD / KEY_REMOVE, snapchain-messages.md §4.1): one row per active key, keyed by the key
 * alone because a key belongs to one fid at a time, holding the KEY_ADD that added it; and the nonces that
 * order a fid's key messages (the user nonce) and an app's self-revocations (the app nonce).
 *
 * With them comes decision 0008: removing a key no longer revokes what it signed, so revocations still
 * queued for keys removed on chain are dropped (resets and retractions keep theirs).
 */
export const createGaslessKeys: Migration = {
  async up(db, { dialect }) {
    const bytes = bytesColumn(dialect);
    await db.schema
      .createTable('gasless_keys')
      .addColumn('key', bytes, (column) => column.primaryKey())
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('request_fid', 'bigint', (column) => column.notNull())
      .addColumn('last_used_at', 'bigint', (column) => column.notNull())
      .addColumn('encoded', bytes, (column) => column.notNull())
      .execute();
    // A fid's keys in key order (signersByFid pages), and their count (the cap).
    await db.schema.createIndex('gasless_keys_fid_idx').on('gasless_keys').columns(['fid', 'key']).execute();
    await db.schema
      .createTable('gasless_nonces')
      .addColumn('fid', 'bigint', (column) => column.primaryKey())
      .addColumn('user_nonce', 'bigint', (column) => column.notNull())
      .addColumn('app_nonce', 'bigint', (column) => column.notNull())
      .execute();
    await sql`delete from pending_revocations
      where exists (select 1 from signers s
                     where s.fid = pending_revocations.fid and s.key = pending_revocations.signer
                       and s.state = 'removed')`.execute(db);
  },
};
