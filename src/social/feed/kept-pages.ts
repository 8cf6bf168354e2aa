import { reusableQuery } from '../../storage/reusable-query.js';
import type { SocialDb } from '../store.js';

/**
 * Feed pages kept rendered, each under the versions of what it shows (migration feed-versions.ts: the
 * triggers there bump the version of a channel with every write to its casts, hides, bans, roles or
 * settings, and `feed:all` with every name or block), so a request whose page is current costs one tiny
 * read and no page query, and any change shows in the very next read, whichever process made it.
 */

/** The versions a channel url's pages (null: a thread outside channels) are kept under. */
export const feedScope = (channelUrl: string | null) => `feed:channel:${channelUrl ?? ''}`;
const EVERY_FEED = 'feed:all';

/** Kept bytes across all pages; the least recently read go first. */
const KEPT_BYTES = 32 * 1024 * 1024;

interface KeptPage {
  scope: string;
  versions: string;
  body: Buffer;
}

/** A page as built: its body, and the scope the build found its casts in. */
export interface BuiltPage {
  scope: string;
  body: Buffer;
}

const versionsOf = reusableQuery((db: SocialDb, scope: string, every: string) =>
  db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', [scope, every]),
);

/** The versions `scope`'s pages depend on, as one comparable string (a version never bumped is 0). */
async function readVersions(db: SocialDb, scope: string): Promise<string> {
  const rows = await versionsOf(db, scope, EVERY_FEED);
  const of = (name: string) => String(rows.find((row) => row.name === name)?.version ?? 0);
  return `${of(scope)}/${of(EVERY_FEED)}`;
}

export interface KeptPages {
  /**
   * The page `key` names (everything the answer depends on but the database): kept if its versions
   * hold, else built by `build`. `scopeOf` finds the scope of a page not kept yet (undefined: none, as for
   * a channel that does not exist, whose build then fails).
   */
  serve(
    key: string,
    scopeOf: () => Promise<string | undefined>,
    build: () => Promise<BuiltPage>,
  ): Promise<Buffer>;
}

export function keptPages(db: SocialDb, capacity = KEPT_BYTES): KeptPages {
  // A Map iterates in insertion order: re-inserting a page on each read keeps the least recent first.
  const pages = new Map<string, KeptPage>();
  let bytes = 0;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (page === undefined) return;
    pages.delete(key);
    bytes -= page.body.length;
  };

  return {
    async serve(key, scopeOf, build) {
      const kept = pages.get(key);
      const scope = kept?.scope ?? (await scopeOf());
      if (scope === undefined) return (await build()).body;
      // Read before any build, so a page is never older than the versions it is kept under.
      const versions = await readVersions(db, scope);
      if (kept !== undefined && kept.versions === versions) {
        pages.delete(key);
        pages.set(key, kept);
        return kept.body;
      }
      const built = await build();
      drop(key);
      // A page whose casts moved to another scope meanwhile (a thread's root arriving) is not kept under
      // the versions read for the old one; the next read keeps it under the new.
      if (built.scope === scope && built.body.length <= capacity) {
        pages.set(key, { scope, versions, body: built.body });
        bytes += built.body.length;
        for (const oldest of pages.keys()) {
          if (bytes <= capacity) break;
          drop(oldest);
        }
      }
      return built.body;
    },
  };
}
