import { hubError, hubErrorBody, hubErrorStatus } from '../../protocol/errors.js';
import type { HubError, HubErrorCode } from '../../protocol/errors.js';
import type { ErrorRenderer, HttpFailureKind, RenderedError } from '../../shared/http/index.js';

/** A HubError on its way to the client; its status (400, or 500 for server faults) goes with it. */
export class HubFailure extends Error {
  override readonly name = 'HubFailure';
  readonly statusCode: number;

  constructor(readonly hubError: HubError) {
    super(hubError.message);
    this.statusCode = hubErrorStatus(hubError);
  }
}

export function hubFailure(errCode: HubErrorCode, message: string): HubFailure {
  return new HubFailure(hubError(errCode, message));
}

/** A fault in the query string: what the reference reports for a non-integer fid (spec §7). */
export function badParam(message: string): HubFailure {
  return hubFailure('bad_request.validation_failure', message);
}

/** The item, or a `not_found` failure (a 400, as the reference answers a miss). */
export function found<T>(item: T | undefined, message: string): T {
  if (item === undefined) throw hubFailure('not_found', message);
  return item;
}

/** Unknown routes are the one 404: the reference's `not_found` means a missing item, and is a 400. */
const ROUTE_NOT_FOUND_STATUS = 404;

const CODE_BY_KIND: Readonly<Record<Exclude<HttpFailureKind, 'not_found'>, HubErrorCode>> = {
  validation: 'bad_request.validation_failure',
  bad_request: 'bad_request',
  payload_too_large: 'bad_request.parse_failure',
  unsupported_media_type: 'bad_request.parse_failure',
  internal: 'unknown',
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Every failure of the node's API leaves in the spec §7 body (`hubErrorBody`). */
export const nodeErrorRenderer: ErrorRenderer = {
  render(error: unknown, kind: HttpFailureKind): RenderedError {
    if (error instanceof HubFailure) return { status: error.statusCode, body: hubErrorBody(error.hubError) };
    if (kind === 'not_found') {
      return { status: ROUTE_NOT_FOUND_STATUS, body: hubErrorBody(hubError('not_found', messageOf(error))) };
    }
    // A server fault's message may name internals; the log has it, the client gets a fixed text.
    const message = kind === 'internal' ? 'Internal Server Error' : messageOf(error);
    // Framework request faults (oversize or unreadable bodies, bad URLs) are 400 like every request fault.
    const status = kind === 'internal' ? 500 : 400;
    return { status, body: hubErrorBody(hubError(CODE_BY_KIND[kind], message)) };
  },
};
