import { PostgresAdapter, sql } from 'kysely';
import { batchedVersions } from '../shared/http/batched-versions.js';
import type { VersionReader } from '../shared/http/kept-answers.js';
import { reusableQuery } from '../storage/reusable-query.js';
import type { SocialDb } from './store.js';

/**
 * The scopes of the social API's kept reads (src/shared/http/kept-answers.ts), spelled as migration
 * read-versions.ts's triggers bump them in `list_versions`.
 */

/** The scopes of a channel url's feed pages (null: a thread outside channels). */
export const feedScopes = (channelUrl: string | null) => [`feed:channel:${channelUrl ?? ''}`, 'feed:all'];
/** The scope of a channel's details, followers and members. */
export const channelScopes = (channelId: string) => [`channel:${channelId}`];
/** The scope of the lists of blocks. */
export const BLOCKS_SCOPES = ['blocks'];

/** The strings of a JSON array, as rows of `value`: one statement text for any number of them. */
const listed = (db: SocialDb, names: string) =>
  db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string>`select jsonb_array_elements_text(${names}::jsonb)`
    : sql<string>`select value from json_each(${names})`;

const versionsOf = reusableQuery((db: SocialDb, scopes: string) =>
  db
    .selectFrom('list_versions')
    .select(['name', 'version'])
    .where('name', 'in', sql<string>`(${listed(db, scopes)})`),
);

/**
 * The versions of scopes from `list_versions`, in one statement; a scope never bumped has no row (version 0).
 * Concurrent requests' reads are joined (shared/http/batched-versions.ts).
 */
export function readScopeVersions(db: SocialDb): VersionReader {
  return batchedVersions(async (scopes) => {
    const rows = await versionsOf(db, JSON.stringify(scopes));
    return new Map(rows.map((row) => [row.name, String(row.version)]));
  });
}
