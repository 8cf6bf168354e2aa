/**
 * A real node listening on 127.0.0.1 for tests of services that follow it over HTTP: the node's HTTP app on
 * a disposable SQLite database with the engine fixtures' clock and accounts. It can be stopped and started
 * again on the same port, as an outage would.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import type { OnChainEvent } from '../../src/protocol/gen/onchain_event.js';
import type { ReceivedMessage } from '../../src/protocol/message.js';
import type { HttpApp } from '../../src/shared/http/index.js';
import { openTestDatabase, type TestDatabase } from '../../src/storage/testing.js';
import { createNodeApi } from '../../src/node/api.js';
import type { Engine } from '../../src/node/engine/index.js';
import { clock, mergedEvent, testEngine } from '../../src/node/engine/testing.js';
import { createEventStreams } from '../../src/node/events/event-stream.js';
import { createEventFeed } from '../../src/node/events/feed.js';
import { createNodeHttpApp } from '../../src/node/http/app.js';
import { mergeOnChainEvents } from '../../src/node/onchain/merge.js';
import type { NodeTables } from '../../src/node/store/schema.js';

export interface LiveNode {
  url: string;
  database: TestDatabase<NodeTables>;
  engine: Engine;
  /** Merges messages; each must be accepted. */
  merge(...messages: ReceivedMessage[]): Promise<void>;
  /** Merges on-chain events as the chain reader would; each must be accepted. */
  mergeOnChain(...events: OnChainEvent[]): Promise<void>;
  /** Stops answering (the port closes). */
  stop(): Promise<void>;
  /** Answers again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startLiveNode(): Promise<LiveNode> {
  const database = await openTestDatabase<NodeTables>('sqlite', 'node');
  const engine = testEngine(database.db, { rateLimit: false });
  const api = createNodeApi({ database, engine, version: 'test' });
  const feed = createEventFeed({ db: database.db });
  const eventStreams = createEventStreams({ feed, perIpLimit: 0, authenticated: () => false });
  const open = () => createNodeHttpApp({ api, logger: false, corsOrigin: '*', eventStreams });
  let app: HttpApp | undefined = await open();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    database,
    engine,
    async merge(...messages) {
      for (const outcome of await engine.mergeMessages(messages)) mergedEvent(outcome);
    },
    async mergeOnChain(...events) {
      for (const result of await mergeOnChainEvents(database.db, events, clock)) {
        assert.ok(result.ok, JSON.stringify(result));
      }
    },
    stop,
    async start() {
      app = await open();
      await app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      await stop();
      await feed.close();
      await database.cleanup();
    },
  };
}
