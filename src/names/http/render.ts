import type { ErrorRenderer, HttpFailureKind, RenderedError } from '../../shared/http/index.js';
import { errorBody, NAMES_ERRORS, NamesError, type NamesErrorCode } from '../errors.js';
import type { Transfer } from '../store.js';
import type { TransferJson } from './schemas.js';

export function renderTransfer(transfer: Transfer): TransferJson {
  return {
    id: transfer.id,
    timestamp: transfer.timestamp,
    username: transfer.username,
    owner: transfer.owner,
    from: transfer.from,
    to: transfer.to,
    user_signature: transfer.userSignature,
    server_signature: transfer.serverSignature,
  };
}

/** Framework failures in the registry's terms: every malformed request is an INVALID_REQUEST. */
const CODE_BY_KIND: Record<HttpFailureKind, NamesErrorCode> = {
  validation: 'INVALID_REQUEST',
  bad_request: 'INVALID_REQUEST',
  unsupported_media_type: 'INVALID_REQUEST',
  payload_too_large: 'PAYLOAD_TOO_LARGE',
  not_found: 'ROUTE_NOT_FOUND',
  internal: 'INTERNAL_ERROR',
};

/** Every failure of the service leaves through here, in the reference's body shapes. */
export const namesErrorRenderer: ErrorRenderer = {
  render(error: unknown, kind: HttpFailureKind): RenderedError {
    const code = error instanceof NamesError ? error.code : CODE_BY_KIND[kind];
    const headers = error instanceof NamesError ? error.headers : undefined;
    return {
      status: NAMES_ERRORS[code].status,
      body: errorBody(code),
      ...(headers !== undefined && { headers }),
    };
  },
};
