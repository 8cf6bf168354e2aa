/**
 * `/admin/indexer` never says `caughtUp: true` while the node does not answer. The polls are a minute
 * apart, so only the end of the node's event stream can tell the indexer the node is gone.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { TEST_ADMIN_TOKEN, testSocialConfig } from '../src/social/testing.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { startLiveNode, type LiveNode } from './support/live-node.js';
import { waitFor } from './support/wait.js';

forEachDialect('/admin/indexer through a node outage', (dialect) => {
  let node: LiveNode;
  let social: TestDatabase<SocialTables>;
  let service: SocialService;

  const caughtUp = async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: '/admin/indexer',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    return (response.json() as { result: { caughtUp: boolean; failures: number } }).result;
  };

  before(async () => {
    node = await startLiveNode();
    social = await openTestDatabase<SocialTables>(dialect, 'social');
    service = await createSocialService({
      config: testSocialConfig({ nodeUrl: node.url }),
      logger: false,
      database: social,
      indexer: { pollIntervalMs: 60_000, retryBaseMs: 100, retryMaxMs: 200 },
    });
  });
  after(async () => {
    await service.close();
    await social.cleanup();
    await node.close();
  });

  it('says caughtUp: false while the node is down, and true again once it is back', async () => {
    await waitFor('the indexer to catch up', async () => (await caughtUp()).caughtUp);
    await node.stop();
    const down = await waitFor('caughtUp: false', async () => {
      const status = await caughtUp();
      return !status.caughtUp && status;
    });
    // Retries 100 to 200 ms apart: three more failed ones, and the status asked all along.
    const seen: boolean[] = [];
    await waitFor('three more failed retries', async () => {
      const status = await caughtUp();
      seen.push(status.caughtUp);
      return status.failures >= down.failures + 3;
    });
    assert.ok(!seen.includes(true), 'never caughtUp: true while the node is down');
    await node.start();
    await waitFor('caughtUp again', async () => (await caughtUp()).caughtUp);
  });
});
