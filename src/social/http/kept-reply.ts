import type { FastifyReply } from 'fastify';
import type { Answer, KeptAnswers } from '../../shared/http/kept-answers.js';
import { cursorListOf, type PagingQuery, type ReadRequest } from './envelope.js';

/**
 * Sends the answer of a GET read from `kept`, named by everything it depends on besides the database:
 * its list (route, caller, filter), page size and cursor.
 */
export function keptReply(
  kept: KeptAnswers,
  request: ReadRequest,
  reply: FastifyReply,
  scopesOf: () => string[] | undefined | Promise<string[] | undefined>,
  answer: () => Promise<Answer>,
): Promise<FastifyReply> {
  const { limit, cursor }: PagingQuery = request.query;
  return kept.reply(reply, `${cursorListOf(request)}|${limit ?? ''}|${cursor ?? ''}`, scopesOf, answer);
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
