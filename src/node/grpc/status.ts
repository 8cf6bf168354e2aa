import { Metadata, status as Status } from '@grpc/grpc-js';
import type { ServiceError } from '@grpc/grpc-js';
import { HUB_ERROR_GRPC_CODES, hubError } from '../../protocol/errors.js';
import type { HubError } from '../../protocol/errors.js';
import { HubFailure } from '../failure.js';

/** A failure as grpc-js sends it: status code, details and trailing metadata. */
export type GrpcFailure = Pick<ServiceError, 'code' | 'details' | 'metadata'>;

/**
 * A HubError as a gRPC status: the reference's code for its errCode (node-api.md §3.2), the bare message as
 * details, and the errCode in trailing metadata under `errcode` (Hubble, read by hub-nodejs 0.11 and 0.17)
 * and `x-err-code` (Snapchain), so every client line hands back a HubError with the HTTP API's errCode.
 */
export function grpcFailure(
  error: HubError,
  code: Status = HUB_ERROR_GRPC_CODES[error.errCode],
): GrpcFailure {
  const metadata = new Metadata();
  metadata.set('errcode', error.errCode);
  metadata.set('x-err-code', error.errCode);
  return { code, details: error.message, metadata };
}

/** What a server fault shows the client; the log has the real error. */
const INTERNAL_ERROR = hubError('unknown', 'Internal error');

/** Any thrown value as a status; `onFault` sees the ones that are not a HubFailure (server faults). */
export function toGrpcFailure(error: unknown, onFault: (error: unknown) => void): GrpcFailure {
  if (error instanceof HubFailure) return grpcFailure(error.hubError);
  onFault(error);
  return grpcFailure(INTERNAL_ERROR);
}

/** A method Agora's data cannot answer, with why. */
export function unimplemented(reason: string): GrpcFailure {
  return grpcFailure(hubError('not_implemented', reason), Status.UNIMPLEMENTED);
}
