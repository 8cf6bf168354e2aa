import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import type { MessageScope } from '../engine/index.js';
import { scopeName } from '../kept-message-answers.js';
import type { Caller, UnaryHandlers } from './handler.js';
import { EncodedResponse, HUB_SERVICE } from './hub-service.js';
import type { HubServiceMethod } from './hub-service.js';
import { ACROSS_FIDS } from './reads-messages.js';

type Handler = (request: object, caller: Caller) => Promise<unknown>;
type Encode = (value: unknown) => Buffer;

/**
 * The message reads' answers kept encoded, as the HTTP API keeps its JSON (http/message-answers.ts): a
 * read of one fid's messages under that fid's version, a read across fids under all messages'. An answer
 * is named by its method and its request as decoded and encoded again: the fields the method declares,
 * each as read, and nothing else the client sent (the decoder skips unknown fields, which so cannot mint
 * keys). Where the node keeps no answers (PostgreSQL), the handlers as they are.
 */
export function keptReads(handlers: UnaryHandlers, kept: KeptAnswers | undefined): UnaryHandlers {
  if (kept === undefined) return handlers;
  const wrapped: Record<string, Handler> = {};
  for (const [name, handler] of Object.entries(handlers as Record<string, Handler>)) {
    const method = HUB_SERVICE[name as HubServiceMethod];
    const encodeRequest = method.requestSerialize as Encode;
    const encodeResponse = method.responseSerialize as Encode;
    const scopeOf = (request: object): MessageScope =>
      ACROSS_FIDS.has(name) ? 'all' : Number((request as { fid?: number }).fid ?? 0);
    wrapped[name] = async (request, caller) => {
      const scopes = [scopeName(scopeOf(request))];
      const body = await kept.serve(
        `${name}\n${encodeRequest(request).toString('latin1')}`,
        () => scopes,
        async () => ({ scopes, body: encodeResponse(await handler(request, caller)) }),
      );
      return new EncodedResponse(body);
    };
  }
  return wrapped as UnaryHandlers;
}
