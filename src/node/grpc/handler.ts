import type { Metadata, sendUnaryData, ServerUnaryCall, ServerWritableStream } from '@grpc/grpc-js';
import { hubError } from '../../protocol/errors.js';
import type { ClientAddresses } from '../../shared/client-address.js';
import { MalformedRequest } from './hub-service.js';
import type { HubServiceMethod, Request, HUB_SERVICE } from './hub-service.js';
import { grpcFailure, toGrpcFailure } from './status.js';

type Definition<M extends HubServiceMethod> = (typeof HUB_SERVICE)[M];
/** A method's decoded request and its response, as the generated codecs type them. */
export type RequestOf<M extends HubServiceMethod> = Exclude<
  ReturnType<Definition<M>['requestDeserialize']>,
  MalformedRequest
>;
export type ResponseOf<M extends HubServiceMethod> = ReturnType<Definition<M>['responseDeserialize']>;

/** Who is calling: what limits and auth look at. */
export interface Caller {
  /** The client's address, without the port. */
  ip: string;
  metadata: Metadata;
}

export type UnaryMethod = {
  [M in HubServiceMethod]: Definition<M>['responseStream'] extends true ? never : M;
}[HubServiceMethod];

/** A unary method's implementation: a thin adapter from the request to the node API and back. */
export type UnaryHandlers = {
  [M in UnaryMethod]?: (request: RequestOf<M>, caller: Caller) => Promise<ResponseOf<M>>;
};

/**
 * The caller of a call: the TCP peer (grpc-js reports `host:port`, IPv6 hosts bracketed or not), or the
 * client a trusted proxy names in `x-forwarded-for` metadata (nginx: `grpc_set_header X-Forwarded-For
 * $proxy_add_x_forwarded_for`), read exactly as the HTTP APIs read the header of the same name.
 */
export function callerOf(call: { getPeer(): string; metadata: Metadata }, clients: ClientAddresses): Caller {
  const peer = call.getPeer();
  const colon = peer.lastIndexOf(':');
  const host = (colon < 0 ? peer : peer.slice(0, colon)).replace(/^\[|\]$/g, '');
  // Repeated entries join as Node joins repeated X-Forwarded-For headers.
  const forwarded = call.metadata
    .get('x-forwarded-for')
    .filter((value): value is string => typeof value === 'string');
  const forwardedFor = forwarded.length === 0 ? undefined : forwarded.join(', ');
  return { ip: clients.clientOf(host, forwardedFor), metadata: call.metadata };
}

/** The `authorization` metadata, as the HTTP API reads the header of the same name. */
export function authorizationOf(metadata: Metadata): string | undefined {
  const [value] = metadata.get('authorization');
  return typeof value === 'string' ? value : undefined;
}

/** A request that did not decode, as the HTTP API reports an unreadable body. */
export function malformed(request: MalformedRequest) {
  return grpcFailure(hubError('bad_request.parse_failure', `Could not parse the request: ${request.reason}`));
}

/** grpc-js's unary call shape around a handler: decoding faults, HubFailures and server faults answered. */
export function unaryCall<Req, Res>(
  run: (request: Req, caller: Caller) => Promise<Res>,
  onFault: (error: unknown) => void,
  clients: ClientAddresses,
) {
  return (call: ServerUnaryCall<Request<Req>, Res>, callback: sendUnaryData<Res>): void => {
    const { request } = call;
    if (request instanceof MalformedRequest) {
      callback(malformed(request));
      return;
    }
    run(request, callerOf(call, clients)).then(
      (response) => callback(null, response),
      (error: unknown) => callback(toGrpcFailure(error, onFault)),
    );
  };
}

/** A server-streaming call, as grpc-js hands it over. */
export type StreamCall<Req, Res> = ServerWritableStream<Request<Req>, Res>;
