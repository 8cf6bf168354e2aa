import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import {
  castAdd,
  castIdOf,
  castRemove,
  setUpAccount,
  userData,
  type TestAccount,
} from '../src/node/engine/testing.js';
import { UserDataType } from '../src/protocol/gen/message.js';
import { bytesToHex } from '../src/protocol/hex.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { fromFarcasterTime } from '../src/protocol/time.js';
import { createNodeClient } from '../src/social/node-client.js';
import { createSocialService, type SocialService } from '../src/social/service.js';
import type { SocialTables } from '../src/social/store.js';
import { testSocialConfig } from '../src/social/testing.js';
import { migrateToLatest, readMeta, writeMeta } from '../src/storage/index.js';
import { runMigrations } from '../src/storage/migrate.js';
import { createCastFeed } from '../src/storage/migrations/social/cast-feed.js';
import { socialMigrations } from '../src/storage/migrations/social/index.js';
import { forEachDialect, openTestDatabase, type TestDatabase } from '../src/storage/testing.js';
import { startLiveNode, type LiveNode } from './support/live-node.js';
import { waitFor } from './support/wait.js';
import { createTestChannel, type TestChannel } from './support/social-channels.js';

/**
 * The feed reads over casts the indexer took from a real node's events (the node on SQLite, the social
 * database on each dialect), starting from a database that indexed casts before migration 0016 kept their
 * content. The tests run in order and share the node and the service.
 */

const hashOf = (received: ReceivedMessage) => bytesToHex(received.message.hash);

forEachDialect('social feed reads from the indexer', (dialect) => {
  let node: LiveNode;
  let social: TestDatabase<SocialTables>;
  let service: SocialService;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let channel: TestChannel;
  let hello: ReceivedMessage;
  let stateAfterMigration: string | undefined;

  const get = async (url: string) => {
    const response = await service.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as { result: { casts: unknown[] } } };
  };
  const feed = async () => {
    const { status, body } = await get(`/v2/channel-feed?channelId=${channel.id}`);
    assert.equal(status, 200);
    return body.result.casts;
  };

  before(async () => {
    node = await startLiveNode();
    alice = await setUpAccount(node.database.db, 1);
    bob = await setUpAccount(node.database.db, 2);
    carol = await setUpAccount(node.database.db, 3);
    social = await openTestDatabase<SocialTables>(dialect);
    // The schema before this feature, holding a cast indexed without its content and a cursor.
    const feed = Object.keys(socialMigrations).find((name) => socialMigrations[name] === createCastFeed);
    const before = Object.fromEntries(
      Object.entries(socialMigrations).filter(([name]) => feed !== undefined && name < feed),
    );
    await runMigrations(social, 'social', before);
    channel = await createTestChannel(social.db, { id: 'cats', ownerFid: 1 });
    hello = castAdd(alice, 'hello', 200, { parentUrl: channel.url });
    await node.merge(hello);
    await social.db
      .insertInto('indexed_casts')
      .values({
        hash: hello.message.hash,
        fid: 1,
        timestamp: 0,
        parent_url: channel.url,
        parent_hash: null,
        parent_fid: null,
        channel_url: channel.url,
        removed_at: null,
      })
      .execute();
    await writeMeta(social.db, 'indexer.state', JSON.stringify({ phase: 'following', cursor: 1 }));

    await migrateToLatest(social, 'social');
    stateAfterMigration = await readMeta(social.db, 'indexer.state');
    service = await createSocialService({
      config: testSocialConfig({ nodeUrl: node.url }),
      logger: false,
      node: createNodeClient({ nodeUrl: node.url, timeoutMs: 2000 }),
      database: social,
      indexer: { pollIntervalMs: 10, retryBaseMs: 20, retryMaxMs: 200 },
    });
  });
  after(async () => {
    await service.close();
    await social.cleanup();
    await node.close();
  });

  it("fills in the content of casts indexed before the migration, by rebuilding from the node's reads", async () => {
    // The migration dropped the cursor, so the indexer starts over with a backfill.
    assert.equal(stateAfterMigration, undefined);
    const cast = await waitFor('the rebuild to fill in the content', async () => {
      const [first] = (await feed()) as { hash: string; text: string }[];
      return first?.text === 'hello' ? first : undefined;
    });
    assert.equal(cast.hash, hashOf(hello));
  });

  it('serves casts, names and threads as the node merged them, in any order', async () => {
    const reply = castAdd(bob, 'a reply', 190, { parentCastId: castIdOf(hello), mentions: [1] });
    const replyOfReply = castAdd(carol, 'deeper', 189, { parentCastId: castIdOf(reply) });
    await node.merge(replyOfReply, userData(alice, UserDataType.DISPLAY, 'Alice', 195));
    await node.merge(reply);
    await waitFor('the reply and the display name', async () => {
      const [root] = (await feed()) as { replyCount: number; displayName?: string }[];
      return root?.displayName === 'Alice' && root.replyCount === 1 ? root : undefined;
    });
    const { status, body } = await get(`/v2/cast-replies?hash=${hashOf(hello)}`);
    assert.equal(status, 200);
    assert.deepEqual(body.result.casts, [
      {
        hash: hashOf(reply),
        fid: 2,
        timestamp: fromFarcasterTime(reply.data.timestamp) / 1000,
        text: 'a reply',
        embeds: [],
        mentions: [1],
        mentionsPositions: [0],
        parentHash: hashOf(hello),
        parentFid: 1,
        replyCount: 1,
        belowFold: false,
      },
    ]);
  });

  it('drops a cast its author removes, and answers 404 for its replies', async () => {
    await node.merge(castRemove(alice, hello.message.hash, 180));
    await waitFor('the removal', async () => ((await feed()).length === 0 ? true : undefined));
    assert.equal((await get(`/v2/cast-replies?hash=${hashOf(hello)}`)).status, 404);
  });
});
