import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { castAdd, setUpAccount, type TestAccount } from '../src/node/engine/testing.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { createNodeClient, type NodeClient } from '../src/social/node-client.js';
import { indexedCast } from '../src/social/node-index/store.js';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { TEST_ADMIN_TOKEN, testSocialConfig } from '../src/social/testing.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { startLiveNode, type LiveNode } from './support/live-node.js';
import { waitFor } from './support/wait.js';

/**
 * The indexer follows the node's live event stream once caught up: with polls a minute apart, a cast is
 * indexed as soon as the node merges it, without another `/v1/events` read; when the stream breaks (the
 * node restarts) it catches up by pages and goes live again.
 */

const CHANNEL = 'https://example.com/channels/live';
/** Far longer than any wait below: only the stream can bring a cast in time. */
const POLL_INTERVAL_MS = 60_000;

forEachDialect('social indexer on the live stream', (dialect) => {
  let node: LiveNode;
  let social: TestDatabase<SocialTables>;
  let service: SocialService;
  let alice: TestAccount;
  const eventReads: string[] = [];

  const indexed = (received: ReceivedMessage) => async () => {
    const cast = await indexedCast(social.db, received.message.hash);
    return cast?.hash === bytesToHex(received.message.hash) ? cast : undefined;
  };
  const following = async () => {
    const response = await service.app.inject({
      method: 'GET',
      url: '/admin/indexer',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    });
    const { result } = response.json() as { result: { phase: string; caughtUp: boolean } };
    return result.phase === 'following' && result.caughtUp ? result : undefined;
  };

  before(async () => {
    node = await startLiveNode();
    alice = await setUpAccount(node.database.db, 1);
    await node.merge(castAdd(alice, 'before the indexer', 300, { parentUrl: CHANNEL }));
    social = await openTestDatabase<SocialTables>(dialect, 'social');
    const client = createNodeClient({ nodeUrl: node.url, timeoutMs: 2000 });
    const recorded: NodeClient = {
      ...client,
      getJson: (path, query = {}) => {
        if (path === '/v1/events') eventReads.push(String(query.from_event_id));
        return client.getJson(path, query);
      },
    };
    service = await createSocialService({
      config: testSocialConfig({ nodeUrl: node.url }),
      logger: false,
      node: recorded,
      database: social,
      indexer: { pollIntervalMs: POLL_INTERVAL_MS, retryBaseMs: 20, retryMaxMs: 200 },
    });
    await waitFor('the indexer to catch up', following);
  });
  after(async () => {
    await service.close();
    await social.cleanup();
    await node.close();
  });

  it('indexes a cast as the node merges it, without another page read', async () => {
    const readsBefore = eventReads.length;
    const cast = castAdd(alice, 'live', 200, { parentUrl: CHANNEL });
    await node.merge(cast);
    const row = await waitFor('the cast in the index', indexed(cast), 5000);
    assert.equal(row.channelUrl, CHANNEL);
    assert.equal(eventReads.length, readsBefore, 'no /v1/events read: the stream brought it');
  });

  it('catches up by pages after the node restarts, then follows the stream again', async () => {
    await node.stop();
    const missed = castAdd(alice, 'merged while the API was down', 150, { parentUrl: CHANNEL });
    await node.merge(missed);
    await node.start();
    await waitFor('the missed cast in the index', indexed(missed), 5000);
    await waitFor('the indexer to follow again', following);
    const readsBefore = eventReads.length;
    const next = castAdd(alice, 'live again', 100, { parentUrl: CHANNEL });
    await node.merge(next);
    await waitFor('the next cast in the index', indexed(next), 5000);
    assert.equal(eventReads.length, readsBefore);
  });
});
