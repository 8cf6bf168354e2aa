import { sql } from 'kysely';
import type { Migration } from '../../migration.js';

/**
 * What the channel feed and cast replies (src/social/feed/) read: each cast's content, and indexes for
 * their page queries and the moderation rules they apply (docs/social/feed.md).
 */
export const createCastFeed: Migration = {
  async up(db) {
    // JSON of text, embeds, mentions and positions; null until the indexer has read the cast's content.
    await db.schema.alterTable('indexed_casts').addColumn('content', 'text').execute();

    // A channel's feed: its root casts, newest first.
    await db.schema
      .createIndex('indexed_casts_feed_idx')
      .on('indexed_casts')
      .columns(['parent_url', 'timestamp', 'hash'])
      .where(sql.ref('removed_at'), 'is', null)
      .execute();
    // A cast's replies, oldest first, and their counts; it serves the indexer's parent lookups too, so it
    // replaces the index on parent_hash alone.
    await db.schema
      .createIndex('indexed_casts_replies_idx')
      .on('indexed_casts')
      .columns(['parent_hash', 'timestamp', 'hash'])
      .execute();
    await db.schema.dropIndex('indexed_casts_parent_idx').execute();
    // A cast's latest moderation action is its hidden state.
    await db.schema
      .createIndex('cast_moderation_actions_cast_idx')
      .on('cast_moderation_actions')
      .columns(['cast_hash', 'id'])
      .execute();

    // Casts indexed before this migration have no content: the indexer's next start rebuilds the index
    // from the node's reads (docs/social/indexer.md, "The cursor"), which fills it in. The key is the
    // indexer's (src/social/indexer/state.ts), written out because storage may not import social.
    const indexed = await sql`select 1 from indexed_casts limit 1`.execute(db);
    if (indexed.rows.length > 0) await sql`delete from service_meta where key = 'indexer.state'`.execute(db);
  },
};
