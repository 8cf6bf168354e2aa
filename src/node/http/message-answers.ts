import type { FastifyReply, FastifyRequest } from 'fastify';
import { JSON_BODY_TYPE } from '../../shared/http/kept-answers.js';
import type { MessageMarks, MessageScope } from '../engine/index.js';
import { keptMessageAnswers, scopeName } from '../kept-message-answers.js';
import type { Page } from '../store/page.js';
import { createMessageJson } from './message-json.js';

/**
 * The HTTP answers of the message reads: hub JSON rendered from the stored bytes (message-json.ts). Where
 * the node tells in memory whether the messages an answer shows changed (`MessageMarks`: SQLite), each
 * answer is kept whole under its URL and its scope's version, so a read repeated while that fid's messages
 * stand still costs no query: one fid's reads are kept under its version, reads across fids (replies, a
 * cast's reactions, mentions, a fid's followers) under every message's.
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

export function messageAnswers(marks: MessageMarks | undefined): MessageAnswers {
  const json = createMessageJson();
  const kept = keptMessageAnswers(marks);

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    scope: MessageScope,
    render: () => Promise<Buffer>,
  ) => {
    // A URL names everything an answer depends on but the messages: its parameters, as given.
    const scopes = [scopeName(scope)];
    const body =
      kept === undefined
        ? await render()
        : await kept.serve(
            request.url,
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
