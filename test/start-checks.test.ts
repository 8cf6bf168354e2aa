/**
 * Each production command says at start what it decided, and refuses (exit 2) or warns
 * where the configuration contradicts itself or the chain. Run as an operator runs them: the CLI process.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { spawnAnvil, type AnvilProcess } from '../src/chain/devnet/anvil.js';
import { DEVNET_MNEMONIC, DEVNET_ROLES, startDevnet, type Devnet } from '../src/chain/devnet/index.js';
import { runAgora } from './support/agora-cli.js';
import { freePort } from './support/free-port.js';

const QUIET = ['--host', '127.0.0.1', '--port', '0', '--log-format', 'json'];

describe('production starts', { timeout: 120_000 }, () => {
  let devnet: Devnet;
  let otherChain: AnvilProcess;
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-start-'));
    devnet = await startDevnet({ port: 0 });
    otherChain = await spawnAnvil({
      ...{ port: 0, host: '127.0.0.1', chainId: 31337, mnemonic: DEVNET_MNEMONIC, accounts: 1 },
      ...{ readyTimeoutMs: 10_000, stopTimeoutMs: 5_000 },
    });
    await otherChain.ready;
  });
  after(async () => {
    await Promise.all([devnet.stop(), otherChain.stop()]);
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const command of ['node', 'names', 'social']) {
    it(`agora ${command} refuses SQLite without --data-dir, saying how to choose`, async () => {
      const names = command === 'names';
      const chain = names ? ['--chain-rpc-url', devnet.rpcUrl] : [];
      const key = devnet.accounts[DEVNET_ROLES.nameRegistrySigner]!.privateKey;
      const run = runAgora([command, ...QUIET, ...chain], names ? { AGORA_NAMES_SIGNER_KEY: key } : {});
      assert.equal(await run.exited, 2, run.output());
      assert.match(run.output(), new RegExp(`agora ${command}: no storage chosen: give --database-url`));
      assert.match(run.output(), /--data-dir <dir> for SQLite files/);
    });
  }

  it('agora names refuses to start without its signer key (exit 2, as help says it is required)', async () => {
    const run = runAgora(['names', ...QUIET, '--data-dir', dataDir, '--chain-rpc-url', devnet.rpcUrl]);
    assert.equal(await run.exited, 2, run.output());
    assert.match(run.output(), /agora names: --signer-key is required/);
  });

  it('agora node refuses half a gRPC TLS configuration with exit 2', async () => {
    const run = runAgora([
      'node',
      ...QUIET,
      '--data-dir',
      join(dataDir, 'tls'),
      '--grpc-tls-cert',
      'cert.pem',
    ]);
    assert.equal(await run.exited, 2, run.output());
    assert.match(run.output(), /agora node: --grpc-tls-cert and --grpc-tls-key go together/);
  });

  it('agora node refuses a chain whose id is not the network’s', async () => {
    const run = runAgora(
      ['node', ...QUIET, '--data-dir', join(dataDir, 'wrong-chain')].concat([
        '--grpc-port',
        '0',
        '--chain-rpc-url',
        otherChain.rpcUrl,
      ]),
    );
    assert.equal(await run.exited, 2, run.output());
    assert.match(
      run.output(),
      /--network mainnet reads the registries on chain id 10, but the chain RPC serves chain id 31337/,
    );
  });

  it('agora node starts when its chain does not answer, and says so', async () => {
    const down = `http://127.0.0.1:${await freePort()}/key`;
    const run = runAgora([
      ...['node', ...QUIET, '--data-dir', join(dataDir, 'down'), '--grpc-port', '0'],
      ...['--network', 'devnet', '--chain-rpc-url', down],
    ]);
    try {
      await run.until(/agora node: listening on/);
      await run.until(/chain reader: iteration failed, retrying/);
      assert.match(
        run.output(),
        /chain: http:\/\/127\.0\.0\.1:\d+ did not answer at start \(.+\); chain id and head unchecked/,
      );
      assert.ok(!run.output().includes('/key'), 'the RPC path is not printed');
    } finally {
      assert.equal(await run.stop(), 0, run.output());
    }
  });

  it('agora node on devnet accepts any dev chain and reads it', async () => {
    const run = runAgora([
      ...['node', ...QUIET, '--data-dir', join(dataDir, 'dev-chain'), '--grpc-port', '0'],
      ...['--network', 'devnet', '--chain-rpc-url', otherChain.rpcUrl, '--chain-confirmations', '0'],
    ]);
    try {
      await run.until(/chain id 31337, head block \d+, mines a block per transaction/);
      await run.until(/chain reader: caught up/);
      assert.doesNotMatch(run.output(), /"level":40/, 'no warning');
    } finally {
      assert.equal(await run.stop(), 0, run.output());
    }
  });

  it('agora node on mainnet against a young dev chain says each decision and warns of both waits', async () => {
    const dir = join(dataDir, 'mainnet');
    const run = runAgora([
      ...['node', ...QUIET, '--data-dir', dir, '--grpc-port', '0'],
      ...['--chain-rpc-url', `${devnet.rpcUrl}/`],
    ]);
    try {
      await run.until(/agora node: listening on/);
      const output = run.output();
      for (const line of [
        `storage: SQLite file ${join(dir, 'node.sqlite')}`,
        'network: mainnet',
        `chain: ${devnet.rpcUrl}, chain id 10, head block`,
        "chain reader: on, reading from block 108864739 (the network's start block), 2 confirmations",
        'fname sync: off (no --names-url)',
        'prune and event-retention jobs: on, events kept 72 hours',
      ]) {
        assert.ok(output.includes(line), `${line}\nnot in:\n${output}`);
      }
      assert.match(output, /block 108864739 is above the chain's head \d+: nothing is read until/);
      assert.match(output, /this chain mines a block only per transaction, so with 2 confirmations/);
    } finally {
      assert.equal(await run.stop(), 0, run.output());
    }
  });

  it('agora names and agora social say where they keep data, which chain and which peers', async () => {
    const key = devnet.accounts[DEVNET_ROLES.nameRegistrySigner]!.privateKey;
    const names = runAgora(['names', ...QUIET, '--data-dir', dataDir, '--chain-rpc-url', devnet.rpcUrl], {
      AGORA_NAMES_SIGNER_KEY: key,
    });
    const social = runAgora([
      ...['social', ...QUIET, '--data-dir', dataDir, '--node-url', 'http://127.0.0.1:1/hub'],
      ...['--chain-rpc-url', `${devnet.rpcUrl}/secret-api-key`],
    ]);
    try {
      await names.until(/agora names: listening on/);
      assert.ok(names.output().includes(`storage: SQLite file ${join(dataDir, 'names.sqlite')}`));
      assert.match(names.output(), new RegExp(`chain: ${devnet.rpcUrl}, chain id 10, head block \\d+`));
      await social.until(/agora social: listening on/);
      const said = social.output();
      assert.ok(said.includes(`storage: SQLite file ${join(dataDir, 'social.sqlite')}`), said);
      assert.ok(said.includes('node indexer: on, following http://127.0.0.1:1/hub'), said);
      assert.ok(said.includes(`signed key requests: on, chain ${devnet.rpcUrl}, no --relayer-key`), said);
      assert.ok(said.includes('admin API: off (no --admin-token)'), said);
      for (const secret of ['secret-api-key', key.slice(2)]) {
        assert.ok(!(names.output() + said).includes(secret), `${secret} printed`);
      }
    } finally {
      assert.equal(await names.stop(), 0, names.output());
      assert.equal(await social.stop(), 0, social.output());
    }
  });
});
