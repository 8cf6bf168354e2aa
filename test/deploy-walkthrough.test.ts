/**
 * docs/deploy.md's "Example: four processes on one host", followed literally (issue 24): the page's shell
 * blocks are read from the doc itself, so the two cannot drift apart, and run by bash with `agora` on PATH.
 * What a reader substitutes, and nothing else, is substituted:
 * - the chain: the staging block's `agora chain` line runs first (its data dir a temp dir), and the
 *   example's `CHAIN=` line is replaced by the staging block's other lines, as the doc says;
 * - /etc/agora/: a temp dir holding the four files the example reads, written mode 0600 (the database URL
 *   of a scratch database next to AGORA_TEST_DATABASE_URL, the chain's name-registry and relayer keys from
 *   its devnet.json, a random admin token);
 * - every port the doc names (3001, 2281-2284, 3000, 8545): a free port each, everywhere it appears.
 * Then the deployment must work: each process ready, a message submitted to the API-only node readable
 * on the loop node, a name registered reaching the loop node, a reply indexed by the social API.
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
import pg from 'pg';
import { DEVNET_ROLES } from '../src/chain/devnet/index.js';
import { createAccount, type FixtureAccount } from '../src/chain/fixtures.js';
import type { ChainFile } from '../src/cli/dev/devnet-file.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { signUserNameProofClaim } from '../src/protocol/eip712/typed-messages.js';
import {
  FarcasterNetwork,
  Message,
  MessageData,
  MessageType,
  type CastAddBody,
} from '../src/protocol/gen/message.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
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

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function farcasterNow(): number {
  const now = toFarcasterTime(Date.now());
  assert.ok(now !== undefined);
  return now;
}

describe(
  'docs/deploy.md, four processes on one host against agora chain',
  { skip: adminUrl === undefined && 'AGORA_TEST_DATABASE_URL is not set (the example runs on PostgreSQL)' },
  () => {
    const database = `agora_deploy_${randomBytes(6).toString('hex')}`;
    const ports = new Map<string, string>();
    const port = (docPort: string) => ports.get(docPort)!;
    const url = (docPort: string) => `http://127.0.0.1:${port(docPort)}`;
    let dir: string;
    let chain: Shell | undefined;
    let services: Shell | undefined;
    let chainFile: ChainFile;

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
      const env = Object.fromEntries(
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

      await adminQuery(`create database ${database}`);
      const databaseUrl = new URL(adminUrl ?? '');
      databaseUrl.pathname = `/${database}`;
      const secret = (name: string, value: string) =>
        writeFileSync(join(dir, 'etc', name), `${value}\n`, { mode: 0o600 });
      secret('database-url', databaseUrl.toString());
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
      await adminQuery(`drop database if exists ${database} with (force)`).catch(() => undefined);
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    const eventually = <T>(what: string, probe: () => Promise<T | undefined>) =>
      waitFor(what, probe, 60_000).catch((error: Error) => {
        throw new Error(
          `${error.message}\n--- the example's output, its end:\n${services?.output().slice(-8000)}`,
        );
      });

    it('every process answers /_ready', async () => {
      for (const docPort of ['3001', '2281', '2282', '3000']) {
        await eventually(`${docPort} (here ${port(docPort)}) to be ready`, async () => {
          const answer = await fetch(`${url(docPort)}/_ready`).catch(() => undefined);
          return answer?.status === 200 ? true : undefined;
        });
      }
    });

    let user: FixtureAccount;
    let fid: number;
    const submit = async (castAddBody: Partial<CastAddBody>) => {
      const seed = hexToBytes(user.signer.privateKey);
      assert.ok(seed !== undefined);
      const message = makeMessage(
        MessageData.fromPartial({
          type: MessageType.CAST_ADD,
          fid,
          timestamp: farcasterNow(),
          network: FarcasterNetwork.DEVNET,
          castAddBody,
        }),
        createEd25519Signer(seed),
      );
      // The API-only node, once the loop node has read the account's fid and signer from the chain.
      await eventually(`the API-only node to accept fid ${fid}'s cast`, async () => {
        const answer = await fetch(`${url('2282')}/v1/submitMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/octet-stream' },
          body: Message.encode(message).finish(),
        });
        return answer.status === 200 ? true : undefined;
      });
      return bytesToHex(message.hash);
    };

    it('a cast submitted to the API-only node is read on the loop node, and indexed by social', async () => {
      user = await createAccount({
        rpcUrl: chainFile.chainRpcUrl,
        chainId: chainFile.chainId,
        accounts: chainFile.accounts,
        contracts: chainFile.contracts,
      });
      fid = Number(user.fid);
      const cast = await submit({ text: 'deployed by the book' });
      const read = await fetch(`${url('2281')}/v1/castById?fid=${fid}&hash=${cast}`);
      assert.equal(read.status, 200, await read.clone().text());
      assert.equal(
        ((await read.json()) as { data: { castAddBody: { text: string } } }).data.castAddBody.text,
        'deployed by the book',
      );

      const reply = await submit({ text: 'and it answers', parentCastId: { fid, hash: hexToBytes(cast)! } });
      await eventually('the social API to index the reply', async () => {
        const answer = await fetch(`${url('3000')}/v2/cast-replies?hash=${cast}`);
        if (answer.status !== 200) return undefined;
        const body = (await answer.json()) as { result: { casts: { hash: string }[] } };
        return body.result.casts.some((listed) => listed.hash === reply) ? true : undefined;
      });
    });

    it('a name registered on the registry reaches the loop node', async () => {
      const name = `deploy${randomBytes(3).toString('hex')}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const owner = user.custody.address;
      const signature = await signUserNameProofClaim({ name, timestamp, owner }, user.custody.privateKey);
      const posted = await fetch(`${url('3001')}/transfers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, from: 0, to: fid, fid, owner, timestamp, signature }),
      });
      assert.equal(posted.status, 200, await posted.text());
      await eventually(`the loop node to hold the proof of ${name}`, async () => {
        const answer = await fetch(`${url('2281')}/v1/userNameProofByName?name=${name}`);
        if (answer.status !== 200) return undefined;
        return ((await answer.json()) as { fid: number }).fid === fid ? true : undefined;
      });
    });
  },
);
