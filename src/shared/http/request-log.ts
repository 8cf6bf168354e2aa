import { LogController } from 'fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAgoraService } from '../fetch/user-agent.js';

/** A request URL without its query, which can carry tokens, for logs and errors. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

/**
 * One line per request, `GET /v1/info 200 1.2 ms`, with the same fields for machines, instead of
 * Fastify's two. The query is left out: it can carry tokens. Agora's own services polling each other log
 * at debug, so an idle system is quiet. Written from Fastify's own end-of-response call rather than an
 * onResponse hook, which would cost every request a pass of the hook runner.
 */
export class RequestLog extends LogController {
  constructor() {
    // Fastify's other request lines (incoming, errors) stay off: errors.ts logs failures with their cause.
    super({ disableRequestLogging: true });
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = pathOf(request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const fields = {
      method: request.method,
      path,
      status: reply.statusCode,
      ms,
      // The response did not reach the client in full (it went away, or the socket failed).
      ...(error != null && { error: error.message }),
    };
    const message = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (isAgoraService(request.headers['user-agent'])) request.log.debug(fields, message);
    else request.log.info(fields, message);
  }
}
