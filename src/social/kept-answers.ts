import { reusableQueryByShape } from '../storage/reusable-query.js';
import type { SocialDb } from './store.js';

/**
 * Read answers kept rendered, each under the versions of what it shows (migration read-versions.ts: its
 * triggers bump a scope's version with every write an answer of that scope shows), so a request whose
 * answer is current costs one tiny read and no query of its own, and any change shows in the very next
 * read, whichever process made it.
 */

/** The scopes of a channel url's feed pages (null: a thread outside channels). */
export const feedScopes = (channelUrl: string | null) => [`feed:channel:${channelUrl ?? ''}`, 'feed:all'];
/** The scope of a channel's details, followers and members. */
export const channelScopes = (channelId: string) => [`channel:${channelId}`];
/** The scope of the lists of blocks. */
export const BLOCKS_SCOPES = ['blocks'];

/** Kept bytes across all answers; the least recently read go first. */
const KEPT_BYTES = 32 * 1024 * 1024;

interface KeptAnswer {
  scopes: string;
  versions: string;
  body: Buffer;
}

/** An answer as built: its JSON bytes, and the scopes of what the build found. */
export interface BuiltAnswer {
  scopes: string[];
  body: Buffer;
}

const versionsOf = reusableQueryByShape(
  (count: number) => String(count),
  (count, db: SocialDb, ...scopes: string[]) =>
    db.selectFrom('list_versions').select(['name', 'version']).where('name', 'in', scopes.slice(0, count)),
);

/** The versions of `scopes`, as one comparable string (a version never bumped is 0). */
async function readVersions(db: SocialDb, scopes: string[]): Promise<string> {
  const rows = await versionsOf(scopes.length, db, ...scopes);
  return scopes.map((scope) => String(rows.find((row) => row.name === scope)?.version ?? 0)).join('/');
}

export interface KeptAnswers {
  /**
   * The answer `key` names (everything it depends on but the database): kept if its versions hold, else
   * built by `build`. `scopesOf` finds the scopes of an answer not kept yet (undefined: none, as for a
   * channel that does not exist, whose build then fails).
   */
  serve(
    key: string,
    scopesOf: () => string[] | undefined | Promise<string[] | undefined>,
    build: () => Promise<BuiltAnswer>,
  ): Promise<Buffer>;
}

export function keptAnswers(db: SocialDb, capacity = KEPT_BYTES): KeptAnswers {
  // A Map iterates in insertion order: re-inserting an answer on each read keeps the least recent first.
  const answers = new Map<string, KeptAnswer>();
  let bytes = 0;
  const drop = (key: string) => {
    const answer = answers.get(key);
    if (answer === undefined) return;
    answers.delete(key);
    bytes -= answer.body.length;
  };

  return {
    async serve(key, scopesOf, build) {
      const kept = answers.get(key);
      const scopes = kept?.scopes.split('\n') ?? (await scopesOf());
      if (scopes === undefined) return (await build()).body;
      // Read before any build, so an answer is never older than the versions it is kept under.
      const versions = await readVersions(db, scopes);
      if (kept !== undefined && kept.versions === versions) {
        answers.delete(key);
        answers.set(key, kept);
        return kept.body;
      }
      const built = await build();
      drop(key);
      // An answer whose rows moved to other scopes meanwhile (a thread's root arriving) is not kept under
      // the versions read for the old ones; the next read keeps it under the new.
      const builtScopes = built.scopes.join('\n');
      if (builtScopes === scopes.join('\n') && built.body.length <= capacity) {
        answers.set(key, { scopes: builtScopes, versions, body: built.body });
        bytes += built.body.length;
        for (const oldest of answers.keys()) {
          if (bytes <= capacity) break;
          drop(oldest);
        }
      }
      return built.body;
    },
  };
}
