import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startDevnet } from '../src/chain/devnet/index.js';
import type { Devnet } from '../src/chain/devnet/index.js';
import { createAccount, removeSigner } from '../src/chain/fixtures.js';
import { castAdd, clock, setUpAccount } from '../src/node/engine/testing.js';
import { startNodeService } from '../src/node/index.js';
import type { NodeService } from '../src/node/index.js';
import type { NodeTables } from '../src/node/store/schema.js';
import { makeMessage } from '../src/protocol/builder.js';
import { createEd25519Signer } from '../src/protocol/ed25519.js';
import { FarcasterNetwork, Message, MessageType } from '../src/protocol/gen/message.js';
import { bytesToHex, hexToBytes } from '../src/protocol/hex.js';
import { toFarcasterTime } from '../src/protocol/time.js';
import { COMMANDS, configOf } from '../src/shared/config/index.js';
import type { NodeConfig } from '../src/shared/config/index.js';
import { forEachDialect, openTestDatabase } from '../src/storage/testing.js';
import type { TestDatabase } from '../src/storage/testing.js';
import { waitFor } from './support/wait.js';
import { watchedSleep } from './support/watched-sleep.js';

/** The node as a service on a real socket: startNodeService, chain ingest from a devnet, and `agora node`. */

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

function config(overrides: Partial<NodeConfig> = {}): NodeConfig {
  return configOf(COMMANDS.node.options, {
    dataDir: path.join(tmpdir(), 'agora-node-unused'),
    host: '127.0.0.1',
    port: 0,
    logLevel: 'silent',
    chainConfirmations: 0,
    grpcPort: 0,
    ...overrides,
  });
}

const octetStream = (message: Message): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/octet-stream' },
  body: Buffer.from(Message.encode(message).finish()),
});

forEachDialect('node service', (dialect) => {
  let database: TestDatabase<NodeTables>;
  let service: NodeService;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
    service = await startNodeService(config(), { database, clock });
  });
  after(async () => {
    await service?.close();
    await database?.cleanup();
  });

  it('serves the API on a real socket, with CORS', async () => {
    assert.match(service.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${service.url}/v1/info`, { headers: { origin: 'https://app.example' } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    const info = (await response.json()) as { nickname: string; version: string };
    assert.equal(info.nickname, 'agora');
    const packageJson = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    assert.equal(info.version, packageJson.version);
  });

  it('accepts a submitted message over HTTP and serves it back', async () => {
    const alice = await setUpAccount(database.db, 1);
    const { message } = castAdd(alice, 'over the wire');
    const submitted = await fetch(`${service.url}/v1/submitMessage`, octetStream(message));
    assert.equal(submitted.status, 200);
    const read = await fetch(`${service.url}/v1/castById?fid=1&hash=${bytesToHex(message.hash)}`);
    assert.equal(((await read.json()) as { hash: string }).hash, bytesToHex(message.hash));
  });

  it('stops cleanly: the port closes and a second close is harmless', async () => {
    await service.close();
    await service.close();
    await assert.rejects(fetch(`${service.url}/v1/info`));
  });
});

describe('node service loops', () => {
  it('starts the chain ingest and fname sync only when configured, and stops them on close', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-node-'));
    try {
      const plain = await startNodeService(config({ dataDir }));
      assert.equal(plain.chainIngest, undefined);
      assert.equal(plain.fnameSync, undefined);
      await plain.close();
      // Nothing listens on port 9: both loops fail and retry until closed.
      const unreachable = 'http://127.0.0.1:9';
      // Every wait of the loops that take a sleep (the fname sync, the revocation retry) lasts a minute.
      const watched = watchedSleep(60_000);
      const looping = await startNodeService(
        config({ dataDir, chainRpcUrl: unreachable, namesUrl: unreachable }),
        { sleep: watched.sleep },
      );
      const { chainIngest, fnameSync } = looping;
      assert.ok(chainIngest !== undefined && fnameSync !== undefined);
      await waitFor(
        'both loops to fail',
        () => chainIngest.status().consecutiveFailures > 0 && fnameSync.status().consecutiveFailures > 0,
      );
      await looping.close();
      assert.ok(watched.ends.length > 0);
      assert.deepEqual(
        watched.ends.filter((end) => end !== 'aborted'),
        [],
        'close cuts the retry backoff short',
      );
      assert.equal(chainIngest.status().state, 'stopped');
      assert.equal(fnameSync.status().state, 'stopped');
      assert.ok(existsSync(path.join(dataDir, 'node.sqlite')));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('node service following a devnet', () => {
  let devnet: Devnet;
  let service: NodeService;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-node-devnet-'));
  before(async () => {
    devnet = await startDevnet({ port: 0 });
    service = await startNodeService(config({ dataDir, network: 'devnet', chainRpcUrl: devnet.rpcUrl }));
  });
  after(async () => {
    await service?.close();
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads the registries at the canonical addresses, accepts the new signer and stops it on removal', async () => {
    const account = await createAccount(devnet);
    await service.chainIngest?.caughtUp();
    const fid = Number(account.fid);
    const seed = hexToBytes(account.signer.privateKey) ?? new Uint8Array();
    const message = makeMessage(
      {
        type: MessageType.CAST_ADD,
        fid,
        timestamp: toFarcasterTime(Date.now()) ?? 0,
        network: FarcasterNetwork.DEVNET,
        castAddBody: {
          embedsDeprecated: [],
          mentions: [],
          mentionsPositions: [],
          text: 'from devnet',
          embeds: [],
          type: 0,
        },
      },
      createEd25519Signer(seed),
    );
    const submitted = await fetch(`${service.url}/v1/submitMessage`, octetStream(message));
    assert.equal(submitted.status, 200, await submitted.clone().text());
    const castUrl = `${service.url}/v1/castById?fid=${fid}&hash=${bytesToHex(message.hash)}`;
    assert.equal((await fetch(castUrl)).status, 200);

    // A removal keeps what the key signed and refuses what it signs next (decision 0008).
    await removeSigner(devnet, account, account.signer.publicKey);
    await service.chainIngest?.caughtUp();
    assert.equal((await fetch(castUrl)).status, 200);
    const after = makeMessage(
      { ...message.data!, timestamp: (message.data?.timestamp ?? 0) + 1 },
      createEd25519Signer(seed),
    );
    const refused = await fetch(`${service.url}/v1/submitMessage`, octetStream(after));
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as { errCode: string }).errCode, 'bad_request.unknown_signer');
  });
});

describe('agora node', () => {
  it('starts on port 0 with SQLite, serves, and exits 0 on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agora-node-cli-'));
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^(AGORA_|DATABASE_URL$|RPC_AUTH$)/.test(name)),
    );
    const child = spawn(
      process.execPath,
      [
        'bin/agora.js',
        'node',
        '--port',
        '0',
        '--grpc-port',
        '0',
        '--host',
        '127.0.0.1',
        '--data-dir',
        dataDir,
        '--log-level',
        'warn',
      ],
      { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /agora node: listening on (http:\/\/[^\s,]+)/.exec(output);
          if (match?.[1] !== undefined) resolve(match[1]);
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${output}`)));
      });
      const info = await fetch(`${url}/v1/info`);
      assert.equal(info.status, 200);
      child.kill('SIGTERM');
      assert.equal(await exited, 0, output);
      assert.ok(existsSync(path.join(dataDir, 'node.sqlite')));
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
