import type { VersionReader } from './kept-answers.js';

/** The version of each scope asked, as one statement reads them; a scope the database never moved may be missing. */
export type ScopeVersions = (scopes: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/**
 * Version reads of requests that arrive together, made as one read of all their scopes. A joined read
 * starts on the event loop's next turn, after every request it answers arrived, so each request still sees
 * every commit answered before it came; a request arriving once the read started waits for the next one.
 * Where the database is a round trip away, concurrent kept reads then share one.
 */
export function batchedVersions(read: ScopeVersions): VersionReader {
  let gathering: { scopes: Set<string>; versions: Promise<ReadonlyMap<string, string>> } | undefined;
  return async (scopes) => {
    if (gathering === undefined) {
      const batch = new Set<string>();
      const versions = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        gathering = undefined;
        return read([...batch]);
      });
      gathering = { scopes: batch, versions };
    }
    for (const scope of scopes) gathering.scopes.add(scope);
    const versions = await gathering.versions;
    return scopes.map((scope) => versions.get(scope) ?? '0').join('/');
  };
}
