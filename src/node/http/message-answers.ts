import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_BODY_TYPE, requestKey } from '../../shared/http/kept-answers.js';
import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import type { MessageScope } from '../engine/index.js';
import { scopeName } from '../kept-message-answers.js';
import type { Page } from '../store/page.js';
import { createMessageJson } from './message-json.js';

/**
 * The HTTP answers of the message reads: hub JSON rendered from the stored bytes (message-json.ts). Where
 * the node tells in memory whether the messages an answer shows changed (`MessageMarks`: SQLite), each
 * answer is kept whole under its request's key (route and declared parameters) and its scope's version,
 * so a read repeated while that fid's messages stand still costs no query: one fid's reads are kept under
 * its version, reads across fids (replies, a cast's reactions, mentions, a fid's followers) under every
 * message's.
 */
export interface MessageAnswers {
  /** `read` answers the message's stored bytes, or throws (not found) as `found` does. */
  item(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: MessageScope,
    read: () => Promise<Uint8Array>,
  ): Promise<FastifyReply>;
  page(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: MessageScope,
    read: () => Promise<Page<Uint8Array, Uint8Array>>,
  ): Promise<FastifyReply>;
}

/** Snapchain's spellings of the paging parameters, which http/paging.ts reads but the schemas do not list. */
const UNDECLARED_PAGING = ['page_size', 'page_token'];

export function messageAnswers(kept: KeptAnswers | undefined): MessageAnswers {
  const json = createMessageJson();

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: MessageScope,
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
    item: (request, reply, scope, read) => send(request, reply, scope, async () => json.item(await read())),
    page: (request, reply, scope, read) => send(request, reply, scope, async () => json.page(await read())),
  };
}
