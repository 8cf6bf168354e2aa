import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { castAdd } from '../src/node/engine/testing.js';
import type { Engine, MessagePage, MessagePageRequest } from '../src/node/engine/index.js';
import { decodeStored } from '../src/node/engine/message-rows.js';
import type { StoredMessage } from '../src/node/engine/reads.js';
import { openNodeHttp } from '../src/node/http/testing.js';
import type { NodeHttpHarness } from '../src/node/http/testing.js';
import { nextPageToken, tsHashPositions } from '../src/node/paging.js';
import { Message, ReactionType, UserDataType } from '../src/protocol/gen/message.js';
import type { CastId } from '../src/protocol/gen/message.js';
import { MessagesResponse } from '../src/protocol/gen/request_response.js';
import { bytesToHex } from '../src/protocol/hex.js';
import { toHubJson } from '../src/protocol/hub-json.js';
import { forEachDialect } from '../src/storage/testing.js';
import { CHANNEL, mergeAll, seedReads } from './support/read-seed.js';
import type { ReadSeed } from './support/read-seed.js';

/**
 * The message routes send each message's kept JSON (src/node/http/message-json.ts). Their bodies must be,
 * byte for byte, what the renderer gives of the decoded read: its hub JSON, stringified. Checked on a
 * fresh node (nothing kept), again (all kept), and page by page after single items were kept.
 */

const itemBody = (stored: StoredMessage | undefined) =>
  JSON.stringify(toHubJson(Message, stored && decodeStored(stored)));
const pageBody = (page: MessagePage) =>
  JSON.stringify(
    toHubJson(MessagesResponse, {
      messages: page.items.map(decodeStored),
      nextPageToken: nextPageToken(page, tsHashPositions) ?? new Uint8Array(),
    }),
  );

interface Route {
  path: string;
  /** The decoded read the route's body used to be rendered from. */
  body(engine: Engine, page: MessagePageRequest): Promise<string>;
}

function routes({ m, eth }: ReadSeed): Route[] {
  const cast = (r: { message: Message }): CastId => ({ fid: r.message.data?.fid ?? 0, hash: r.message.hash });
  const hex = (r: { message: Message }) => bytesToHex(r.message.hash);
  const target = `target_fid=2&target_hash=${hex(m.b1)}`;
  const url = encodeURIComponent(CHANNEL);
  const item = (path: string, read: (engine: Engine) => Promise<StoredMessage | undefined>): Route => ({
    path,
    body: async (engine) => itemBody(await read(engine)),
  });
  const paged = (path: string, read: (engine: Engine, page: MessagePageRequest) => Promise<MessagePage>) => ({
    path,
    body: async (engine: Engine, page: MessagePageRequest) => pageBody(await read(engine, page)),
  });
  return [
    item(`/v1/castById?fid=1&hash=${hex(m.a1)}`, (e) => e.castById(cast(m.a1))),
    paged('/v1/castsByFid?fid=1', (e, p) => e.castsByFid(1, p)),
    paged('/v1/castsByFid?fid=3', (e, p) => e.castsByFid(3, p)),
    paged(`/v1/castsByParent?fid=2&hash=${hex(m.b1)}`, (e, p) => e.castsByParent({ castId: cast(m.b1) }, p)),
    paged(`/v1/castsByParent?url=${url}`, (e, p) => e.castsByParent({ url: CHANNEL }, p)),
    paged('/v1/castsByMention?fid=2', (e, p) => e.castsByMention(2, p)),
    item(`/v1/reactionById?fid=1&${target}&reaction_type=2`, (e) =>
      e.reactionById(1, ReactionType.RECAST, { castId: cast(m.b1) }),
    ),
    paged('/v1/reactionsByFid?fid=1', (e, p) => e.reactionsByFid(1, p)),
    paged(`/v1/reactionsByCast?${target}&reaction_type=1`, (e, p) =>
      e.reactionsByTarget({ castId: cast(m.b1) }, p, ReactionType.LIKE),
    ),
    paged(`/v1/reactionsByTarget?url=${url}`, (e, p) => e.reactionsByTarget({ url: CHANNEL }, p)),
    item('/v1/linkById?fid=1&target_fid=2&link_type=follow', (e) => e.linkById(1, 'follow', 2)),
    paged('/v1/linksByFid?fid=1', (e, p) => e.linksByFid(1, p)),
    paged('/v1/linksByTargetFid?target_fid=1', (e, p) => e.linksByTargetFid(1, p)),
    paged('/v1/userDataByFid?fid=1', (e, p) => e.userDataByFid(1, p)),
    item('/v1/userDataByFid?fid=1&user_data_type=2', (e) => e.userData(1, UserDataType.DISPLAY)),
    paged('/v1/verificationsByFid?fid=1', (e, p) => e.verificationsByFid(1, p)),
    item(`/v1/verificationsByFid?fid=1&address=${bytesToHex(eth.address)}`, (e) =>
      e.verification(1, eth.address),
    ),
  ];
}

forEachDialect('node HTTP message bodies', (dialect) => {
  let node: NodeHttpHarness;
  let all: Route[];

  before(async () => {
    node = await openNodeHttp(dialect);
    const seed = await seedReads(node);
    // Text JSON.stringify escapes, and characters of more than one UTF-8 byte.
    await mergeAll(node, [castAdd(seed.alice, 'ünï 🎉 "q" \\ \n\u2028 </script>', 95, { mentions: [2] })]);
    all = routes(seed);
  });
  after(() => node?.close());

  /** Every page of `route` at `pageSize` (all at once when absent), each body checked. */
  async function checkPages(route: Route, pageSize?: number, reverse = false): Promise<void> {
    const query = `${pageSize === undefined ? '' : `&pageSize=${pageSize}`}${reverse ? '&reverse=1' : ''}`;
    let after: Uint8Array | undefined;
    for (let pages = 0; pages < 20; pages++) {
      const token =
        after === undefined ? '' : `&pageToken=${encodeURIComponent(Buffer.from(after).toString('base64'))}`;
      const response = await node.app.inject({ method: 'GET', url: route.path + query + token });
      assert.equal(response.statusCode, 200, route.path);
      assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
      const expected = await route.body(node.engine, { limit: pageSize ?? 1000, after, reverse });
      assert.equal(response.body, expected, `${route.path}${query}${token}`);
      assert.equal(response.headers['content-length'], String(Buffer.byteLength(expected)));
      const next = (JSON.parse(response.body) as { nextPageToken?: string }).nextPageToken;
      if (next === undefined || next === '') return;
      after = Buffer.from(next, 'base64');
    }
    assert.fail(`${route.path}: more pages than expected`);
  }

  it('pages and items are the decoded reads stringified: nothing kept, then all kept', async () => {
    for (let round = 0; round < 2; round++) {
      for (const route of all) await checkPages(route);
    }
  });

  it('pages of two, either way, over messages kept one by one', async () => {
    for (const route of all) {
      await checkPages(route, 2);
      await checkPages(route, 2, true);
      await checkPages(route, 1);
    }
  });
});
