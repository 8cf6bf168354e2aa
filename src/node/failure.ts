import { hubError, hubErrorStatus } from '../protocol/errors.js';
import type { HubError, HubErrorCode } from '../protocol/errors.js';

/**
 * A HubError thrown on its way to a client. Both transports render it: HTTP as the spec §7 body with its
 * status (`hubErrorStatus`), gRPC as the status code and `errcode` metadata of node-api.md §3.2.
 */
export class HubFailure extends Error {
  override readonly name = 'HubFailure';
  /** The HTTP status, under the name HTTP frameworks read (400, or 500 for server faults). */
  readonly statusCode: number;

  constructor(readonly hubError: HubError) {
    super(hubError.message);
    this.statusCode = hubErrorStatus(hubError);
  }
}

export function hubFailure(errCode: HubErrorCode, message: string): HubFailure {
  return new HubFailure(hubError(errCode, message));
}

/** A fault in a request's parameters: what the reference reports for a non-integer fid (spec §7). */
export function badParam(message: string): HubFailure {
  return hubFailure('bad_request.validation_failure', message);
}

/** The item, or a `not_found` failure. */
export function found<T>(item: T | undefined, message: string): T {
  if (item === undefined) throw hubFailure('not_found', message);
  return item;
}
