import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import type { ChainFile } from '../src/cli/dev/devnet-file.js';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

const BIN = fileURLToPath(new URL('../bin/agora.js', import.meta.url));

/** `agora chain`: the dev chain alone, for staging a deployment on one host. */
describe('agora chain', { timeout: 60_000 }, () => {
  it('serves the registries on chain id 10, writes devnet.json, and keeps its state across a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'agora-chain-'));
    const port = await freePort();
    const run = () => {
      const child = spawn(process.execPath, [BIN, 'chain', '--data-dir', dataDir, '--port', String(port)], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const stop = async () => {
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      };
      return { output: () => output, stop };
    };
    try {
      const first = run();
      await waitFor('the banner', async () =>
        first.output().includes('Everything above') ? true : undefined,
      );
      const file = JSON.parse(readFileSync(join(dataDir, 'devnet.json'), 'utf8')) as ChainFile & {
        urls?: unknown;
      };
      assert.equal(file.chainId, 10);
      assert.equal(file.chainRpcUrl, `http://127.0.0.1:${port}`);
      assert.equal(file.accounts.length, 10);
      assert.equal(file.urls, undefined, 'no services run');
      assert.match(first.output(), /\(name registry signer\)/);
      const chainId = await fetch(file.chainRpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      assert.deepEqual(((await chainId.json()) as { result: string }).result, '0xa');
      assert.equal(await first.stop(), 0, first.output());
      assert.ok(existsSync(join(dataDir, 'chain-state.json')), 'the state is kept');

      const second = run();
      await waitFor('the banner', async () =>
        second.output().includes('Everything above') ? true : undefined,
      );
      assert.match(second.output(), /chain id 10, restored/);
      assert.equal(await second.stop(), 0, second.output());
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
