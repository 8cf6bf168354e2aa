import type { FastifyRequest, preHandlerAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { SocialContext } from '../context.js';
import { countCall, type LimitName } from '../limits.js';
import { rateLimitHeaders, type RateLimitState } from '../rate-limit.js';
import { callerOf, requireCaller } from './caller.js';

/**
 * Route options of an authenticated write under a limit: the token is checked, then the call is counted,
 * against the caller's fid under `limit` or as `count` says, before the handler runs. So only callers who
 * pass authentication are counted, calls the handler then refuses (403, 409) count too, and every answer
 * from there on carries the `x-ratelimit-*` headers, refusals included: a client sees its quota even on
 * the answer that refuses it.
 */
export function limitedWrite(
  context: SocialContext,
  limit: LimitName | ((request: FastifyRequest) => Promise<RateLimitState>),
): { preValidation: preValidationAsyncHookHandler; preHandler: preHandlerAsyncHookHandler } {
  const count =
    typeof limit === 'string'
      ? (request: FastifyRequest) => countCall(context, limit, callerOf(request).fid)
      : limit;
  const counted: preHandlerAsyncHookHandler = async (request, reply) => {
    reply.headers(rateLimitHeaders(await count(request)));
  };
  // Who asks is checked before what they sent; the count may need the validated body.
  return { preValidation: requireCaller(context.auth), preHandler: counted };
}
