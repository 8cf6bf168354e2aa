import { BadCursorError } from '../../shared/http/index.js';
import type { ErrorRenderer, HttpFailureKind, RenderedError } from '../../shared/http/index.js';
import { SOCIAL_ERRORS, SocialError, type SocialErrorCode } from '../errors.js';

const CODE_BY_KIND: Record<HttpFailureKind, SocialErrorCode> = {
  validation: 'INVALID_REQUEST',
  bad_request: 'INVALID_REQUEST',
  unsupported_media_type: 'UNSUPPORTED_MEDIA_TYPE',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  not_found: 'ROUTE_NOT_FOUND',
  internal: 'INTERNAL_ERROR',
};

/** The request faults whose framework message helps the caller (which field, what was wrong). */
const KINDS_WITH_DETAIL = new Set<HttpFailureKind>(['validation', 'bad_request']);

function messageOf(error: unknown): string | undefined {
  return error instanceof Error && error.message !== '' ? error.message : undefined;
}

/** Every failure of the social API leaves through here as `{"errors":[{message, code}]}`. */
export const socialErrorRenderer: ErrorRenderer = {
  render(error: unknown, kind: HttpFailureKind): RenderedError {
    if (error instanceof SocialError) {
      return {
        status: error.statusCode,
        body: { errors: [{ message: error.message, code: error.code }] },
        ...(error.headers !== undefined && { headers: error.headers }),
      };
    }
    const code = error instanceof BadCursorError ? 'BAD_CURSOR' : CODE_BY_KIND[kind];
    const detail = KINDS_WITH_DETAIL.has(kind) ? messageOf(error) : undefined;
    const message = detail ?? SOCIAL_ERRORS[code].message;
    return { status: SOCIAL_ERRORS[code].status, body: { errors: [{ message, code }] } };
  },
};
