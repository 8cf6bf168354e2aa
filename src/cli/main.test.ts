import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { COMMANDS } from '../shared/config/index.js';
import { main } from './main.js';

async function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('agora CLI', () => {
  it('prints the command list for --help', async () => {
    const { code, out } = await run(['--help']);
    assert.equal(code, 0);
    for (const name of Object.keys(COMMANDS)) assert.match(out, new RegExp(`^  ${name} `, 'm'));
  });

  for (const name of Object.keys(COMMANDS)) {
    it(`prints every option of "${name}" for --help`, async () => {
      const { code, out } = await run([name, '--help']);
      assert.equal(code, 0);
      assert.match(out, new RegExp(`^Usage: agora ${name} \\[options\\]`));
      for (const key of Object.keys(COMMANDS[name as keyof typeof COMMANDS].options.properties)) {
        const flag = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
        assert.match(out, new RegExp(`--${flag}\\b`));
      }
    });
  }

  it('agora smoke stops at the first failing step with exit code 1 and says why', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agora-smoke-'));
    try {
      const devnet = path.join(dir, 'devnet.json');
      writeFileSync(devnet, '{}');
      const { code, out, err } = await run([
        ...['smoke', '--devnet', devnet, '--timeout-seconds', '1'],
        ...['--node-url', 'http://127.0.0.1:9', '--names-url', 'http://127.0.0.1:9'],
        ...['--social-url', 'http://127.0.0.1:9'],
      ]);
      assert.equal(code, 1);
      assert.doesNotMatch(out, /^ok /m);
      assert.match(
        err,
        /^FAIL every service is ready: timed out waiting for node http:\/\/127\.0\.0\.1:9\/_ready/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects an unknown command with exit code 2', async () => {
    const { code, err } = await run(['serve']);
    assert.equal(code, 2);
    assert.match(err, /unknown command "serve"/);
  });

  it('rejects stray positional arguments', async () => {
    const { code, err } = await run(['node', 'extra']);
    assert.equal(code, 2);
    assert.match(err, /unexpected argument "extra"/);
  });

  it('the real binary exits non-zero with one line naming --port', () => {
    const bin = fileURLToPath(new URL('../../bin/agora.js', import.meta.url));
    const result = spawnSync(process.execPath, [bin, 'node', '--port', 'abc'], { encoding: 'utf8' });
    assert.equal(result.status, 2);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /--port/);
  });
});

describe('agora names', () => {
  it('refuses to start without a chain to read custody from', async () => {
    const { code, err } = await run(['names', '--data-dir', tmpdir()]);
    assert.equal(code, 2);
    assert.match(err, /^agora names: --chain-rpc-url is required/);
  });
});

describe('agora migrate', () => {
  it('creates each service database under --data-dir, then reports it up to date', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-migrate-'));
    try {
      const first = await run(['migrate', '--data-dir', dataDir]);
      assert.equal(first.code, 0, first.err);
      assert.match(first.out, /^node: applied \d+ migration\(s\): 0001_service_meta, 0002_/m);
      assert.match(first.out, /^names: applied \d+ migration\(s\): 0001_service_meta, 0002_/m);
      assert.deepEqual(
        readdirSync(dataDir)
          .filter((f) => f.endsWith('.sqlite'))
          .sort(),
        ['names.sqlite', 'node.sqlite', 'social.sqlite'],
      );
      const again = await run(['migrate', '--data-dir', dataDir, '--service', 'names']);
      assert.match(again.out, /^names: up to date$/m);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('fails with one line and exit code 1 when the database cannot be opened', async () => {
    const { code, err } = await run(['migrate', '--data-dir', '/dev/null/nowhere']);
    assert.equal(code, 1);
    assert.match(err, /^agora migrate: /);
    assert.equal(err.split('\n').length, 1);
  });
});
