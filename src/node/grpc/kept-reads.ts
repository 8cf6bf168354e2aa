import type { MessageMarks, MessageScope } from '../engine/index.js';
import { keptMessageAnswers, scopeName } from '../kept-message-answers.js';
import type { Caller, UnaryHandlers } from './handler.js';
import { EncodedResponse, HUB_SERVICE, requestBytesOf } from './hub-service.js';
import type { HubServiceMethod } from './hub-service.js';

/** The message reads whose answers show other fids' messages than the request's `fid` (or have none). */
const ACROSS_FIDS: ReadonlySet<string> = new Set([
  'GetCastsByParent',
  'GetCastsByMention',
  'GetReactionsByCast',
  'GetReactionsByTarget',
  'GetLinksByTarget',
]);

type Handler = (request: object, caller: Caller) => Promise<unknown>;

/**
 * The message reads' answers kept encoded under the request's bytes, as the HTTP API keeps its JSON under
 * the URL (http/message-answers.ts): a read of one fid's messages under that fid's version, a read across
 * fids under all messages'. Where the node keeps no answers (PostgreSQL), the handlers as they are.
 */
export function keptReads(handlers: UnaryHandlers, marks: MessageMarks | undefined): UnaryHandlers {
  const kept = keptMessageAnswers(marks);
  if (kept === undefined) return handlers;
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers as Record<string, Handler>)) {
    const serialize = HUB_SERVICE[name as HubServiceMethod].responseSerialize as (value: unknown) => Buffer;
    const scopeOf = (request: object): MessageScope =>
      ACROSS_FIDS.has(name) ? 'all' : Number((request as { fid?: number }).fid ?? 0);
    wrapped[name] = async (request, caller) => {
      const bytes = requestBytesOf(request);
      if (bytes === undefined) return handler(request, caller);
      const scopes = [scopeName(scopeOf(request))];
      const body = await kept.serve(
        `${name}:${bytes.toString('latin1')}`,
        () => scopes,
        async () => ({ scopes, body: serialize(await handler(request, caller)) }),
      );
      return new EncodedResponse(body);
    };
  }
  return wrapped as UnaryHandlers;
}
