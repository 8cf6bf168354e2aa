/**
 * `agora dev --nodes 3` as a user runs it: three nodes, each a peer of the others, listed in the banner and
 * in devnet.json; a cast submitted to node 1 over HTTP is then served by node 3 over HTTP and gRPC. And the
 * --nodes settings it refuses, each with one line naming what to change.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { getInsecureHubRpcClient } from '@farcaster/hub-nodejs';
import { createAccount } from '../src/chain/fixtures.js';
import type { DevnetFile } from '../src/cli/dev/devnet-file.js';
import { main } from '../src/cli/main.js';
import { authorOf } from '../src/cli/seed/messages.js';
import { FarcasterNetwork, Message } from '../src/protocol/gen/message.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

const BIN = fileURLToPath(new URL('../bin/agora.js', import.meta.url));
const BANNER_END = 'Press Ctrl-C to stop.';
const NODES = 3;
/** Node k's ports are node 1's plus this times (k - 1). */
const PORT_STEP = 10;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A first gRPC port whose every node's port (one PORT_STEP apart) is free: 0 turns gRPC off. */
async function freeGrpcPorts(): Promise<number> {
  for (;;) {
    const first = await freePort();
    const rest = Array.from({ length: NODES - 1 }, (_, index) => first + PORT_STEP * (index + 1));
    if ((await Promise.all(rest.map(isFree))).every(Boolean)) return first;
  }
}

async function run(argv: string[]) {
  const lines: string[] = [];
  const code = await main(argv, { out: (line) => lines.push(line), err: (line) => lines.push(line) });
  return { code, output: lines.join('\n') };
}

describe(`agora dev --nodes ${NODES}`, { timeout: 120_000 }, () => {
  let dataDir: string;
  let dev: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;
  let grpcPort: number;
  let devnet: DevnetFile;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-nodes-'));
    grpcPort = await freeGrpcPorts();
    dev = spawn(
      process.execPath,
      [
        ...[BIN, 'dev', '--nodes', String(NODES), '--data-dir', dataDir],
        ...['--chain-port', '0', '--node-port', '0', '--names-port', '0', '--social-port', '0'],
        ...['--node-grpc-port', String(grpcPort)],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => dev.once('exit', resolve));
    await waitFor(
      () => `the banner; agora dev printed:\n${output}`,
      () => {
        if (dev.exitCode !== null) throw new Error(`agora dev exited ${dev.exitCode}:\n${output}`);
        return output.includes(BANNER_END);
      },
      60_000,
    );
    devnet = JSON.parse(readFileSync(join(dataDir, 'devnet.json'), 'utf8')) as DevnetFile;
  });

  after(async () => {
    if (dev.exitCode === null) dev.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists every node in devnet.json, the first as urls.node, each on its own ports', () => {
    const { nodes } = devnet.urls;
    assert.equal(nodes.length, NODES);
    assert.equal(nodes[0]?.http, devnet.urls.node);
    assert.equal(nodes[0]?.grpc, devnet.urls.nodeGrpc);
    assert.deepEqual(
      nodes.map((node) => node.grpc),
      nodes.map((_, index) => `127.0.0.1:${grpcPort + PORT_STEP * index}`),
    );
    assert.equal(new Set(nodes.map((node) => node.http)).size, NODES);
  });

  it('lists every node in the banner, its HTTP and gRPC addresses', () => {
    const banner = output.slice(output.lastIndexOf('  node 1  '));
    for (const [index, node] of devnet.urls.nodes.entries()) {
      assert.ok(
        banner.includes(`  node ${index + 1}  ${node.http}\n  gRPC    ${node.grpc} (HubService)\n`),
        banner,
      );
    }
  });

  it('serves a cast submitted to node 1 from the last node, over HTTP and gRPC', async () => {
    const account = await createAccount({ ...devnet, rpcUrl: devnet.chainRpcUrl });
    const fid = Number(account.fid);
    const cast = authorOf(fid, account.signer.privateKey, FarcasterNetwork.DEVNET).cast('from node 1');
    const hash = bytesToHex(cast.hash);
    // Node 1 accepts it once it has read the new account's fid and signer from the chain.
    await waitFor('node 1 to accept the cast', async () => {
      const response = await fetch(`${devnet.urls.node}/v1/submitMessage`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: Message.encode(cast).finish(),
      });
      const body = (await response.json()) as { hash?: string; errCode?: string };
      assert.equal(response.status, 200, JSON.stringify(body));
      return body.hash === hash;
    });

    const last = devnet.urls.nodes[NODES - 1]!;
    await waitFor(
      () => `node ${NODES} to serve the cast over HTTP; agora dev printed:\n${output}`,
      async () => {
        const response = await fetch(`${last.http}/v1/castsByFid?fid=${fid}`);
        const { messages } = (await response.json()) as { messages: { hash: string }[] };
        return messages.some((message) => message.hash === hash);
      },
    );
    const client = getInsecureHubRpcClient(last.grpc!);
    try {
      const casts = await client.getCastsByFid({ fid });
      assert.ok(casts.isOk(), String(casts.isErr() && casts.error.message));
      assert.deepEqual(
        casts.value.messages.map((message) => bytesToHex(message.hash)),
        [hash],
      );
    } finally {
      client.$.close();
    }
  });

  it('stops every node on Ctrl-C', async () => {
    dev.kill('SIGINT');
    assert.equal(await exited, 0, output);
  });
});

describe('agora dev --nodes, refused', () => {
  it('refuses a node count out of range, nodes that could not peer, and ports shared or past the last', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'agora-nodes-refused-'));
    const [chain, node] = [await freePort(), await freePort()];
    const cases: [string[], RegExp][] = [
      [['--nodes', '17'], /^agora dev: --nodes must be an integer from 1 to 16 \(got "17"\)$/m],
      [['--nodes', '0'], /^agora dev: --nodes must be an integer from 1 to 16 \(got "0"\)$/m],
      [
        ['--nodes', '2', '--node-grpc-port', '0'],
        /^agora dev: --nodes 2 needs the nodes' gRPC API, which they sync over: --node-grpc-port 0 turns it off$/m,
      ],
      [
        ['--nodes', '2', '--node-port', String(node), '--node-grpc-port', String(node + PORT_STEP)],
        new RegExp(
          `^agora dev: port ${node + PORT_STEP} is given to both node 1's gRPC port and node 2's HTTP port: choose another with --node-port <port>$`,
          'm',
        ),
      ],
      [
        ['--nodes', '16', '--node-port', String(node), '--node-grpc-port', '65500'],
        /^agora dev: --nodes 16 puts node 5's gRPC port at 65540, past 65535: choose a lower --node-grpc-port$/m,
      ],
    ];
    try {
      for (const [flags, expected] of cases) {
        const { code, output } = await run([
          'dev',
          '--data-dir',
          dataDir,
          '--chain-port',
          String(chain),
          ...flags,
        ]);
        assert.equal(code, 2, output);
        assert.match(output, expected);
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
