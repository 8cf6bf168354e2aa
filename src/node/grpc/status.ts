import { status as Status } from '@grpc/grpc-js';
import { HUB_ERROR_GRPC_CODES, hubError } from '../../protocol/errors.js';
import type { HubError } from '../../protocol/errors.js';
import { HubFailure } from '../failure.js';
import { RequestFault } from './rpc-server.js';
import type { GrpcStatus } from './rpc-server.js';

/** A failure a handler throws with its own status code. */
export class GrpcStatusError extends Error {
  constructor(readonly status: GrpcStatus) {
    super(status.details);
  }
}

/**
 * A HubError as a gRPC status: the reference's code for its errCode (node-api.md §3.2), the bare message as
 * details, and the errCode in trailing metadata under `errcode` (Hubble, read by hub-nodejs 0.11 and 0.17)
 * and `x-err-code` (Snapchain), so every client line hands back a HubError with the HTTP API's errCode.
 */
export function grpcFailure(error: HubError, code: Status = HUB_ERROR_GRPC_CODES[error.errCode]): GrpcStatus {
  return { code, details: error.message, metadata: { errcode: error.errCode, 'x-err-code': error.errCode } };
}

/** What a server fault shows the client; the log has the real error. */
const INTERNAL_ERROR = hubError('unknown', 'Internal error');

/** A request refused before its handler: unreadable, too large, or for no method of the service. */
function requestFailure({ method, fault, maxRequestBytes }: RequestFault): GrpcStatus {
  switch (fault.kind) {
    case 'oversize':
      // The errCode an oversized HTTP body gets; RESOURCE_EXHAUSTED as grpc-js refuses a message too large.
      return grpcFailure(
        hubError(
          'bad_request.parse_failure',
          `${method} takes requests of at most ${maxRequestBytes} bytes; this one is ${fault.size}`,
        ),
        Status.RESOURCE_EXHAUSTED,
      );
    case 'compressed':
      return unimplemented('compressed requests are not supported: send them with the identity encoding');
    case 'unknown_method':
      return unimplemented(`The server does not implement the method ${method}`);
    case 'truncated':
      return grpcFailure(
        hubError('bad_request.parse_failure', 'Could not parse the request: it was cut short'),
      );
    case 'message_count':
      return grpcFailure(
        hubError(
          'bad_request.parse_failure',
          `Could not parse the request: a call takes one request message, this one had ${fault.count}`,
        ),
      );
  }
}

/** Any thrown value as a status; `onFault` sees the ones that are not the client's doing (server faults). */
export function toGrpcFailure(error: unknown, onFault: (error: unknown) => void): GrpcStatus {
  if (error instanceof HubFailure) return grpcFailure(error.hubError);
  if (error instanceof GrpcStatusError) return error.status;
  if (error instanceof RequestFault) return requestFailure(error);
  onFault(error);
  return grpcFailure(INTERNAL_ERROR);
}

/** A method Agora's data cannot answer, with why. */
export function unimplemented(reason: string): GrpcStatus {
  return grpcFailure(hubError('not_implemented', reason), Status.UNIMPLEMENTED);
}
