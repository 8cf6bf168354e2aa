import type { KeptAnswers } from '../../shared/http/kept-answers.js';
import type { ReadCall } from '../engine/reads.js';
import { scopeName } from '../kept-message-answers.js';
import type { Caller, UnaryHandlers } from './handler.js';
import { EncodedResponse, HUB_SERVICE } from './hub-service.js';
import type { HubServiceMethod } from './hub-service.js';
import type { MessageMethods } from './reads-messages.js';

type Method = (request: object) => ReadCall<EncodedResponse>;
type Handler = (request: object, caller: Caller) => Promise<EncodedResponse>;
type Encode = (value: unknown) => Buffer;

/**
 * The message reads as handlers, their answers kept encoded as the HTTP API keeps its JSON
 * (http/message-answers.ts): under the version of the scope each read declares (engine/reads.ts). An
 * answer is named by its method and its request as decoded and encoded again: the fields the method
 * declares, each as read, and nothing else the client sent (the decoder skips unknown fields, which so
 * cannot mint keys). With no kept answers (`--answer-cache-mb 0`), each read runs.
 */
export function keptReads(methods: MessageMethods, kept: KeptAnswers | undefined): UnaryHandlers {
  const handlers: Record<string, Handler> = {};
  for (const [name, method] of Object.entries(methods as Record<string, Method>)) {
    if (kept === undefined) {
      handlers[name] = (request) => method(request).run();
      continue;
    }
    const encodeRequest = HUB_SERVICE[name as HubServiceMethod].requestSerialize as Encode;
    handlers[name] = async (request) => {
      const read = method(request);
      const scopes = [scopeName(read.scope)];
      const body = await kept.serve(
        `${name}\n${encodeRequest(request).toString('latin1')}`,
        () => scopes,
        async () => ({ scopes, body: (await read.run()).bytes }),
      );
      return new EncodedResponse(body);
    };
  }
  return handlers as UnaryHandlers;
}
