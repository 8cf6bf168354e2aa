import type { FastifyReply } from 'fastify';
import type { BuiltAnswer, KeptAnswers } from '../kept-answers.js';
import { cursorListOf, type PagingQuery, type ReadRequest } from './envelope.js';

/** An answer as a route builds it: its body, before serialization, and the scopes of what it shows. */
export interface Answer {
  scopes: string[];
  body: unknown;
}

/**
 * Sends the answer of a GET read from `kept` (src/social/kept-answers.ts). The answer is named by
 * everything it depends on besides the database: its list (route, caller, filter), page size and cursor.
 * A built body is serialized by the route's own response schema, so kept bytes are what the route sends.
 */
export async function keptReply(
  kept: KeptAnswers,
  request: ReadRequest,
  reply: FastifyReply,
  scopesOf: () => string[] | undefined | Promise<string[] | undefined>,
  answer: () => Promise<Answer>,
): Promise<FastifyReply> {
  const { limit, cursor }: PagingQuery = request.query;
  const key = `${cursorListOf(request)}|${limit ?? ''}|${cursor ?? ''}`;
  const body = await kept.serve(key, scopesOf, async (): Promise<BuiltAnswer> => {
    const built = await answer();
    return { scopes: built.scopes, body: Buffer.from(reply.serialize(built.body) as string) };
  });
  return reply.type('application/json; charset=utf-8').send(body);
}

/** {@link keptReply} for a read whose scopes its request names (a channel's id, every block). */
export function keptReplyIn(
  kept: KeptAnswers,
  request: ReadRequest,
  reply: FastifyReply,
  scopes: string[],
  body: () => Promise<unknown>,
): Promise<FastifyReply> {
  return keptReply(
    kept,
    request,
    reply,
    () => scopes,
    async () => ({ scopes, body: await body() }),
  );
}
