import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NamesError } from '../errors.js';
import { namesErrorRenderer } from './render.js';

describe('namesErrorRenderer', () => {
  it("renders rule failures as the reference's validation body, other errors as {error}", () => {
    assert.deepEqual(namesErrorRenderer.render(new NamesError('USERNAME_TAKEN'), 'bad_request'), {
      status: 400,
      body: { error: 'Validation failure', code: 'USERNAME_TAKEN' },
    });
    assert.deepEqual(namesErrorRenderer.render(new NamesError('NAME_NOT_RESOLVED'), 'bad_request'), {
      status: 404,
      body: { error: 'Could not resolve current name' },
    });
  });

  it('sends the headers an error carries (Retry-After on a 429)', () => {
    const headers = { 'retry-after': '12' };
    assert.deepEqual(namesErrorRenderer.render(new NamesError('RATE_LIMITED', { headers }), 'bad_request'), {
      status: 429,
      body: { error: 'Too many requests', code: 'RATE_LIMITED' },
      headers,
    });
  });

  it('maps framework failures to registered codes and hides server faults', () => {
    const render = (kind: Parameters<typeof namesErrorRenderer.render>[1]) =>
      namesErrorRenderer.render(new Error('secret detail'), kind);
    assert.deepEqual(render('validation').body, { error: 'Validation failure', code: 'INVALID_REQUEST' });
    assert.deepEqual(render('unsupported_media_type').status, 400);
    assert.deepEqual(render('payload_too_large'), { status: 413, body: { error: 'Payload Too Large' } });
    assert.deepEqual(render('not_found'), { status: 404, body: { error: 'Not Found' } });
    assert.deepEqual(render('internal'), { status: 500, body: { error: 'Internal Server Error' } });
  });
});
