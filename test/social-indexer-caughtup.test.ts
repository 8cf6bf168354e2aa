/**
 * Issue 24, item 2: `/admin/indexer` never says `caughtUp: true` while the node does not answer. The polls
 * are a minute apart, so only the end of the node's event stream can tell the indexer the node is gone.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
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
    await waitFor('the indexer to catch up', async () => ((await caughtUp()).caughtUp ? true : undefined));
    await node.stop();
    await waitFor('caughtUp: false', async () => ((await caughtUp()).caughtUp ? undefined : true), 5000);
    for (let n = 0; n < 5; n++) {
      const status = await caughtUp();
      assert.equal(status.caughtUp, false);
      await delay(200);
    }
    assert.ok((await caughtUp()).failures > 0);
    await node.start();
    await waitFor('caughtUp again', async () => ((await caughtUp()).caughtUp ? true : undefined), 10_000);
  });
});
