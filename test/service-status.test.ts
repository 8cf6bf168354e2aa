import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startNamesService } from '../src/names/service.js';
import { fakeCustody, TEST_SIGNER_KEY } from '../src/names/testing.js';
import { startNodeService } from '../src/node/index.js';
import { configOf, NamesOptions, NodeOptions, SocialOptions } from '../src/shared/config/index.js';
import { startSocialService } from '../src/social/service.js';
import { fakeNode } from '../src/social/testing.js';
import { freePort } from './support/free-port.js';
import { waitFor } from './support/wait.js';

/**
 * `/_status` and `/_ready` through an outage and its recovery: a node whose name
 * registry is down until it starts, and a social API whose node never answers.
 */

interface Ready {
  ready: boolean;
  waitingFor: string[];
}

async function readiness(url: string): Promise<{ status: number; body: Ready }> {
  const response = await fetch(`${url}/_ready`);
  return { status: response.status, body: (await response.json()) as Ready };
}

interface Component {
  required: boolean;
  ready: boolean;
  consecutiveFailures: number;
  caughtUpAt: number | null;
  caughtUp?: boolean;
  lastError: { message: string } | null;
}

interface Status {
  service: string;
  version: string;
  ready: boolean;
  components: Record<string, Component>;
}

async function status(url: string): Promise<Status> {
  return (await (await fetch(`${url}/_status`)).json()) as Status;
}

const component = async (url: string, name: string): Promise<Component> => {
  const found = (await status(url)).components[name];
  if (found === undefined) throw new Error(`/_status has no ${name}`);
  return found;
};

describe('service status and readiness', { timeout: 60_000 }, () => {
  it('a node is not ready while its registry is down, says why, and is ready once it has caught up', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'agora-status-'));
    const namesPort = await freePort();
    const namesUrl = `http://127.0.0.1:${namesPort}`;
    const node = await startNodeService(
      configOf(NodeOptions, {
        dataDir,
        host: '127.0.0.1',
        port: 0,
        grpcPort: 0,
        logLevel: 'silent',
        namesUrl,
      }),
    );
    try {
      const down = await readiness(node.url);
      assert.deepEqual([down.status, down.body.ready, down.body.waitingFor], [503, false, ['fnames']]);
      await waitFor('a counted failure', async () =>
        (await component(node.url, 'fnames')).consecutiveFailures > 0 ? true : undefined,
      );
      const failing = await status(node.url);
      assert.equal(failing.service, 'node');
      assert.match(failing.version, /^\d+\.\d+\.\d+/);
      assert.deepEqual(failing.components.database, { required: true, ready: true });
      const fnames = await component(node.url, 'fnames');
      assert.equal(fnames.ready, false);
      assert.equal(typeof fnames.lastError?.message, 'string');

      const names = await startNamesService({
        config: configOf(NamesOptions, {
          dataDir,
          host: '127.0.0.1',
          port: namesPort,
          logLevel: 'silent',
          signerKey: TEST_SIGNER_KEY,
        }),
        logger: false,
        chain: { custody: fakeCustody() },
      });
      try {
        await names.listen();
        assert.equal(
          (await readiness(namesUrl)).status,
          200,
          'the registry has only its database to wait for',
        );
        await waitFor(
          'the node to be ready',
          async () => ((await readiness(node.url)).status === 200 ? true : undefined),
          40_000,
        );
        assert.equal((await status(node.url)).ready, true);
        const recovered = await component(node.url, 'fnames');
        assert.equal(recovered.consecutiveFailures, 0);
        assert.equal(typeof recovered.caughtUpAt, 'number');
      } finally {
        await names.close();
      }
    } finally {
      await node.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a social API whose node never answers is not ready and does not claim to be caught up', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'agora-status-'));
    const social = await startSocialService({
      config: configOf(SocialOptions, { dataDir, host: '127.0.0.1', port: 0, logLevel: 'silent' }),
      logger: false,
      node: fakeNode(),
      indexer: { retryBaseMs: 10, retryMaxMs: 20 },
    });
    try {
      const url = await social.listen();
      await waitFor('a counted failure', async () =>
        (await component(url, 'indexer')).consecutiveFailures > 0 ? true : undefined,
      );
      const { body, status: code } = await readiness(url);
      assert.deepEqual([code, body.waitingFor], [503, ['indexer']]);
      assert.equal((await component(url, 'indexer')).caughtUp, false);
    } finally {
      await social.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
