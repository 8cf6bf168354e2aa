import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Engine } from '../src/node/engine/index.js';
import { castAdd, castIdOf, setUpAccount } from '../src/node/engine/testing.js';
import type { TestAccount } from '../src/node/engine/testing.js';
import { openNodeGrpc } from '../src/node/grpc/testing.js';
import type { NodeGrpcHarness } from '../src/node/grpc/testing.js';
import { totalUnits } from '../src/node/onchain/index.js';
import type { ReceivedMessage } from '../src/protocol/message.js';
import { forEachDialect } from '../src/storage/testing.js';
import { ok } from './support/grpc-results.js';
import { mergeAll } from './support/read-seed.js';

/**
 * How many messages one gRPC read may make the node read. A read of one fid's messages serves the
 * reference's 10,000 (the fid's storage bounds it); a read across fids (replies, mentions, reactions to a
 * target, a fid's followers), which nothing bounds and which any write anywhere makes run anew, serves at
 * most 1,000 a page, as the HTTP API does. Each read's page size is taken at the engine, as it asks the
 * database.
 */

/** The engine reads behind the gRPC methods, each recording the page size it was asked for. */
const SPIED = [
  'castsByParent',
  'castsByMention',
  'reactionsByTarget',
  'linksByTargetFid',
  'castAddsByFid',
  'castsByFid',
  'allMessagesByFid',
  'linksByFid',
] as const;

forEachDialect('gRPC page sizes', (dialect) => {
  let node: NodeGrpcHarness;
  let author: TestAccount;
  let parent: ReceivedMessage;
  const asked: { read: string; limit: number }[] = [];

  before(async () => {
    node = await openNodeGrpc(dialect, {
      engine: { limits: (units) => totalUnits(units) * 2000 },
      wrapEngine: (engine) => {
        const spied = { ...engine } as Record<string, unknown>;
        for (const read of SPIED) {
          const original = engine[read] as (...args: unknown[]) => unknown;
          spied[read] = (...args: unknown[]) => {
            const page = args.find((arg) => typeof arg === 'object' && arg !== null && 'limit' in arg);
            asked.push({ read, limit: (page as { limit: number }).limit });
            return original(...args);
          };
        }
        return spied as unknown as Engine;
      },
    });
    const { db } = node.database;
    author = await setUpAccount(db, 1);
    parent = castAdd(author, 'a popular cast', 5000);
    await mergeAll(node, [parent]);
    // 1,200 replies from two fids: more than one page across fids.
    for (const fid of [2, 3]) {
      const replier = await setUpAccount(db, fid);
      const replies = Array.from({ length: 600 }, (_, i) =>
        castAdd(replier, `reply ${i}`, 4000 - i, { parentCastId: castIdOf(parent) }),
      );
      await mergeAll(node, replies);
    }
  });
  after(() => node?.close());

  /** The page sizes the engine was asked for during `run`. */
  const limitsOf = async (run: () => Promise<unknown>) => {
    asked.length = 0;
    await run();
    return asked.map(({ read, limit }) => `${read} ${limit}`);
  };

  it('serves reads across fids at most 1,000 a page, asked for more or not', async () => {
    const { client } = node;
    const target = { targetCastId: castIdOf(parent) };
    for (const pageSize of [undefined, 3000]) {
      assert.deepEqual(
        await limitsOf(async () => {
          await client.getCastsByParent({ parentCastId: castIdOf(parent), pageSize });
          await client.getCastsByMention({ fid: 1, pageSize });
          await client.getReactionsByCast({ ...target, pageSize });
          await client.getReactionsByTarget({ ...target, pageSize });
          await client.getLinksByTarget({ targetFid: 1, pageSize });
        }),
        [
          'castsByParent 1000',
          'castsByMention 1000',
          'reactionsByTarget 1000',
          'reactionsByTarget 1000',
          'linksByTargetFid 1000',
        ],
        `pageSize ${pageSize}`,
      );
    }
  });

  it("serves reads of one fid the reference's 10,000, and the 3,000 a replicator asks for", async () => {
    const { client } = node;
    for (const [pageSize, limit] of [
      [undefined, 10_000],
      [3000, 3000],
      [50_000, 10_000],
    ] as const) {
      assert.deepEqual(
        await limitsOf(async () => {
          await client.getCastsByFid({ fid: 2, pageSize });
          await client.getAllCastMessagesByFid({ fid: 2, pageSize });
          await client.getLinksByFid({ fid: 2, pageSize });
        }),
        [`castAddsByFid ${limit}`, `castsByFid ${limit}`, `linksByFid ${limit}`],
      );
    }
    const all = ok(await client.getAllCastMessagesByFid({ fid: 2, pageSize: 3000 }));
    assert.equal(all.messages.length, 600);
  });

  it('pages through replies 1,000 at a time, and runs the read anew after a write anywhere', async () => {
    const { client } = node;
    const replies = (pageToken?: Uint8Array) =>
      client.getCastsByParent({ parentCastId: castIdOf(parent), pageSize: 5000, pageToken });
    const first = ok(await replies());
    assert.equal(first.messages.length, 1000);
    const rest = ok(await replies(first.nextPageToken));
    assert.equal(rest.messages.length, 200);
    assert.equal(rest.nextPageToken?.length ?? 0, 0);

    // Kept: a repeated read costs no query, until anyone writes anything.
    assert.deepEqual(await limitsOf(replies), []);
    const stranger = await setUpAccount(node.database.db, 4);
    const outcome = await node.api.submit(castAdd(stranger, 'unrelated', 10));
    assert.ok(outcome.ok);
    assert.deepEqual(await limitsOf(replies), ['castsByParent 1000']);
  });
});
