/**
 * docs/deploy.md's "Install", done as the doc says in a temp copy of this checkout's
 * tracked files: `npm ci --omit=dev --omit=optional` (a PostgreSQL-only install: no dev dependencies, no
 * better-sqlite3, no anvil), `agora` on PATH by a symlink, one run as the installing user to fill the
 * compiled copy. Then the install must work without anything the development install adds: the CLI, the
 * compiled copy for a user who may not write the install, migrations and each service on PostgreSQL.
 *
 * It runs npm against the registry (or its cache), about 25 s on a warm cache: only with
 * AGORA_TEST_INSTALL=1, and its PostgreSQL part only with AGORA_TEST_DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from '../src/storage/scratch-database.js';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

const CHECKOUT = fileURLToPath(new URL('..', import.meta.url));
const databaseUrl = process.env.AGORA_TEST_DATABASE_URL;

describe(
  'a production install (npm ci --omit=dev --omit=optional)',
  { skip: process.env.AGORA_TEST_INSTALL !== '1' && 'set AGORA_TEST_INSTALL=1 (runs npm ci, ~25 s)' },
  () => {
    let dir: string;
    let app: string;
    /** The environment a service manager would give: PATH with agora, nothing of the test's AGORA_*. */
    let env: NodeJS.ProcessEnv;
    const agora = (args: string[], extraEnv: NodeJS.ProcessEnv = {}, user?: string) => {
      const command =
        user === undefined ? ['agora', ...args] : ['runuser', '-u', user, '--', 'agora', ...args];
      const run = spawnSync(command[0]!, command.slice(1), {
        cwd: dir,
        env: { ...env, ...extraEnv },
        encoding: 'utf8',
        timeout: 60_000,
      });
      return { status: run.status, stdout: run.stdout, stderr: run.stderr };
    };

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'agora-install-'));
      chmodSync(dir, 0o755);
      app = join(dir, 'agora');
      mkdirSync(app);
      // The checkout as `git clone` gives it: tracked files only (no node_modules, no .agora-build).
      execFileSync('bash', ['-c', `git ls-files -z | tar --null -T - -cf - | tar -xf - -C '${app}'`], {
        cwd: CHECKOUT,
      });
      execFileSync(
        'npm',
        ['ci', '--omit=dev', '--omit=optional', '--prefer-offline', '--no-audit', '--no-fund'],
        {
          cwd: app,
          stdio: 'ignore',
          timeout: 300_000,
        },
      );
      mkdirSync(join(dir, 'bin'));
      symlinkSync(join(app, 'bin', 'agora.js'), join(dir, 'bin', 'agora'));
      env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(AGORA_|DATABASE_URL)/.test(name)),
      );
      env.PATH = `${join(dir, 'bin')}:${process.env.PATH ?? ''}`;
    });

    after(async () => {
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    it('installs no dev dependency and no native SQLite module', () => {
      for (const absent of ['typescript', 'eslint', '@farcaster/core', 'better-sqlite3']) {
        assert.ok(!existsSync(join(app, 'node_modules', absent)), `${absent} is installed`);
      }
      assert.ok(existsSync(join(app, 'node_modules', 'esbuild')), 'esbuild comes with tsx');
    });

    it('agora --help runs, and its first run fills the compiled copy', () => {
      const help = agora(['--help']);
      assert.equal(help.status, 0, help.stderr);
      assert.match(help.stdout, /^Usage: agora <command>/);
      assert.equal(help.stderr, '');
      assert.ok(existsSync(join(app, '.agora-build', 'cli', 'main.js')));
    });

    it('a user who may not write the install runs the compiled copy, and says when it cannot', (t) => {
      if (process.getuid?.() !== 0) return t.skip('needs root to run as nobody');
      const compiled = agora(['--help'], {}, 'nobody');
      assert.equal(compiled.status, 0, compiled.stderr);
      assert.equal(compiled.stderr, '', 'no fallback to tsx');
      // An upgrade that did not rebuild: the sources are newer than the compiled copy.
      execFileSync('touch', [join(app, 'src', 'cli', 'main.ts')]);
      const stale = agora(['--help'], {}, 'nobody');
      assert.equal(stale.status, 0, stale.stderr);
      assert.match(stale.stderr, /running the TypeScript sources through tsx.*Run any agora command once/s);
      assert.equal(agora(['--help']).stderr, '', 'the installing user rebuilds');
    });

    it('asking for SQLite without better-sqlite3 is one clear line, not a crash', () => {
      const migrate = agora(['migrate', '--data-dir', join(dir, 'data')]);
      assert.equal(migrate.status, 1);
      assert.match(migrate.stderr, /SQLite needs the better-sqlite3 package, which is not installed/);
      assert.doesNotMatch(migrate.stderr, /\n\s+at /, 'no stack trace');
    });

    describe(
      'on PostgreSQL',
      { skip: databaseUrl === undefined && 'AGORA_TEST_DATABASE_URL is not set' },
      () => {
        let scratch: ScratchDatabase | undefined;
        let withUrl: NodeJS.ProcessEnv;
        before(async () => {
          scratch = await createScratchDatabase(databaseUrl ?? '', 'install');
          const urlFile = join(dir, 'database-url');
          writeFileSync(urlFile, `${scratch.url}\n`, { mode: 0o600 });
          withUrl = { DATABASE_URL_FILE: urlFile };
        });
        after(() => scratch?.drop());

        it('agora migrate --status lists what is pending, agora migrate applies it', () => {
          const pending = agora(['migrate', '--status'], withUrl);
          assert.equal(pending.status, 0, pending.stderr);
          assert.match(pending.stdout, /^node: pending 0001_/m);
          assert.equal(agora(['migrate'], withUrl).status, 0);
          const done = agora(['migrate', '--status'], withUrl);
          assert.match(done.stdout, /node: up to date\nnames: up to date\nsocial: up to date/);
        });

        it('agora names, node and social start from it, get ready, and stop cleanly on SIGTERM', async () => {
          const [names, node, grpc, social, noChain] = await Promise.all(Array.from({ length: 5 }, freePort));
          const keyFile = join(dir, 'names-key');
          writeFileSync(keyFile, `0x${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
          const local = ['--host', '127.0.0.1', '--port'];
          const services = [
            // The registry reads custody from the chain only when a transfer comes: none does here.
            [
              ...['names', ...local, `${names}`, '--signer-key-file', keyFile],
              '--chain-rpc-url',
              `http://127.0.0.1:${noChain}`,
            ],
            ['node', ...local, `${node}`, '--grpc-port', `${grpc}`],
            ['social', ...local, `${social}`, '--node-url', `http://127.0.0.1:${node}`],
          ].map((args) => {
            const child = spawn('agora', args, { cwd: dir, env: { ...env, ...withUrl }, stdio: 'pipe' });
            let output = '';
            child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
            child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
            const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
            return { child, output: () => output, exited };
          });
          try {
            for (const [index, port] of [names, node, social].entries()) {
              await waitFor(
                `${services[index]!.child.spawnargs[1]} to be ready`,
                async () => {
                  const answer = await fetch(`http://127.0.0.1:${port}/_ready`).catch(() => undefined);
                  return answer?.status === 200 ? true : undefined;
                },
                30_000,
              ).catch((error: Error) => {
                throw new Error(`${error.message}\n${services[index]!.output()}`);
              });
            }
          } finally {
            for (const service of services) service.child.kill('SIGTERM');
          }
          for (const service of services) assert.equal(await service.exited, 0, service.output());
        });
      },
    );
  },
);
