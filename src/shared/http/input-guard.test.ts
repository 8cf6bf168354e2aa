import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unacceptableInput } from './input-guard.js';

describe('unacceptableInput', () => {
  it('finds a non-finite number anywhere, naming its path', () => {
    assert.equal(unacceptableInput({ a: [1, { b: Infinity }] }, false), 'a.1.b must be a finite number');
    assert.equal(unacceptableInput({ fid: -Infinity }, false, 'body'), 'body.fid must be a finite number');
    assert.equal(unacceptableInput({ fid: 1, n: [2.5] }, false), undefined);
  });

  it('finds NUL in text only when asked to', () => {
    assert.equal(
      unacceptableInput({ url: 'a\0b' }, true, 'querystring'),
      'querystring.url must not contain NUL characters',
    );
    assert.equal(unacceptableInput({ url: 'a\0b' }, false), undefined);
  });

  it('leaves raw bytes alone', () => {
    assert.equal(unacceptableInput(Buffer.from([0, 1, 2]), true), undefined);
  });
});
