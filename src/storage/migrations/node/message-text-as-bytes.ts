import { sql } from 'kysely';
import type { Migration } from '../../migration.js';
import { bytesColumn } from '../../migration.js';

/** The text columns copied from message bodies, with the partial index each one leads (if any). */
const COLUMNS = [
  { column: 'parent_url', index: 'messages_parent_url_idx' },
  { column: 'target_url', index: 'messages_target_url_idx' },
  { column: 'link_type', index: undefined },
] as const;

/**
 * Stores cast parent URLs, reaction target URLs and link types as their UTF-8 bytes. The protocol allows
 * NUL in these strings, which a PostgreSQL `text` column cannot hold (such a message failed to store);
 * bytes hold anything and compare the same way for the equality lookups these columns serve.
 */
export const messageTextAsBytes: Migration = {
  async up(db, { dialect }) {
    const utf8 = (column: string) =>
      dialect === 'sqlite'
        ? sql`cast(${sql.ref(column)} as blob)`
        : sql`convert_to(${sql.ref(column)}, 'UTF8')`;
    for (const { column, index } of COLUMNS) {
      const staged = `${column}_bytes`;
      if (index !== undefined) await db.schema.dropIndex(index).execute();
      await db.schema.alterTable('messages').addColumn(staged, bytesColumn(dialect)).execute();
      await sql`update messages set ${sql.ref(staged)} = ${utf8(column)} where ${sql.ref(column)} is not null`.execute(
        db,
      );
      await db.schema.alterTable('messages').dropColumn(column).execute();
      await db.schema.alterTable('messages').renameColumn(staged, column).execute();
      if (index !== undefined) {
        await db.schema
          .createIndex(index)
          .on('messages')
          .columns([column, 'ts_hash'])
          .where(sql.ref(column), 'is not', null)
          .execute();
      }
    }
  },
};
