import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseAbi } from 'viem';
import { waitFor } from '../../../test/support/wait.js';
import { contractArtifact, CONTRACT_NAMES, idGatewayAbi, storageRegistryAbi } from '../contracts.js';
import { devnetPublicClient, devnetWalletClient } from './clients.js';
import { DEFAULT_INSTALL_SETTINGS, installContracts } from './install.js';
import { DEVNET_ROLES } from './launch.js';
import { startDevnet, type Devnet } from './start-devnet.js';

const scratch = mkdtempSync(path.join(tmpdir(), 'agora-devnet-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** An executable shell script standing in for anvil. */
function fakeAnvil(name: string, body: string): string {
  const file = path.join(scratch, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** Whether anything answers at `rpcUrl`: a stalled answer counts, only a failed connection does not. */
async function answers(rpcUrl: string): Promise<boolean> {
  try {
    await fetch(rpcUrl, { method: 'POST', body: '{}', signal: AbortSignal.timeout(5000) });
    return true;
  } catch (error) {
    return (error as Error).name === 'TimeoutError';
  }
}

describe('startDevnet', () => {
  let devnet: Devnet;
  const infoLines: string[] = [];
  before(async () => {
    const logger = {
      debug: () => undefined,
      info: (line: string) => infoLines.push(line),
      warn: () => undefined,
    };
    devnet = await startDevnet({ port: 0, logger });
  });
  after(() => devnet.stop());

  it('runs chain id 10 with the dev accounts, ready with the contracts installed', async () => {
    const client = devnetPublicClient(devnet);
    assert.equal(await client.getChainId(), 10);
    const unlocked = await devnetWalletClient(devnet, devnet.accounts[0]!.address).getAddresses();
    assert.deepEqual(
      unlocked,
      devnet.accounts.map((account) => account.address),
    );
    assert.equal(devnet.fresh, true);
    // The install's own time apart from the launch's: in agora dev the launch also waits for module loading.
    assert.match(
      infoLines.join('\n'),
      /devnet ready at .* \d+ ms after anvil's launch \(contracts installed in \d+ ms\)/,
    );
  });

  it('installs our runtime code at the canonical addresses, wired and priced', async () => {
    const client = devnetPublicClient(devnet);
    for (const name of CONTRACT_NAMES) {
      const code = await client.getCode({ address: devnet.contracts[name] });
      assert.equal(code, contractArtifact(name).deployedBytecode, name);
    }
    const unitPrice = await client.readContract({
      address: devnet.contracts.storageRegistry,
      abi: storageRegistryAbi,
      functionName: 'unitPrice',
    });
    assert.equal(unitPrice, DEFAULT_INSTALL_SETTINGS.unitPrice);
    const price = await client.readContract({
      address: devnet.contracts.idGateway,
      abi: idGatewayAbi,
      functionName: 'price',
    });
    assert.equal(price, unitPrice);
  });

  it('initializes once: a second install finds the code, a second initialize reverts', async () => {
    const owner = devnet.accounts[DEVNET_ROLES.owner]!.address;
    const settings = { ...DEFAULT_INSTALL_SETTINGS, owner, storageOperator: owner };
    assert.equal(await installContracts(devnet, settings), 'present');
    await assert.rejects(
      devnetPublicClient(devnet).simulateContract({
        account: owner,
        address: devnet.contracts.keyGateway,
        abi: parseAbi(['function initialize(address, address)', 'error AlreadyInitialized()']),
        functionName: 'initialize',
        args: [owner, owner],
      }),
      /AlreadyInitialized/,
    );
  });

  it('refuses a port in use with a clear error', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await assert.rejects(startDevnet({ port }), new RegExp(`port ${port} on 127.0.0.1 is already in use`));
    } finally {
      server.close();
    }
  });

  it('reports anvil exiting early, with its stderr', async () => {
    const anvilBinary = fakeAnvil('exits', 'echo "Error: bad flag" >&2; exit 3');
    await assert.rejects(startDevnet({ port: 0, anvilBinary }), /exited \(code 3\).*\n?.*Error: bad flag/s);
  });

  it('times out when anvil never answers, with its stderr, and kills it', async () => {
    const pidFile = path.join(scratch, 'hangs.pid');
    const anvilBinary = fakeAnvil('hangs', `echo $$ > ${pidFile}; echo "booting" >&2; exec sleep 30`);
    await assert.rejects(
      startDevnet({ port: 0, anvilBinary, readyTimeoutMs: 300 }),
      /did not answer .* within 300 ms; anvil stderr:\nbooting/,
    );
    const pid = Number(readFileSync(pidFile, 'utf8'));
    assert.throws(() => process.kill(pid, 0), { code: 'ESRCH' });
  });

  it('explains a missing anvil binary', async () => {
    await assert.rejects(
      startDevnet({ port: 0, anvilBinary: path.join(scratch, 'no-such-anvil') }),
      /anvil not found at/,
    );
  });

  it('stop() ends anvil, is idempotent and removes its process hooks', async () => {
    const listeners = () => process.listenerCount('SIGTERM') + process.listenerCount('exit');
    const baseline = listeners();
    const second = await startDevnet({ port: 0 });
    assert.equal(listeners(), baseline + 2);
    await Promise.all([second.stop(), second.stop()]);
    assert.equal(listeners(), baseline);
    assert.equal(await answers(second.rpcUrl), false);
  });
});

describe('anvil dies with its parent', () => {
  const module = fileURLToPath(new URL('./start-devnet.ts', import.meta.url));
  const script = `
    const { startDevnet } = await import(${JSON.stringify(module)});
    const devnet = await startDevnet({ port: 0 });
    console.log(devnet.rpcUrl);
    if (process.argv[1] === 'exit') process.exit(0);
    setInterval(() => {}, 1000);
  `;

  /** Runs a Node process that starts a devnet; returns it and the devnet's URL. */
  async function parentWithDevnet(mode: 'exit' | 'wait') {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, mode], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const rpcUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      child.once('exit', (code) => reject(new Error(`parent exited with ${code}`)));
    });
    return { child, rpcUrl };
  }

  it('when the parent exits without stopping it', async () => {
    const { rpcUrl } = await parentWithDevnet('exit');
    await waitFor('anvil to stop answering', async () => !(await answers(rpcUrl)));
  });

  it('when the parent is terminated by a signal (which still terminates the parent)', async () => {
    const { child, rpcUrl } = await parentWithDevnet('wait');
    assert.equal(await answers(rpcUrl), true);
    const exited = new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGTERM');
    assert.equal(await exited, 'SIGTERM');
    await waitFor('anvil to stop answering', async () => !(await answers(rpcUrl)));
  });
});
