import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from '../../shared/http/answer-cache.js';
import { JSON_BODY_TYPE, requestKey } from '../../shared/http/kept-answers.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import type { MessagePage, ReadCall, StoredMessage } from '../engine/reads.js';
import { found } from '../failure.js';
import { scopeName } from '../kept-message-answers.js';
import { createMessageJson } from './message-json.js';

/**
 * The HTTP answers of the message reads: hub JSON rendered from the stored bytes (message-json.ts), each
 * message's JSON kept in the node's answer cache. Where the node keeps answers, each answer is kept whole
 * under its request's key (route and declared parameters) and the version of the scope its read declares
 * (engine/reads.ts): one fid's messages, or all messages for a read across fids.
 */
export interface MessageAnswers {
  /** The message `read` finds, or a `not_found` with `missing` as its details. */
  item(
    request: FastifyRequest,
    reply: FastifyReply,
    read: ReadCall<StoredMessage | undefined>,
    missing: string,
  ): Promise<FastifyReply>;
  page(request: FastifyRequest, reply: FastifyReply, read: ReadCall<MessagePage>): Promise<FastifyReply>;
}

/** Snapchain's spellings of the paging parameters, which http/paging.ts reads but the schemas do not list. */
const UNDECLARED_PAGING = ['page_size', 'page_token'];

export function messageAnswers(kept: KeptAnswers | undefined, cache: AnswerCache): MessageAnswers {
  const json = createMessageJson(cache);

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    { scope }: ReadCall<unknown>,
    render: () => Promise<Buffer>,
  ) => {
    const scopes = [scopeName(scope)];
    const body =
      kept === undefined
        ? await render()
        : await kept.serve(
            requestKey(request, UNDECLARED_PAGING),
            () => scopes,
            async () => ({ scopes, body: await render() }),
          );
    return reply.type(JSON_BODY_TYPE).send(body);
  };

  return {
    item: (request, reply, read, missing) =>
      send(request, reply, read, async () => json.item(found(await read.run(), missing))),
    page: (request, reply, read) => send(request, reply, read, async () => json.page(await read.run())),
  };
}
