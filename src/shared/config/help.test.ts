import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { configurationMarkdown, describeConfig } from './help.js';

describe('docs/configuration.md', () => {
  it('is up to date with the option schemas (run `npm run docs:config`)', () => {
    const committed = readFileSync(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    assert.equal(committed, configurationMarkdown());
  });
});

describe('describeConfig', () => {
  it('shows that a secret is set without printing it', () => {
    const lines = describeConfig('social', { adminToken: 'secret-token-abcdefgh', port: 3000 });
    assert.ok(lines.some((line) => /--admin-token \(set\)/.test(line)));
    assert.ok(!lines.join('\n').includes('secret-token'));
  });
});

describe('describeConfig of URLs', () => {
  it('prints peers without credentials and the chain RPC without its path', () => {
    const lines = describeConfig('social', {
      nodeUrl: 'http://user:pw@10.0.0.1:2281/hub?token=t',
      chainRpcUrl: 'https://op.example/v2/api-key',
    });
    assert.ok(lines.includes('--node-url http://10.0.0.1:2281/hub'), lines.join(' '));
    assert.ok(lines.includes('--chain-rpc-url https://op.example'), lines.join(' '));
  });
});
