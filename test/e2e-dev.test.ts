/**
 * The whole system as a newcomer meets it: `agora dev` started as its own process on free ports, the
 * journey of examples/journey run twice at once (two apps, each with its own users), then Ctrl-C, after
 * which no process of it may remain.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getInsecureHubRpcClient } from '@farcaster/hub-nodejs';
import { runJourney, type DevnetInfo } from '../examples/journey/run.js';
import { AGORA_USER_AGENT } from '../src/shared/fetch/user-agent.js';
import { freePort } from './support/free-port.js';
import { parsePrometheusText } from './support/prom-text.js';
import { waitFor } from './support/wait.js';

const BIN = fileURLToPath(new URL('../bin/agora.js', import.meta.url));

function descendantsOf(pid: number): number[] {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter((line) => line !== '')
    .map(Number);
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /transfers answered by the name registry at `namesUrl`, as its /metrics counts them. Asked as one
 * Agora service asks another, so these requests are logged at debug like the polls they count.
 */
async function transferPolls(namesUrl: string): Promise<number> {
  const response = await fetch(`${namesUrl}/metrics`, { headers: { 'user-agent': AGORA_USER_AGENT } });
  const durations = parsePrometheusText(await response.text()).get('agora_http_request_duration_seconds');
  return (durations?.samples ?? [])
    .filter(({ name, labels }) => name.endsWith('_count') && labels.route === '/transfers')
    .filter(({ labels }) => labels.method === 'GET')
    .reduce((sum, { value }) => sum + value, 0);
}

describe('agora dev, end to end', { timeout: 180_000 }, () => {
  let dataDir: string;
  let dev: ChildProcess;
  let output = '';
  let devnet: DevnetInfo & { urls: { nodeGrpc?: string } };
  let grpcPort: number;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-e2e-'));
    grpcPort = await freePort();
    dev = spawn(
      process.execPath,
      [
        BIN,
        'dev',
        '--data-dir',
        dataDir,
        ...['--chain-port', '0', '--node-port', '0', '--names-port', '0', '--social-port', '0'],
        ...['--node-grpc-port', String(grpcPort)],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const file = join(dataDir, 'devnet.json');
    await waitFor(
      () => `devnet.json; agora dev printed:\n${output}`,
      () => existsSync(file),
      60_000,
    );
    devnet = JSON.parse(readFileSync(file, 'utf8')) as DevnetInfo;
  });

  after(async () => {
    if (dev.exitCode === null) dev.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints every part, its URL and the funded accounts', () => {
    for (const part of ['chain', 'names', 'node', 'social']) assert.match(output, new RegExp(`up  ${part}`));
    assert.match(output, new RegExp(devnet.urls.social.replace(/[.]/g, '\\.')));
    assert.match(output, /Funded dev accounts/);
    assert.equal(devnet.chainId, 10);
    assert.equal(devnet.urls.nodeGrpc, `127.0.0.1:${grpcPort}`);
    assert.match(output, new RegExp(`gRPC    127\\.0\\.0\\.1:${grpcPort}`));
  });

  it('is quiet when idle: a handful of lines after the banner, none of them its own polls', async () => {
    const banner = 'Press Ctrl-C to stop.';
    await waitFor('the banner', () => output.includes(banner), 30_000);
    // The fname sync is the slowest of the polls: two more of its reads of the registry span one of its
    // intervals, during which every loop of agora dev has polled.
    const polled = await transferPolls(devnet.urls.names);
    await waitFor(
      'two more fname sync polls',
      async () => (await transferPolls(devnet.urls.names)) >= polled + 2,
      60_000,
    );
    const after = output
      .slice(output.indexOf(banner) + banner.length)
      .split('\n')
      .filter((line) => line !== '');
    assert.ok(after.length <= 5, `after the banner:\n${after.join('\n')}`);
    for (const line of after) assert.doesNotMatch(line, /GET \/(v1\/events|transfers)/);
  });

  it('serves the node over gRPC at urls.nodeGrpc, to hub-nodejs', async () => {
    const client = getInsecureHubRpcClient(devnet.urls.nodeGrpc ?? '');
    try {
      const info = await client.getInfo({});
      assert.ok(info.isOk(), String(info.isErr() && info.error.message));
      assert.match(info.value.version, /^\d+\.\d+\.\d+/);
      assert.equal(info.value.numShards, 1);
    } finally {
      client.$.close();
    }
  });

  it('runs the journey for two apps at once, each read back through the three APIs', async () => {
    const logs: string[][] = [[], []];
    const results = await Promise.all(
      logs.map((lines, index) => runJourney(devnet, { log: (line) => lines.push(line), funder: 9 - index })),
    );
    const [first, second] = results;
    assert.ok(first !== undefined && second !== undefined);
    assert.notEqual(first.app, second.app);
    assert.notEqual(first.alice, second.alice);
    for (const lines of logs) assert.equal(lines.filter((line) => line.startsWith('  ok  ')).length, 9);
  });

  it('stops everything on Ctrl-C, leaving no process behind', async () => {
    const pid = dev.pid ?? 0;
    const descendants = descendantsOf(pid);
    assert.ok(descendants.length >= 1, 'anvil runs as a child of agora dev');
    const exited = new Promise<number | null>((resolve) => dev.once('exit', (code) => resolve(code)));
    dev.kill('SIGINT');
    assert.equal(await exited, 0, output);
    await waitFor('the children to exit', () => !descendants.some(isAlive));
  });
});
