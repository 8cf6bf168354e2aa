import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { configurationMarkdown } from './help.js';

describe('docs/configuration.md', () => {
  it('is up to date with the option schemas (run `npm run docs:config`)', () => {
    const committed = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    assert.equal(committed, configurationMarkdown());
  });
});
