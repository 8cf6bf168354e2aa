import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/**
 * Keys whose messages are still to be revoked: a row commits with the on-chain change that deactivated
 * the key and goes with the revocation's last chunk, so a revocation cut short by a failure or a crash is
 * finished later instead of never. Keys deactivated before this table existed that still have messages
 * (a revocation lost that way) are queued now, with `queued_at` 0.
 */
export const createPendingRevocations: Migration = {
  async up(db, { dialect }) {
    await db.schema
      .createTable('pending_revocations')
      .addColumn('fid', 'bigint', (column) => column.notNull())
      .addColumn('signer', bytesColumn(dialect), (column) => column.notNull())
      .addColumn('queued_at', 'bigint', (column) => column.notNull())
      .addPrimaryKeyConstraint('pending_revocations_pk', ['fid', 'signer'])
      .execute();
    // Active means added with key type 1 (Ed25519), the only type that signs messages.
    await sql`insert into pending_revocations (fid, signer, queued_at)
      select fid, key, 0 from signers
       where not (state = 'added' and key_type = 1)
         and exists (select 1 from messages where messages.fid = signers.fid and messages.signer = signers.key)`.execute(
      db,
    );
  },
};
