import { sql } from 'kysely';
import { batchedVersions } from '../shared/http/batched-versions.js';
import type { VersionReader } from '../shared/http/kept-answers.js';
import { jsonList } from '../storage/json-list.js';
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

const versionsOf = reusableQuery((db: SocialDb, scopes: string) =>
  db
    .selectFrom('list_versions')
    .select(['name', 'version'])
    .where('name', 'in', sql<string>`(${jsonList(db, scopes, 'text')})`),
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
