/**
 * docs/deploy.md's "Example: four processes on one host", followed literally: the page's shell
 * blocks are read from the doc itself, so the two cannot drift apart, and run by bash with `agora` on PATH.
 * What a reader substitutes, and nothing else, is substituted:
 * - the chain: the staging block's `agora chain` line runs first (its data dir a temp dir), and the
 *   example's `CHAIN=` line is replaced by the staging block's other lines, as the doc says;
 * - /etc/agora/: a temp dir holding the four files the example reads, written mode 0600 (the database URL
 *   of a scratch database next to AGORA_TEST_DATABASE_URL, the chain's name-registry and relayer keys from
 *   its devnet.json, a random admin token);
 * - every port the doc names (3001, 2281-2284, 3000, 8545): a free port each, everywhere it appears.
 * Then the deployment must work: each process ready, and the doc's `agora smoke` line passes (an account on
 * the chain, a cast submitted to the API-only node, a name's proof, a reply indexed by the social API),
 * the cast it submitted read on the loop node.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { DEVNET_ROLES } from '../src/chain/devnet/index.js';
import type { ChainFile } from '../src/cli/dev/devnet-file.js';
import { createScratchDatabase, type ScratchDatabase } from '../src/storage/scratch-database.js';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

const BIN = fileURLToPath(new URL('../bin/agora.js', import.meta.url));
const DEPLOY = readFileSync(fileURLToPath(new URL('../docs/deploy.md', import.meta.url)), 'utf8');
const DOC_PORTS = ['3001', '2281', '2282', '2283', '2284', '3000', '8545'];
const adminUrl = process.env.AGORA_TEST_DATABASE_URL;

/** The first ```sh block after `heading`, `\`-continued lines joined. */
function shellBlock(heading: string): string[] {
  const section = DEPLOY.slice(DEPLOY.indexOf(heading));
  assert.ok(DEPLOY.includes(heading), `docs/deploy.md has no "${heading}"`);
  const start = section.indexOf('```sh\n') + 6;
  return section
    .slice(start, section.indexOf('```', start))
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** A shell running `lines` in a process group of its own (so one signal reaches every `&` child). */
interface Shell {
  process: ChildProcess;
  output(): string;
  /** SIGTERM to the group; resolves when every process in it is gone. */
  stop(): Promise<void>;
}

function runShell(lines: string[], env: NodeJS.ProcessEnv, cwd: string): Shell {
  const child = spawn('bash', ['-c', [...lines, 'wait'].join('\n')], {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const alive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    process: child,
    output: () => output,
    async stop() {
      if (!alive()) return;
      process.kill(-child.pid!, 'SIGTERM');
      await waitFor('the processes to exit', async () => (alive() ? undefined : true), 20_000).catch(() =>
        process.kill(-child.pid!, 'SIGKILL'),
      );
    },
  };
}

describe(
  'docs/deploy.md, four processes on one host against agora chain',
  { skip: adminUrl === undefined && 'AGORA_TEST_DATABASE_URL is not set (the example runs on PostgreSQL)' },
  () => {
    let scratch: ScratchDatabase | undefined;
    const ports = new Map<string, string>();
    const port = (docPort: string) => ports.get(docPort)!;
    const url = (docPort: string) => `http://127.0.0.1:${port(docPort)}`;
    let dir: string;
    let chain: Shell | undefined;
    let services: Shell | undefined;
    let chainFile: ChainFile;
    let env: NodeJS.ProcessEnv;

    const substitute = (line: string) =>
      line
        .replace(new RegExp(`\\b(${DOC_PORTS.join('|')})\\b`, 'g'), (docPort) => port(docPort))
        .replaceAll('/etc/agora/', `${dir}/etc/`)
        .replaceAll('/var/lib/agora/chain', `${dir}/chain`);

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'agora-deploy-'));
      for (const docPort of DOC_PORTS) ports.set(docPort, String(await freePort()));
      // `agora` on PATH, as the install section leaves it; no AGORA_* or DATABASE_URL from the test's own
      // environment, so only the doc's configuration counts.
      await mkdir(join(dir, 'bin'));
      await mkdir(join(dir, 'etc'), { mode: 0o700 });
      symlinkSync(BIN, join(dir, 'bin', 'agora'));
      env = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(AGORA_|DATABASE_URL)/.test(name)),
      );
      env.PATH = `${join(dir, 'bin')}:${process.env.PATH ?? ''}`;

      const staging = shellBlock('### Staging it on one host against `agora chain`');
      const chainLine = staging.find((line) => line.startsWith('agora chain'));
      assert.ok(chainLine !== undefined, 'the staging block starts agora chain');
      chain = runShell([substitute(chainLine)], env, dir);
      const devnetJson = join(dir, 'chain', 'devnet.json');
      await waitFor(
        'agora chain to write devnet.json',
        async () =>
          existsSync(devnetJson) && chain!.output().includes('Everything above') ? true : undefined,
        60_000,
      ).catch((error: Error) => {
        throw new Error(`${error.message}\n${chain?.output()}`);
      });
      chainFile = JSON.parse(readFileSync(devnetJson, 'utf8')) as ChainFile;
      assert.equal(
        chainFile.chainRpcUrl,
        `http://127.0.0.1:${port('8545')}`,
        'the chain is where CHAIN= says',
      );

      scratch = await createScratchDatabase(adminUrl ?? '', 'deploy');
      const secret = (name: string, value: string) =>
        writeFileSync(join(dir, 'etc', name), `${value}\n`, { mode: 0o600 });
      secret('database-url', scratch.url);
      secret('names-key', chainFile.accounts[DEVNET_ROLES.nameRegistrySigner]!.privateKey);
      secret('relayer-key', chainFile.accounts[DEVNET_ROLES.relayer]!.privateKey);
      secret('admin-token', randomBytes(24).toString('hex'));

      const overrides = staging.filter((line) => line !== chainLine);
      const example = shellBlock('## Example: four processes on one host').flatMap((line) =>
        line.startsWith('CHAIN=') ? overrides : [line],
      );
      assert.ok(example.length > overrides.length, 'the example has a CHAIN= line');
      services = runShell(example.map(substitute), env, dir);
    });

    after(async () => {
      await services?.stop();
      await chain?.stop();
      await scratch?.drop().catch(() => undefined);
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    it('every process answers /_ready', async () => {
      for (const docPort of ['3001', '2281', '2282', '3000']) {
        await waitFor(
          () =>
            `${docPort} (here ${port(docPort)}) to be ready\n--- the example's output, its end:\n${services?.output().slice(-8000)}`,
          async () => (await fetch(`${url(docPort)}/_ready`).catch(() => undefined))?.status === 200,
          60_000,
        );
      }
    });

    it("the doc's `agora smoke` passes, and the cast it submitted to the API-only node is read on the loop node", async () => {
      const smoke = runShell(shellBlock('### Checking it works').map(substitute), env, dir);
      const code = await new Promise<number | null>((resolve) => smoke.process.once('exit', resolve));
      const output = smoke.output();
      assert.equal(
        code,
        0,
        `agora smoke failed:\n${output}\n--- the example's output, its end:\n${services?.output().slice(-8000)}`,
      );
      assert.match(output, /the deployment works/);
      const cast = /cast (0x[0-9a-f]{40})/.exec(output)?.[1];
      const fid = /fid (\d+)/.exec(output)?.[1];
      assert.ok(cast !== undefined && fid !== undefined, output);
      const read = await fetch(`${url('2281')}/v1/castById?fid=${fid}&hash=${cast}`);
      assert.equal(read.status, 200, await read.clone().text());
    });
  },
);
