/**
 * Every error the name registry answers with: one code, HTTP status and message each (docs/names.md has
 * the same table). `withCode` errors are the reference's validation failures, sent as
 * `{"error":"Validation failure","code":CODE}`; the others are sent as `{"error":message}`, as the
 * reference sends them.
 */

const VALIDATION_FAILURE = 'Validation failure';

interface ErrorDefinition {
  status: number;
  message: string;
  withCode: boolean;
}

const validation = { status: 400, message: VALIDATION_FAILURE, withCode: true } as const;

export const NAMES_ERRORS = {
  // POST /transfers rule failures (the reference's codes), in the order the rules run.
  UNAUTHORIZED: validation,
  INVALID_FID_OWNER: validation,
  USERNAME_RESERVED: validation,
  INVALID_SIGNATURE: validation,
  INVALID_USERNAME: validation,
  TOO_MANY_NAMES: validation,
  INVALID_TIMESTAMP: validation,
  USERNAME_TAKEN: validation,
  USERNAME_NOT_FOUND: validation,
  THROTTLED: validation,
  // Ours: the request is not a JSON object with fields of the right types.
  INVALID_REQUEST: validation,
  // Ours: `to` is a fid the chain's IdRegistry has not registered.
  RECEIVER_NOT_REGISTERED: validation,
  // Ours: the client IP or the signing fid is over its POST /transfers limit (sent with Retry-After).
  RATE_LIMITED: { status: 429, message: 'Too many requests', withCode: true },
  CHAIN_UNAVAILABLE: {
    status: 503,
    message: 'Unable to validate : the chain could not be read',
    withCode: true,
  },
  // Reads.
  TRANSFERS_QUERY_INVALID: { status: 400, message: 'Unable to get transfers', withCode: false },
  TRANSFER_QUERY_INVALID: { status: 400, message: 'Unable to get transfer', withCode: false },
  FID_NOT_A_NUMBER: { status: 400, message: 'FID is not a number', withCode: false },
  NAME_NOT_RESOLVED: { status: 404, message: 'Could not resolve current name', withCode: false },
  TRANSFER_NOT_FOUND: { status: 404, message: 'No transfer found', withCode: false },
  // Framework faults.
  ROUTE_NOT_FOUND: { status: 404, message: 'Not Found', withCode: false },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Payload Too Large', withCode: false },
  INTERNAL_ERROR: { status: 500, message: 'Internal Server Error', withCode: false },
} as const satisfies Record<string, ErrorDefinition>;

export type NamesErrorCode = keyof typeof NAMES_ERRORS;

/** A failure with a registered code; `statusCode` lets the shared HTTP layer classify it. */
export class NamesError extends Error {
  override readonly name = 'NamesError';
  readonly statusCode: number;
  /** Sent with the response (rate-limit headers). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: NamesErrorCode,
    options?: { cause?: unknown; detail?: string; headers?: Record<string, string> },
  ) {
    const { message } = NAMES_ERRORS[code];
    super(options?.detail === undefined ? `${code}: ${message}` : `${code}: ${options.detail}`, options);
    this.statusCode = NAMES_ERRORS[code].status;
    this.headers = options?.headers;
  }
}

/** The JSON body a code is sent with. */
export function errorBody(code: NamesErrorCode): { error: string; code?: NamesErrorCode } {
  const definition: ErrorDefinition = NAMES_ERRORS[code];
  return definition.withCode ? { error: definition.message, code } : { error: definition.message };
}
