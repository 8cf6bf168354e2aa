/**
 * Hub error codes and their gRPC status numbers (node-api.md §3.2), and the JSON body the node's HTTP API
 * renders for them (spec §7).
 */
const GRPC = {
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
};

export const HUB_ERROR_GRPC_CODES = {
  unauthenticated: GRPC.UNAUTHENTICATED,
  unauthorized: GRPC.PERMISSION_DENIED,
  bad_request: GRPC.INVALID_ARGUMENT,
  'bad_request.parse_failure': GRPC.INVALID_ARGUMENT,
  'bad_request.validation_failure': GRPC.INVALID_ARGUMENT,
  'bad_request.invalid_param': GRPC.INVALID_ARGUMENT,
  'bad_request.conflict': GRPC.INVALID_ARGUMENT,
  'bad_request.duplicate': GRPC.INVALID_ARGUMENT,
  'bad_request.prunable': GRPC.INVALID_ARGUMENT,
  'bad_request.unknown_signer': GRPC.UNKNOWN,
  'bad_request.unknown_fid': GRPC.UNKNOWN,
  'bad_request.no_storage': GRPC.UNKNOWN,
  not_found: GRPC.NOT_FOUND,
  not_implemented: GRPC.UNKNOWN,
  'not_implemented.deprecated': GRPC.UNKNOWN,
  unavailable: GRPC.UNAVAILABLE,
  'unavailable.network_failure': GRPC.UNAVAILABLE,
  'unavailable.storage_failure': GRPC.UNAVAILABLE,
  unknown: GRPC.UNKNOWN,
  'db.internal_error': GRPC.UNKNOWN,
} as const;

export type HubErrorCode = keyof typeof HUB_ERROR_GRPC_CODES;

/** A failure the node reports to a client. A value, not an exception: validation returns it in bulk. */
export interface HubError {
  readonly errCode: HubErrorCode;
  readonly message: string;
}

export function hubError(errCode: HubErrorCode, message: string): HubError {
  return { errCode, message };
}

/** The spec §7 body, with the field order of the reference. */
export interface HubErrorBody {
  errCode: HubErrorCode;
  presentable: false;
  name: 'HubError';
  code: number;
  details: string;
  metadata: { errcode: [HubErrorCode] };
}

export function hubErrorBody(error: HubError): HubErrorBody {
  return {
    errCode: error.errCode,
    presentable: false,
    name: 'HubError',
    code: HUB_ERROR_GRPC_CODES[error.errCode],
    details: error.message,
    metadata: { errcode: [error.errCode] },
  };
}

/** Request faults are 400 (the reference's choice, not_found included); only server faults are 500. */
export function hubErrorStatus(error: HubError): 400 | 500 {
  return error.errCode === 'unknown' ||
    error.errCode === 'db.internal_error' ||
    error.errCode === 'unavailable.storage_failure'
    ? 500
    : 400;
}

/** Outcome of a check that may fail with a HubError. */
export type HubResult<T> = { ok: true; value: T } | { ok: false; error: HubError };

export const ok = <T>(value: T): HubResult<T> => ({ ok: true, value });
export const fail = <T = never>(errCode: HubErrorCode, message: string): HubResult<T> => ({
  ok: false,
  error: hubError(errCode, message),
});
