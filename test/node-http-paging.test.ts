import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { castAdd, clock, setUpAccount } from '../src/node/engine/testing.js';
import { openNodeHttp } from '../src/node/http/testing.js';
import type { Json, NodeHttpHarness } from '../src/node/http/testing.js';
import { mergeOnChainEvents } from '../src/node/onchain/index.js';
import { signerEvent, signerKey } from '../src/node/onchain/testing.js';
import { SignerEventType } from '../src/protocol/gen/onchain_event.js';
import { forEachDialect } from '../src/storage/testing.js';

/** Paging over page boundaries in both directions, for each kind of page token. */

const CASTS = 130;
const FIDS = 5;
const EXTRA_SIGNERS = 3;

forEachDialect('node HTTP paging', (dialect) => {
  let node: NodeHttpHarness;
  let allCasts: Json[];

  before(async () => {
    node = await openNodeHttp(dialect);
    const { db } = node.database;
    const accounts = [];
    for (let fid = 1; fid <= FIDS; fid++) accounts.push(await setUpAccount(db, fid));
    const signers = Array.from({ length: EXTRA_SIGNERS }, (_, i) =>
      signerEvent(1, signerKey(i + 1), SignerEventType.ADD, { block: 1000 + i }),
    );
    for (const result of await mergeOnChainEvents(db, signers, clock)) assert.ok(result.ok);
    const [alice] = accounts;
    assert.ok(alice !== undefined);
    const casts = Array.from({ length: CASTS }, (_, i) => castAdd(alice, `cast ${i}`, 2000 - i));
    for (const outcome of await node.engine.mergeMessages(casts)) assert.ok(outcome.ok);
    allCasts = (await node.get('/v1/castsByFid?fid=1')).body.messages;
    assert.equal(allCasts.length, CASTS);
  });
  after(() => node?.close());

  /** Follows nextPageToken from `path` until the last page; returns every page's items. */
  async function walk(path: string, items: 'messages' | 'fids' | 'events'): Promise<Json[][]> {
    const pages: Json[][] = [];
    let token: string | undefined;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const url = token === undefined ? path : `${path}${separator}pageToken=${encodeURIComponent(token)}`;
      const { status, body } = await node.get(url);
      assert.equal(status, 200, JSON.stringify(body));
      pages.push(body[items]);
      token = body.nextPageToken || undefined;
      assert.ok(pages.length <= CASTS, 'paging ends');
    } while (token !== undefined);
    return pages;
  }

  it('walks a message list forwards and backwards across pages', async () => {
    const forward = await walk('/v1/castsByFid?fid=1&pageSize=7', 'messages');
    assert.deepEqual(
      forward.map((page) => page.length),
      [...Array(18).fill(7), 4],
    );
    assert.deepEqual(forward.flat(), allCasts);
    const backward = await walk('/v1/castsByFid?fid=1&pageSize=50&reverse=1', 'messages');
    assert.deepEqual(
      backward.map((page) => page.length),
      [50, 50, 30],
    );
    assert.deepEqual(backward.flat(), allCasts.toReversed());
  });

  it('ends a list whose size is a multiple of pageSize without an extra empty page', async () => {
    const pages = await walk('/v1/castsByFid?fid=1&pageSize=13', 'messages');
    assert.equal(pages.length, 10);
    assert.ok(pages.every((page) => page.length === 13));
  });

  it('resumes from a token in either direction', async () => {
    const first = (await node.get('/v1/castsByFid?fid=1&pageSize=5')).body;
    const token = encodeURIComponent(first.nextPageToken);
    const next = (await node.get(`/v1/castsByFid?fid=1&pageSize=5&pageToken=${token}`)).body;
    assert.deepEqual(next.messages, allCasts.slice(5, 10));
    const back = (await node.get(`/v1/castsByFid?fid=1&reverse=1&pageToken=${token}`)).body;
    assert.deepEqual(back.messages, allCasts.slice(0, 4).toReversed());
    assert.equal(back.nextPageToken, '');
  });

  it('pages fids and on-chain events, leaving nextPageToken out on the last page', async () => {
    assert.deepEqual(await walk('/v1/fids?pageSize=2', 'fids'), [[1, 2], [3, 4], [5]]);
    assert.deepEqual(await walk('/v1/fids?pageSize=2&reverse=true', 'fids'), [[5, 4], [3, 2], [1]]);
    const last = (await node.get('/v1/fids?pageSize=5')).body;
    assert.deepEqual(last, { fids: [1, 2, 3, 4, 5] });

    const signerPages = await walk('/v1/onChainSignersByFid?fid=1&pageSize=1', 'events');
    assert.equal(signerPages.length, 1 + EXTRA_SIGNERS);
    const blocks = signerPages.flat().map((event) => event.blockNumber);
    assert.deepEqual(blocks, [11, 1000, 1001, 1002]);
    const reversed = await walk('/v1/onChainEventsByFid?fid=1&event_type=1&pageSize=3&reverse=1', 'events');
    assert.deepEqual(
      reversed.flat().map((event) => event.blockNumber),
      blocks.toReversed(),
    );
  });

  it('refuses another endpoint’s token and a tampered token with a 400, never a 500', async () => {
    const fidToken = (await node.get('/v1/fids?pageSize=1')).body.nextPageToken;
    for (const token of [fidToken, 'not base64!', 'AAAA', `${fidToken}x`]) {
      const { status, body } = await node.get(`/v1/castsByFid?fid=1&pageToken=${encodeURIComponent(token)}`);
      assert.equal(status, 400, token);
      assert.equal(body.errCode, 'bad_request.validation_failure');
      assert.match(body.details, /^pageToken/);
    }
  });

  it('serves /v1/events 100 at a time from an inclusive from_event_id', async () => {
    const total = FIDS * 3 + EXTRA_SIGNERS + CASTS;
    const seen: Json[] = [];
    let from = 0;
    for (;;) {
      const { body } = await node.get(`/v1/events?from_event_id=${from}`);
      if (body.events.length === 0) {
        assert.equal(body.nextPageEventId, from, 'an empty page keeps the position');
        break;
      }
      assert.ok(body.events.length <= 100);
      assert.equal(body.events[0].id >= from, true);
      seen.push(...body.events);
      from = body.nextPageEventId;
    }
    assert.equal(seen.length, total);
    assert.deepEqual(
      seen.map((event) => event.id),
      [...new Set(seen.map((event) => event.id))].sort((a, b) => a - b),
    );
  });
});
