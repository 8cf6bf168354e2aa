import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { SOCIAL_ERRORS } from './errors.js';

describe('the error registry', () => {
  it('is the table in docs/social.md, code for code', () => {
    const doc = readFileSync(new URL('../../docs/social.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([A-Z_]+)` \| (\d{3}) \| (.+) \|$/gm)].map(
      ([, code, status, message]) => [code, Number(status), message],
    );
    const registry = Object.entries(SOCIAL_ERRORS).map(([code, { status, message }]) => [
      code,
      status,
      message,
    ]);
    assert.deepEqual(rows, registry);
  });
});
