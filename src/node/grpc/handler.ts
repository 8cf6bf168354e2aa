import type { IncomingHttpHeaders } from 'node:http2';
import { hubError } from '../../protocol/errors.js';
import type { ClientAddresses } from '../../shared/client-address.js';
import { HubFailure } from '../failure.js';
import { MalformedRequest } from './hub-service.js';
import type { HubServiceMethod, HUB_SERVICE } from './hub-service.js';
import type { Route, RpcCall } from './rpc-server.js';

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
  /** The call's metadata, lower-cased as HTTP/2 headers are. */
  metadata: IncomingHttpHeaders;
}

export type UnaryMethod = {
  [M in HubServiceMethod]: Definition<M>['responseStream'] extends true ? never : M;
}[HubServiceMethod];

/** A unary method's implementation: a thin adapter from the request to the node API and back. */
export type UnaryHandlers = {
  [M in UnaryMethod]?: (request: RequestOf<M>, caller: Caller) => Promise<ResponseOf<M>>;
};

/**
 * The caller of a call: the TCP peer, or the client a trusted proxy names in `x-forwarded-for` metadata
 * (nginx: `grpc_set_header X-Forwarded-For $proxy_add_x_forwarded_for`), read exactly as the HTTP APIs
 * read the header of the same name (repeated entries joined with ", ", as Node joins repeated headers).
 */
export function callerOf(call: RpcCall, clients: ClientAddresses): Caller {
  const forwarded = metadataValue(call.headers, 'x-forwarded-for');
  return { ip: clients.clientOf(call.peerAddress, forwarded), metadata: call.headers };
}

/** One metadata entry's text, as the HTTP API reads a header. */
export function metadataValue(metadata: IncomingHttpHeaders, key: string): string | undefined {
  const value = metadata[key];
  return typeof value === 'string' ? value : undefined;
}

/** The `authorization` metadata, as the HTTP API reads the header of the same name. */
export function authorizationOf(metadata: IncomingHttpHeaders): string | undefined {
  return metadataValue(metadata, 'authorization');
}

/** A request that did not decode, as the HTTP API reports an unreadable body. */
export function malformed(request: MalformedRequest): HubFailure {
  return new HubFailure(
    hubError('bad_request.parse_failure', `Could not parse the request: ${request.reason}`),
  );
}

/** A unary method as a route: its request decoded, the handler run, its response encoded. */
export function unaryRoute<Req, Res>(
  definition: {
    maxRequestBytes: number;
    requestDeserialize(bytes: Buffer): Req | MalformedRequest;
    responseSerialize(value: Res): Buffer;
  },
  run: (request: Req, caller: Caller) => Promise<Res>,
  clients: ClientAddresses,
): Route {
  return {
    kind: 'unary',
    maxRequestBytes: definition.maxRequestBytes,
    async handle(bytes, call) {
      const request = definition.requestDeserialize(bytes);
      if (request instanceof MalformedRequest) throw malformed(request);
      return definition.responseSerialize(await run(request, callerOf(call, clients)));
    },
  };
}
