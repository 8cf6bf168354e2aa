import { sql } from 'kysely';
import type { Migration } from '../../migration.js';

/**
 * Versions of what the feed reads show (src/social/feed/kept-pages.ts), in `list_versions`: one per
 * channel url (`feed:channel:<url>`; `feed:channel:` for threads outside channels) and one for what every
 * feed shows (`feed:all`: names and blocks). Triggers bump them, so no write can change a feed without
 * its version moving, whichever code or process makes it.
 */

/** The scope of one changed row, as SQL over `row` (NEW or OLD). */
type Scope = (row: 'NEW' | 'OLD') => string;

const channelOfUrl = (url: string) => `'feed:channel:' || coalesce(${url}, '')`;
const channelOfId = (id: string) => channelOfUrl(`(select url from channels where id = ${id})`);

/** Each table a feed page reads: the version its row changes and, if not all, the columns that matter. */
const WATCHED: Record<string, { scope: Scope; columns?: string[] }> = {
  indexed_casts: { scope: (row) => channelOfUrl(`${row}.channel_url`) },
  cast_moderation_actions: {
    scope: (row) => channelOfUrl(`(select channel_url from indexed_casts where hash = ${row}.cast_hash)`),
  },
  channel_sanctions: { scope: (row) => channelOfId(`${row}.channel_id`) },
  channel_roles: { scope: (row) => channelOfId(`${row}.channel_id`) },
  // Not every channel write: lockChannel's no-op update (access.ts) runs for each follow.
  channels: {
    scope: (row) => channelOfUrl(`${row}.url`),
    columns: ['url', 'public_casting', 'pinned_cast_hash'],
  },
  indexed_user_data: { scope: () => `'feed:all'` },
  user_blocks: { scope: () => `'feed:all'` },
};

const bump = (scope: string) =>
  `insert into list_versions (name, version) values (${scope}, 1)
     on conflict (name) do update set version = list_versions.version + 1;`;

export const createFeedVersions: Migration = {
  async up(db, { dialect }) {
    for (const [table, { scope, columns }] of Object.entries(WATCHED)) {
      const update = columns === undefined ? 'update' : `update of ${columns.join(', ')}`;
      if (dialect === 'sqlite') {
        // SQLite triggers fire per event; an update bumps the old row's scope and the new one's.
        const events = [
          ['insert', 'insert', ['NEW']],
          ['update', update, ['OLD', 'NEW']],
          ['delete', 'delete', ['OLD']],
        ] as const;
        for (const [name, event, rows] of events) {
          const body = rows.map((row) => bump(scope(row))).join('\n');
          await sql
            .raw(`create trigger ${table}_feed_${name} after ${event} on ${table} begin ${body} end`)
            .execute(db);
        }
      } else {
        await sql
          .raw(
            `create function ${table}_feed_changed() returns trigger language plpgsql as $$
             begin
               if tg_op <> 'INSERT' then ${bump(scope('OLD'))} end if;
               if tg_op <> 'DELETE' then ${bump(scope('NEW'))} end if;
               return null;
             end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${table}_feed after insert or ${update} or delete on ${table}
             for each row execute function ${table}_feed_changed()`,
          )
          .execute(db);
      }
    }
  },
};
