import { reusableQueryByShape } from '../storage/reusable-query.js';
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

const versionsOf = reusableQueryByShape(
  (count: number) => String(count),
  (count, db: SocialDb, ...scopes: string[]) =>
    db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', scopes.slice(0, count)),
);

/** The versions of scopes from `list_versions` (a version never bumped is 0). */
export function readScopeVersions(db: SocialDb): (scopes: string[]) => Promise<string> {
  return async (scopes) => {
    const rows = await versionsOf(scopes.length, db, ...scopes);
    return scopes.map((scope) => String(rows.find((row) => row.name === scope)?.version ?? 0)).join('/');
  };
}
