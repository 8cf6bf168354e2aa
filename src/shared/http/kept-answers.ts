import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from './answer-cache.js';

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

/**
 * What a kept answer costs beside its body and its strings: the map's slot (and the holes re-inserting
 * leaves in it), the records, the Buffer's objects and its commit mark. Node 20 takes about 400 bytes for
 * these alone (test/kept-answers-memory.test.ts), and a server about 1,100 for each answer a new key kept
 * (test/node-kept-answers-keys.test.ts); counted with room to spare, so the budget bounds what the process
 * holds, not only what it was asked to keep, and so how many answers, however small, it keeps.
 */
export const ENTRY_OVERHEAD = 1536;

interface KeptAnswer {
  scopes: string;
  versions: string;
  /** The commit mark read before its versions were last found current. */
  mark: string | undefined;
  body: Buffer;
}

export interface KeptAnswersOptions {
  /** The service's memory budget: answers are its `answers` section, keys and overhead counted. */
  cache: AnswerCache;
  /** The database's commit mark (Database.commitMark): undefined where it cannot tell. */
  commitMark?: (() => string | undefined) | undefined;
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
  { cache, commitMark = () => undefined }: KeptAnswersOptions,
): KeptAnswers {
  const answers = cache.section<string, KeptAnswer>('answers');
  const hit = (body: Buffer) => {
    answers.count(true);
    return body;
  };

  const serve: KeptAnswers['serve'] = async (key, scopesOf, build) => {
    // Read first: whatever is read after it is at least as new as the state the mark names.
    const mark = commitMark();
    const held = answers.get(key);
    if (held !== undefined && mark !== undefined && held.mark === mark) return hit(held.body);
    const scopes = held?.scopes.split('\n') ?? (await scopesOf());
    // Read before any build, so an answer is never older than the versions it is kept under.
    const versions = scopes === undefined ? undefined : await readVersions(scopes);
    if (held !== undefined && held.versions === versions) {
      held.mark = mark;
      return hit(held.body);
    }
    answers.count(false);
    const built = await build();
    // An answer whose rows moved to other scopes meanwhile (a thread's root arriving) is not kept under
    // the versions read for the old ones; the next read keeps it under the new.
    const builtScopes = built.scopes.join('\n');
    if (scopes === undefined || versions === undefined || builtScopes !== scopes.join('\n')) {
      answers.delete(key);
      return built.body;
    }
    const size =
      built.body.length +
      stringBytes(key) +
      stringBytes(builtScopes) +
      stringBytes(versions) +
      ENTRY_OVERHEAD;
    answers.set(key, { scopes: builtScopes, versions, mark, body: ownBytes(built.body) }, size);
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
    usage() {
      const { bytes, entries } = answers.stats();
      return { bytes, entries };
    },
  };
}
