import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startNamesService } from '../src/names/service.js';
import { fakeCustody, TEST_SIGNER_KEY } from '../src/names/testing.js';
import { startNodeService } from '../src/node/index.js';
import { configOf, NamesOptions, NodeOptions, SocialOptions } from '../src/shared/config/index.js';
import { startSocialService } from '../src/social/service.js';
import { fakeNode } from '../src/social/testing.js';
import { connectionBeyondCap, slowHeaders } from './support/slow-clients.js';

/**
 * Against each service as `agora node|names|social` builds it: a client that sends its headers slowly
 * is cut off after --headers-timeout, and connections beyond --max-connections are closed.
 */

const CAP = 3;
const limits = {
  host: '127.0.0.1',
  port: 0,
  logLevel: 'silent',
  headersTimeout: 1,
  maxConnections: CAP,
} as const;

interface Listening {
  url: string;
  close(): Promise<void>;
}

const services: Record<string, (dataDir: string) => Promise<Listening>> = {
  node: async (dataDir) => startNodeService(configOf(NodeOptions, { ...limits, dataDir, grpcPort: 0 })),
  names: async (dataDir) => {
    const config = configOf(NamesOptions, { ...limits, dataDir, signerKey: TEST_SIGNER_KEY });
    const service = await startNamesService({ config, logger: false, chain: { custody: fakeCustody() } });
    return { url: await service.listen(), close: () => service.close() };
  },
  social: async (dataDir) => {
    const config = configOf(SocialOptions, { ...limits, dataDir });
    const service = await startSocialService({ config, logger: false, node: fakeNode(), indexer: false });
    return { url: await service.listen(), close: () => service.close() };
  },
};

for (const [name, start] of Object.entries(services)) {
  describe(`agora ${name} against slow and hoarding clients`, () => {
    let dataDir: string;
    let service: Listening;
    let port: number;
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'agora-slow-'));
      service = await start(dataDir);
      port = Number(new URL(service.url).port);
    });
    after(async () => {
      await service?.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('cuts off a client that sends its headers slowly', { timeout: 10_000 }, async () => {
      const { heldMs, answer } = await slowHeaders(port);
      assert.ok(heldMs >= 900 && heldMs < 5000, `held for ${heldMs} ms`);
      assert.match(answer, /^HTTP\/1\.1 408/);
    });

    it('closes connections beyond the cap and still serves', { timeout: 10_000 }, async () => {
      await connectionBeyondCap(port, CAP);
      assert.equal((await fetch(`${service.url}/_health`)).status, 200);
    });
  });
}
