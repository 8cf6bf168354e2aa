import type { FastifyReply, FastifyRequest } from 'fastify';

/** What went wrong with a request, as far as the HTTP layer can tell. */
export type HttpFailureKind =
  'validation' | 'not_found' | 'payload_too_large' | 'unsupported_media_type' | 'bad_request' | 'internal';

export interface RenderedError {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Each service owns its error body shape (see DESIGN.md §5); the HTTP layer only classifies failures and
 * hands them over, so every failure path of a service answers in that one shape.
 */
export interface ErrorRenderer {
  /** Render a domain error or a framework error into (status, body). Called for every failure. */
  render(error: unknown, kind: HttpFailureKind): RenderedError;
}

/** Given to the renderer when no route matches the method and path. */
export class RouteNotFoundError extends Error {
  override readonly name = 'RouteNotFoundError';
  readonly statusCode = 404;

  constructor(
    readonly method: string,
    readonly url: string,
  ) {
    super(`Route ${method}:${url} not found`);
  }
}

/** Fastify codes whose kind is more specific than their status code says. */
const KIND_BY_FASTIFY_CODE: Readonly<Record<string, HttpFailureKind>> = {
  FST_ERR_VALIDATION: 'validation',
  FST_ERR_NOT_FOUND: 'not_found',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

function property(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * Classifies by Fastify's error code first, then by a 4xx `statusCode` (Fastify's own request faults such
 * as malformed JSON, and domain errors that carry their status). Everything else is a server fault.
 */
export function classifyFailure(error: unknown): HttpFailureKind {
  if (error instanceof RouteNotFoundError) return 'not_found';
  const code = property(error, 'code');
  if (typeof code === 'string' && code.startsWith('FST_')) {
    const kind = KIND_BY_FASTIFY_CODE[code];
    if (kind !== undefined) return kind;
  }
  // Fastify marks schema failures with a `validation` array, whatever code a custom compiler gives them.
  if (Array.isArray(property(error, 'validation'))) return 'validation';
  const statusCode = property(error, 'statusCode');
  if (
    typeof statusCode === 'number' &&
    Number.isInteger(statusCode) &&
    statusCode >= 400 &&
    statusCode < 500
  ) {
    return 'bad_request';
  }
  return 'internal';
}

function isUsable(rendered: RenderedError): boolean {
  return Number.isInteger(rendered.status) && rendered.status >= 200 && rendered.status <= 599;
}

/** The last resort when a renderer itself fails: a fixed body that reveals nothing. */
const RENDERER_FAILURE: RenderedError = { status: 500, body: { error: 'Internal Server Error' } };

/**
 * Renders a failure through the service's renderer and sends it. Server faults are logged with their stack
 * at error level; request faults only at info, since they are the caller's mistake, not ours.
 */
export function sendFailure(
  renderer: ErrorRenderer,
  error: unknown,
  kind: HttpFailureKind,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  if (kind === 'internal') {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info(
      { kind, code: property(error, 'code'), message: property(error, 'message') },
      'request rejected',
    );
  }
  let rendered: RenderedError;
  try {
    rendered = renderer.render(error, kind);
    if (!isUsable(rendered)) throw new Error(`renderer returned unusable status ${String(rendered.status)}`);
  } catch (renderError) {
    request.log.error({ err: renderError }, 'error renderer failed');
    rendered = RENDERER_FAILURE;
  }
  if (rendered.headers !== undefined) reply.headers(rendered.headers);
  return reply.code(rendered.status).send(rendered.body);
}
