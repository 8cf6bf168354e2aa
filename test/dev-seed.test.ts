/**
 * `agora dev --seed` as a user runs it: a process on free ports and a new data dir; then every endpoint of
 * README.md's tour (read from the README itself, so the two cannot drift apart) must answer data worth
 * looking at, and a second start with --seed on the same data must keep the world rather than add to it.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getInsecureHubRpcClient } from '@farcaster/hub-nodejs';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

const BIN = fileURLToPath(new URL('../bin/agora.js', import.meta.url));
const README = fileURLToPath(new URL('../README.md', import.meta.url));
const BANNER_END = 'Press Ctrl-C to stop.';

interface Dev {
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

async function startDev(dataDir: string, ports: number[]): Promise<Dev> {
  const [chain, node, grpc, names, social] = ports.map(String);
  const child = spawn(
    process.execPath,
    [
      ...[BIN, 'dev', '--seed', '--data-dir', dataDir],
      ...['--chain-port', chain!, '--node-port', node!, '--node-grpc-port', grpc!],
      ...['--names-port', names!, '--social-port', social!],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const dev = { process: child, output: () => output, exited };
  await waitFor(
    'agora dev --seed to print its banner',
    async () => {
      if (output.includes(BANNER_END)) return true;
      if (child.exitCode !== null) throw new Error(`agora dev exited ${child.exitCode}:\n${output}`);
      return undefined;
    },
    120_000,
  ).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  });
  return dev;
}

async function stopDev(dev: Dev): Promise<void> {
  dev.process.kill('SIGINT');
  assert.equal(await dev.exited, 0, dev.output());
}

/** The tour's shell commands, `\`-continued lines joined. */
function tourCommands(): string[] {
  const readme = readFileSync(README, 'utf8');
  const tour = readme.slice(readme.indexOf('## A short tour'));
  const block = tour.slice(tour.indexOf('```sh') + 5, tour.indexOf('```', tour.indexOf('```sh') + 5));
  return block
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** True when a JSON answer holds something: its first list (breadth first) non-empty, else any field. */
function worthLookingAt(body: unknown): boolean {
  const queue: unknown[] = [body];
  while (queue.length > 0) {
    const value = queue.shift();
    if (Array.isArray(value)) return value.length > 0;
    if (value !== null && typeof value === 'object') queue.push(...Object.values(value));
  }
  return body !== null && typeof body === 'object' && Object.keys(body).length > 0;
}

/** The first event of a Server-Sent Events stream. */
async function firstEvent(url: string): Promise<string> {
  const controller = new AbortController();
  const response = await fetch(url, { signal: controller.signal });
  assert.equal(response.status, 200, url);
  const reader = response.body!.getReader();
  let text = '';
  try {
    while (!/^data: .+$/m.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
    }
  } finally {
    controller.abort();
  }
  return text;
}

describe('agora dev --seed', { timeout: 300_000 }, () => {
  let dataDir: string;
  let ports: number[];
  let dev: Dev;
  let devnet: {
    adminToken: string;
    urls: { node: string; nodeGrpc: string; names: string; social: string };
  };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-seed-'));
    ports = [await freePort(), await freePort(), await freePort(), await freePort(), await freePort()];
    dev = await startDev(dataDir, ports);
    devnet = JSON.parse(readFileSync(join(dataDir, 'devnet.json'), 'utf8')) as typeof devnet;
  });

  after(async () => {
    if (dev.process.exitCode === null) dev.process.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('says what it seeded, before the banner ends', () => {
    assert.match(
      dev.output(),
      /Seeded: alice \(fid 1\), bob \(fid 2\), carol \(fid 3\), dan \(fid 4\), erin \(fid 5\); channels cats, agora/,
    );
  });

  it('answers every curl of the README tour with data worth looking at', async () => {
    const base: Record<string, string> = {
      '2281': devnet.urls.node,
      '3001': devnet.urls.names,
      '3000': devnet.urls.social,
    };
    const curls = tourCommands().filter((line) => line.startsWith('curl '));
    assert.ok(curls.length >= 10, `the tour has its curls:\n${curls.join('\n')}`);
    for (const line of curls) {
      const match = /'http:\/\/127\.0\.0\.1:(\d+)(\/[^']*)'/.exec(line);
      assert.ok(match !== null, `a tour curl names a local URL: ${line}`);
      const url = `${base[match[1]!]}${match[2]!}`;
      if (line.startsWith('curl -N')) {
        assert.match(await firstEvent(url), /^data: .+$/m, url);
        continue;
      }
      const headers: Record<string, string> = line.includes('Authorization')
        ? { authorization: `Bearer ${devnet.adminToken}` }
        : {};
      const response = await fetch(url, { headers });
      if (url.endsWith('/metrics')) {
        const text = await response.text();
        assert.equal(response.status, 200, `${url}: ${text}`);
        assert.match(text, /^agora_node_merges_total(\{[^}]*\})? [1-9]/m, `${url} counts the seed's merges`);
        continue;
      }
      const body = (await response.json()) as unknown;
      assert.equal(response.status, 200, `${url}: ${JSON.stringify(body)}`);
      assert.ok(worthLookingAt(body), `${url} answered nothing to look at: ${JSON.stringify(body)}`);
    }
  });

  it('shows the seeded moderation in the cats feed: the pin first, the hidden cast and the banned author out', async () => {
    const seed = JSON.parse(readFileSync(join(dataDir, 'seed.json'), 'utf8')) as {
      pinnedCast: string;
      hiddenCast: string;
    };
    const response = await fetch(`${devnet.urls.social}/v2/channel-feed?channelId=cats`);
    const { result } = (await response.json()) as {
      result: { casts: { hash: string; fid: number; pinned?: boolean }[] };
    };
    assert.equal(result.casts[0]?.hash, seed.pinnedCast);
    assert.equal(result.casts[0]?.pinned, true);
    assert.ok(!result.casts.some((cast) => cast.hash === seed.hiddenCast));
    assert.ok(!result.casts.some((cast) => cast.fid === 5), 'erin is banned from cats');
  });

  it("answers the tour's gRPC call", async () => {
    assert.ok(tourCommands().some((line) => line.includes('getInsecureHubRpcClient')));
    const client = getInsecureHubRpcClient(devnet.urls.nodeGrpc);
    try {
      const info = await client.getInfo({});
      assert.ok(info.isOk(), String(info.isErr() && info.error.message));
      assert.match(info.value.version, /^\d+\.\d+\.\d+/);
    } finally {
      client.$.close();
    }
  });

  it('keeps the world on a restart with --seed: nothing seeded twice', async () => {
    const channelsBefore = await (await fetch(`${devnet.urls.social}/v2/all-channels`)).text();
    const castsBefore = await (await fetch(`${devnet.urls.node}/v1/castsByFid?fid=1`)).text();
    await stopDev(dev);
    dev = await startDev(dataDir, ports);
    assert.match(dev.output(), /Seeded on \S+, kept: alice \(fid 1\)/);
    assert.doesNotMatch(dev.output(), /seed {6}accounts/);
    assert.equal(await (await fetch(`${devnet.urls.social}/v2/all-channels`)).text(), channelsBefore);
    assert.equal(await (await fetch(`${devnet.urls.node}/v1/castsByFid?fid=1`)).text(), castsBefore);
    await stopDev(dev);
  });
});
