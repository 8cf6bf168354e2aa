import type { FastifyReply } from 'fastify';

/**
 * Read answers kept rendered, each under the versions of what it shows: a service reads the versions of
 * an answer's scopes (its database moves them with every write an answer of that scope shows, whichever
 * process writes), so a request whose answer is current costs one tiny read and no query of its own, and
 * any change shows in the very next read. Where the database tells when anything was committed (SQLite),
 * an answer whose versions were current at the last commit is sent without reading them again.
 */

/** The type Fastify gives the JSON bodies it serialises, for bodies sent as bytes already rendered. */
export const JSON_BODY_TYPE = 'application/json; charset=utf-8';

/** The versions of `scopes`, as one comparable string; read from the database, never from memory. */
export type VersionReader = (scopes: string[]) => Promise<string>;

/** Kept bytes across all answers of a service, by default. */
const KEPT_BYTES = 32 * 1024 * 1024;

interface KeptAnswer {
  scopes: string;
  versions: string;
  /** The commit mark read before its versions were last found current. */
  mark: string | undefined;
  body: Buffer;
}

export interface KeptAnswersOptions {
  /** The database's commit mark (Database.commitMark): undefined where it cannot tell. */
  commitMark?: () => string | undefined;
  /** Kept bytes across all answers; the least recently read go first. */
  capacity?: number;
}

/** An answer as built: its JSON bytes, and the scopes of what the build found. */
export interface BuiltAnswer {
  scopes: string[];
  body: Buffer;
}

/** An answer as a route builds it: its body, before serialization, and the scopes of what it shows. */
export interface Answer {
  scopes: string[];
  body: unknown;
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
  /** {@link serve} for a route: a built body is serialized by the route's own response schema, then sent. */
  reply(
    reply: FastifyReply,
    key: string,
    scopesOf: () => string[] | undefined | Promise<string[] | undefined>,
    answer: () => Promise<Answer>,
  ): Promise<FastifyReply>;
}

export function keptAnswers(
  readVersions: VersionReader,
  { commitMark = () => undefined, capacity = KEPT_BYTES }: KeptAnswersOptions = {},
): KeptAnswers {
  // A Map iterates in insertion order: re-inserting an answer on each read keeps the least recent first.
  const answers = new Map<string, KeptAnswer>();
  let bytes = 0;
  const drop = (key: string) => {
    const answer = answers.get(key);
    if (answer === undefined) return;
    answers.delete(key);
    bytes -= answer.body.length;
  };

  // Moves an answer to the most recent end, unless it was dropped or replaced while its versions were read.
  const touch = (key: string, kept: KeptAnswer) => {
    if (answers.get(key) === kept) {
      answers.delete(key);
      answers.set(key, kept);
    }
    return kept.body;
  };

  const serve: KeptAnswers['serve'] = async (key, scopesOf, build) => {
    // Read first: whatever is read after it is at least as new as the state the mark names.
    const mark = commitMark();
    const kept = answers.get(key);
    if (kept !== undefined && mark !== undefined && kept.mark === mark) return touch(key, kept);
    const scopes = kept?.scopes.split('\n') ?? (await scopesOf());
    if (scopes === undefined) return (await build()).body;
    // Read before any build, so an answer is never older than the versions it is kept under.
    const versions = await readVersions(scopes);
    if (kept !== undefined && kept.versions === versions) {
      kept.mark = mark;
      return touch(key, kept);
    }
    const built = await build();
    drop(key);
    // An answer whose rows moved to other scopes meanwhile (a thread's root arriving) is not kept under
    // the versions read for the old ones; the next read keeps it under the new.
    const builtScopes = built.scopes.join('\n');
    if (builtScopes === scopes.join('\n') && built.body.length <= capacity) {
      answers.set(key, { scopes: builtScopes, versions, mark, body: built.body });
      bytes += built.body.length;
      for (const oldest of answers.keys()) {
        if (bytes <= capacity) break;
        drop(oldest);
      }
    }
    return built.body;
  };

  return {
    serve,
    async reply(reply, key, scopesOf, answer) {
      const body = await serve(key, scopesOf, async () => {
        const built = await answer();
        return { scopes: built.scopes, body: Buffer.from(reply.serialize(built.body) as string) };
      });
      return reply.type(JSON_BODY_TYPE).send(body);
    },
  };
}
