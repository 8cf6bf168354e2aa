import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { errorCodes } from 'fastify';
import { BadCursorError } from './cursor.js';
import { classifyFailure, RouteNotFoundError } from './errors.js';

describe('classifyFailure', () => {
  it('reads Fastify error codes', () => {
    assert.equal(classifyFailure(new errorCodes.FST_ERR_VALIDATION('bad')), 'validation');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_NOT_FOUND()), 'not_found');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE()), 'payload_too_large');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE()), 'unsupported_media_type');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY()), 'bad_request');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY()), 'bad_request');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_BAD_URL('%')), 'bad_request');
    assert.equal(classifyFailure(new errorCodes.FST_ERR_ASYNC_CONSTRAINT()), 'internal');
  });

  it('treats any error with a validation array as a validation failure', () => {
    assert.equal(
      classifyFailure(Object.assign(new Error('x'), { validation: [], statusCode: 400 })),
      'validation',
    );
  });

  it('passes domain errors through by their status code', () => {
    assert.equal(classifyFailure(new RouteNotFoundError('GET', '/x')), 'not_found');
    assert.equal(classifyFailure(new BadCursorError('tampered')), 'bad_request');
    // A domain error's 413 or 404 is the renderer's business, not a framework failure.
    assert.equal(classifyFailure(Object.assign(new Error('x'), { statusCode: 413 })), 'bad_request');
    assert.equal(
      classifyFailure(Object.assign(new Error('x'), { statusCode: 404, code: 'NOT_FOUND' })),
      'bad_request',
    );
    assert.equal(classifyFailure(Object.assign(new Error('x'), { statusCode: 503 })), 'internal');
  });

  it('treats anything else as internal', () => {
    for (const thrown of [
      new Error('x'),
      new TypeError('x'),
      'text',
      42,
      null,
      undefined,
      { statusCode: '400' },
    ]) {
      assert.equal(classifyFailure(thrown), 'internal');
    }
  });
});
