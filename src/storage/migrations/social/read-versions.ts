import { sql } from 'kysely';
import type { Migration } from '../../migration.js';

/**
 * Versions of what kept answers show (src/shared/http/kept-answers.ts), in `list_versions`. Triggers bump
 * them in the transaction of every write an answer shows, so none can change without its version moving,
 * whichever code or process writes. The scopes (spelled the same in src/social/read-scopes.ts):
 * - `feed:channel:<url>` (`feed:channel:` for threads outside channels): the feed pages of a channel;
 * - `feed:all`: what every feed page shows (names and blocks);
 * - `channel:<id>`: a channel's details, followers and members;
 * - `blocks`: the lists of blocks.
 */

/** SQL for the scopes one changed row moves, given the row (NEW or OLD). */
type Scopes = (row: 'NEW' | 'OLD') => string[];

const feedOfUrl = (url: string) => `'feed:channel:' || coalesce(${url}, '')`;
const feedOfId = (id: string) => feedOfUrl(`(select url from channels where id = ${id})`);
const channel = (id: string) => `'channel:' || ${id}`;

/**
 * The columns of `channels` a channel's details show: all but created_at, which lockChannel's no-op update
 * (access.ts) writes for each follow. A column added later joins this list in its migration (a test checks).
 */
export const CHANNEL_DETAIL_COLUMNS = [
  'id',
  'url',
  'name',
  'description',
  'description_mentions',
  'description_mentions_positions',
  'lead_fid',
  'image_url',
  'header_image_url',
  'external_link_title',
  'external_link_url',
  'public_casting',
  'pinned_cast_hash',
];

/**
 * Each trigger: its table, the scopes its rows move and, if not every column's update, the columns that
 * matter.
 */
const TRIGGERS: { name: string; table: string; scopes: Scopes; columns?: string[] }[] = [
  { name: 'indexed_casts_feed', table: 'indexed_casts', scopes: (row) => [feedOfUrl(`${row}.channel_url`)] },
  {
    name: 'cast_moderation_feed',
    table: 'cast_moderation_actions',
    scopes: (row) => [feedOfUrl(`(select channel_url from indexed_casts where hash = ${row}.cast_hash)`)],
  },
  {
    name: 'channel_sanctions_feed',
    table: 'channel_sanctions',
    scopes: (row) => [feedOfId(`${row}.channel_id`)],
  },
  {
    name: 'channel_roles_read',
    table: 'channel_roles',
    scopes: (row) => [feedOfId(`${row}.channel_id`), channel(`${row}.channel_id`)],
  },
  { name: 'channel_follows_read', table: 'channel_follows', scopes: (row) => [channel(`${row}.channel_id`)] },
  // Neither counts lockChannel's no-op update of created_at.
  {
    name: 'channels_feed',
    table: 'channels',
    scopes: (row) => [feedOfUrl(`${row}.url`)],
    columns: ['url', 'public_casting', 'pinned_cast_hash'],
  },
  {
    name: 'channels_read',
    table: 'channels',
    scopes: (row) => [channel(`${row}.id`)],
    columns: CHANNEL_DETAIL_COLUMNS,
  },
  { name: 'indexed_user_data_feed', table: 'indexed_user_data', scopes: () => [`'feed:all'`] },
  { name: 'user_blocks_read', table: 'user_blocks', scopes: () => [`'feed:all'`, `'blocks'`] },
];

const bump = (scope: string) =>
  `insert into list_versions (name, version) values (${scope}, 1)
     on conflict (name) do update set version = list_versions.version + 1;`;
const bumps = (scopes: Scopes, row: 'NEW' | 'OLD') => scopes(row).map(bump).join('\n');

export const createReadVersions: Migration = {
  async up(db, { dialect }) {
    for (const { name, table, scopes, columns } of TRIGGERS) {
      const update = columns === undefined ? 'update' : `update of ${columns.join(', ')}`;
      if (dialect === 'sqlite') {
        // SQLite triggers fire per event; an update moves the old row's scopes and the new one's.
        const events = [
          ['insert', 'insert', bumps(scopes, 'NEW')],
          ['update', update, `${bumps(scopes, 'OLD')}\n${bumps(scopes, 'NEW')}`],
          ['delete', 'delete', bumps(scopes, 'OLD')],
        ] as const;
        for (const [suffix, event, body] of events) {
          await sql
            .raw(`create trigger ${name}_${suffix} after ${event} on ${table} begin ${body} end`)
            .execute(db);
        }
      } else {
        await sql
          .raw(
            `create function ${name}_changed() returns trigger language plpgsql as $$
             begin
               if tg_op <> 'INSERT' then ${bumps(scopes, 'OLD')} end if;
               if tg_op <> 'DELETE' then ${bumps(scopes, 'NEW')} end if;
               return null;
             end $$`,
          )
          .execute(db);
        await sql
          .raw(
            `create trigger ${name} after insert or ${update} or delete on ${table}
             for each row execute function ${name}_changed()`,
          )
          .execute(db);
      }
    }
  },
};
