import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HUB_ERROR_GRPC_CODES, hubError, hubErrorBody, hubErrorStatus, type HubErrorCode } from './errors.js';

describe('hub errors', () => {
  it('renders the spec §7 body with the reference field order', () => {
    const body = hubErrorBody(hubError('not_found', 'NotFound: UserDataAdd message not found'));
    assert.equal(
      JSON.stringify(body),
      '{"errCode":"not_found","presentable":false,"name":"HubError","code":5,' +
        '"details":"NotFound: UserDataAdd message not found","metadata":{"errcode":["not_found"]}}',
    );
  });

  it('maps each code to the gRPC status of node-api.md §3.2', () => {
    const expected: Partial<Record<HubErrorCode, number>> = {
      unauthenticated: 16,
      unauthorized: 7,
      'bad_request.validation_failure': 3,
      'bad_request.duplicate': 3,
      'bad_request.unknown_fid': 2,
      'bad_request.no_storage': 2,
      not_found: 5,
      unavailable: 14,
      'unavailable.storage_failure': 14,
      unknown: 2,
    };
    for (const [code, grpc] of Object.entries(expected)) {
      assert.equal(HUB_ERROR_GRPC_CODES[code as HubErrorCode], grpc, code);
    }
  });

  it('answers 400 for request faults, not_found included, and 500 for server faults', () => {
    assert.equal(hubErrorStatus(hubError('not_found', 'x')), 400);
    assert.equal(hubErrorStatus(hubError('unauthenticated', 'x')), 400);
    assert.equal(hubErrorStatus(hubError('bad_request.validation_failure', 'x')), 400);
    assert.equal(hubErrorStatus(hubError('unknown', 'x')), 500);
    assert.equal(hubErrorStatus(hubError('db.internal_error', 'x')), 500);
  });
});
