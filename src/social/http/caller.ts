import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { bearerToken } from '../auth.js';
import type { Authenticator, Caller } from '../auth.js';
import { SocialError } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireCaller` on authenticated routes. */
    caller?: Caller;
  }
}

/**
 * Route option (`preValidation`) for endpoints marked "Auth: yes": a valid app-key bearer token or a 401,
 * before the body is validated, so a stranger learns nothing about a route from its 400s.
 */
export function requireCaller(auth: Authenticator): preValidationAsyncHookHandler {
  return async (request) => {
    request.caller = await auth.authenticate(request.headers.authorization);
  };
}

/** The authenticated caller of a route that has `requireCaller`. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === undefined) throw new Error(`${request.url} has no requireCaller pre-handler`);
  return request.caller;
}

/** Route option for `/admin/`: the operator's token (`AGORA_ADMIN_TOKEN`); without one the API is off. */
export function requireAdmin(adminToken: string | undefined): preValidationAsyncHookHandler {
  // Equal-length digests compared in constant time: the reply's timing tells neither the token nor its length.
  const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();
  const expected = adminToken === undefined ? undefined : digest(adminToken);
  return async (request) => {
    if (expected === undefined) {
      throw new SocialError('ADMIN_UNAUTHENTICATED', {
        message: 'The admin API is disabled: start the service with --admin-token',
      });
    }
    const presented = bearerToken(request.headers.authorization);
    if (!timingSafeEqual(digest(presented ?? ''), expected)) {
      throw new SocialError('ADMIN_UNAUTHENTICATED');
    }
  };
}
