import { hubError, hubErrorBody } from '../../protocol/errors.js';
import type { HubErrorCode } from '../../protocol/errors.js';
import type { ErrorRenderer, HttpFailureKind, RenderedError } from '../../shared/http/index.js';
import { HubFailure } from '../failure.js';

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
    if (error instanceof HubFailure) {
      return { status: error.statusCode, body: hubErrorBody(error.hubError) };
    }
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
