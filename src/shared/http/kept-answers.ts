import type { FastifyReply, FastifyRequest } from 'fastify';

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

/** Kept bytes across all answers of a service, by default: bodies, keys and each entry's own cost. */
const KEPT_BYTES = 32 * 1024 * 1024;

/** Most answers kept at once, by default, however small: bounds the map itself. */
const KEPT_ENTRIES = 16_384;

/**
 * What a kept answer costs beside its body and its strings: the map's slot (and the holes re-inserting
 * leaves in it), the record, the Buffer's objects and its commit mark. Node 20 takes about 400 bytes
 * (test/kept-answers-memory.test.ts); counted with room to spare, so the budget bounds what the process
 * holds, not only what it was asked to keep.
 */
export const ENTRY_OVERHEAD = 1024;

interface KeptAnswer {
  scopes: string;
  versions: string;
  /** The commit mark read before its versions were last found current. */
  mark: string | undefined;
  body: Buffer;
  /** What the budget counts for this answer: its body, strings and {@link ENTRY_OVERHEAD}. */
  size: number;
}

export interface KeptAnswersOptions {
  /** The database's commit mark (Database.commitMark): undefined where it cannot tell. */
  commitMark?: () => string | undefined;
  /** Kept bytes across all answers, keys and overhead counted; the least recently read go first. */
  capacity?: number;
  /** Most answers kept at once; the least recently read go first. */
  entries?: number;
}

/** What the kept answers hold now, as the budget counts it. */
export interface KeptUsage {
  bytes: number;
  entries: number;
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
  usage(): KeptUsage;
}

/**
 * The key of a read's answer: its route, its path parameters, and the query parameters its schema declares
 * (plus `undeclared`, names the route reads without declaring them), in name order. Nothing else a client
 * sends can change the answer, so nothing else names it: a client cannot mint keys with parameters the
 * route ignores, and the same read asked in any order is one key. Values are kept as parsed (a repeated
 * parameter as its array), so requests that can be answered apart are never one key.
 */
export function requestKey(request: FastifyRequest, undeclared: readonly string[] = []): string {
  const schema = request.routeOptions.schema?.querystring as { properties?: object } | undefined;
  const names = new Set([...Object.keys(schema?.properties ?? {}), ...undeclared]);
  const query = request.query as Record<string, unknown>;
  const given = Object.keys(query)
    .filter((name) => names.has(name))
    .sort()
    .map((name) => [name, query[name]]);
  return JSON.stringify([request.routeOptions.url ?? '', request.params ?? {}, given]);
}

/** Bytes a string may take in the heap: V8 keeps two per character where any is past Latin-1. */
const stringBytes = (text: string) => 2 * text.length;

/**
 * `body` in an allocation of its own. Node hands out small Buffers as views of a shared 8 KiB slab, which
 * a kept view would hold whole: a copy keeps only what the budget counts.
 */
function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return body;
  const own = Buffer.allocUnsafeSlow(body.byteLength);
  body.copy(own);
  return own;
}

export function keptAnswers(
  readVersions: VersionReader,
  { commitMark = () => undefined, capacity = KEPT_BYTES, entries = KEPT_ENTRIES }: KeptAnswersOptions = {},
): KeptAnswers {
  // A Map iterates in insertion order: re-inserting an answer on each read keeps the least recent first.
  const answers = new Map<string, KeptAnswer>();
  let bytes = 0;
  const drop = (key: string) => {
    const answer = answers.get(key);
    if (answer === undefined) return;
    answers.delete(key);
    bytes -= answer.size;
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
    const size =
      built.body.length +
      stringBytes(key) +
      stringBytes(builtScopes) +
      stringBytes(versions) +
      ENTRY_OVERHEAD;
    if (builtScopes === scopes.join('\n') && size <= capacity) {
      answers.set(key, { scopes: builtScopes, versions, mark, body: ownBytes(built.body), size });
      bytes += size;
      for (const oldest of answers.keys()) {
        if (bytes <= capacity && answers.size <= entries) break;
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
    usage: () => ({ bytes, entries: answers.size }),
  };
}
