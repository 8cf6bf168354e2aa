import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { COMMANDS } from './commands.js';
import { ConfigError, parseCommand } from './parse.js';

const parseNode = (argv: string[], env: Record<string, string> = {}) =>
  parseCommand('node', COMMANDS.node.options, argv, env).config;

describe('parseCommand', () => {
  it('fills defaults into a deeply frozen object', () => {
    const config = parseCommand('names', COMMANDS.names.options, [], {}).config;
    assert.equal(config.port, 3001);
    assert.equal(config.dataDir, undefined, 'a production command has no default data directory');
    assert.deepEqual(config.adminFids, []);
    assert.equal(config.databaseUrl, undefined);
    assert.ok(Object.isFrozen(config));
    assert.ok(Object.isFrozen(config.adminFids));
  });

  it('prefers flags over environment over defaults', () => {
    assert.equal(parseNode([]).port, 2281);
    assert.equal(parseNode([], { AGORA_NODE_PORT: '4000' }).port, 4000);
    assert.equal(parseNode(['--port', '5000'], { AGORA_NODE_PORT: '4000' }).port, 5000);
    assert.equal(parseNode(['--port=5001']).port, 5001);
  });

  it('reads DATABASE_URL and typed lists from the environment', () => {
    const config = parseNode([], { DATABASE_URL: 'postgres://u@h/db', RPC_AUTH: 'a:b, c:d' });
    assert.equal(config.databaseUrl, 'postgres://u@h/db');
    assert.deepEqual(config.rpcAuth, ['a:b', 'c:d']);
    const names = parseCommand('names', COMMANDS.names.options, ['--admin-fids', '1,22'], {}).config;
    assert.deepEqual(names.adminFids, [1, 22]);
  });

  it('parses boolean flags and boolean environment values', () => {
    assert.equal(parseCommand('dev', COMMANDS.dev.options, ['--fresh'], {}).config.fresh, true);
    assert.equal(parseCommand('dev', COMMANDS.dev.options, [], { AGORA_FRESH: 'yes' }).config.fresh, true);
    assert.equal(parseCommand('dev', COMMANDS.dev.options, [], {}).config.fresh, false);
  });

  const failures: [string[], Record<string, string>, RegExp][] = [
    [['--port', 'abc'], {}, /^agora node: --port must be an integer from 0 to 65535 \(got "abc"\)$/],
    [['--port', '70000'], {}, /--port must be an integer from 0 to 65535/],
    [['--port', '1.5'], {}, /--port must be an integer/],
    [[], { AGORA_NODE_PORT: 'x' }, /^agora node: --port \(from AGORA_NODE_PORT\) must be/],
    [['--network', 'moon'], {}, /--network must be one of mainnet, testnet, devnet/],
    [['--database-url', 'mysql://x'], {}, /--database-url must be a postgres:\/\/ URL/],
    [['--rpc-auth', 'nopassword'], {}, /--rpc-auth must be a comma-separated list of user:password pairs/],
    [['--names-url', 'ftp://x'], {}, /--names-url must be an http\(s\) URL/],
    [['--bogus'], {}, /^agora node: Unknown option '--bogus' \(see agora node --help\)$/],
  ];
  for (const [argv, env, pattern] of failures) {
    it(`rejects ${JSON.stringify(argv)} ${JSON.stringify(env)} with a one-line error`, () => {
      assert.throws(
        () => parseNode(argv, env),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, pattern);
          assert.ok(!error.message.includes('\n'));
          return true;
        },
      );
    });
  }

  it('never echoes a secret it rejects as a different flag', () => {
    assert.throws(
      () => parseNode(['--port', 'abc'], { DATABASE_URL: 'postgres://user:hunter2@h/db' }),
      (e: Error) => {
        assert.ok(!e.message.includes('hunter2'));
        return true;
      },
    );
  });

  it('reports --help without validating other values', () => {
    const parsed = parseCommand('node', COMMANDS.node.options, ['--help', '--port', 'abc'], {});
    assert.equal(parsed.help, true);
  });
});

describe('secret options', () => {
  const KEY = `0x${'ab'.repeat(32)}`;
  const parseNames = (argv: string[], env: Record<string, string> = {}) =>
    parseCommand('names', COMMANDS.names.options, argv, env).config;

  it('never echoes a refused secret, and names the flag', () => {
    for (const [argv, env] of [
      [['--signer-key', 'my-real-key-pasted-wrong'], {}],
      [[], { AGORA_NAMES_SIGNER_KEY: 'my-real-key-pasted-wrong' }],
      [['--database-url', 'mysql://user:hunter2@db/agora'], {}],
    ] as const) {
      assert.throws(
        () => parseNames([...argv], { ...env }),
        (error: Error) =>
          error instanceof ConfigError &&
          !error.message.includes('my-real-key') &&
          !error.message.includes('hunter2') &&
          /--(signer-key|database-url)/.test(error.message),
      );
    }
  });

  it('reads a secret from --<flag>-file or <VARIABLE>_FILE, dropping a trailing newline', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agora-secret-'));
    try {
      const file = join(dir, 'key');
      await writeFile(file, `${KEY}\n`);
      assert.equal(parseNames(['--signer-key-file', file]).signerKey, KEY);
      assert.equal(parseNames([], { AGORA_NAMES_SIGNER_KEY_FILE: file }).signerKey, KEY);
      assert.equal(parseNames([], { AGORA_NAMES_SIGNER_KEY: `${KEY}\n` }).signerKey, KEY);
      assert.throws(
        () => parseNames(['--signer-key-file', join(dir, 'missing')]),
        /--signer-key-file: cannot read .*missing \(ENOENT\)/,
      );
      await writeFile(file, 'not-a-key\n');
      assert.throws(
        () => parseNames(['--signer-key-file', file]),
        (error: Error) => !error.message.includes('not-a-key'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
