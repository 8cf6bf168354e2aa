import assert from 'node:assert/strict';
import { it } from 'node:test';
import { UserDataType } from '../src/protocol/gen/message.js';
import { bytesToHex, type Hex } from '../src/protocol/hex.js';
import { markCastRemoved, putCast, putUserData } from '../src/social/node-index/store.js';
import { forEachDialect } from '../src/storage/testing.js';
import { MEMBER, MODERATOR, OWNER, socialApiRun, type TestChannel } from './support/social-channels.js';

/**
 * The feed reads over HTTP (docs/social/feed.md): GET /v2/channel-feed and /v2/cast-replies with each
 * moderation rule driven through the API as a user would, and paging. Casts are written into the node
 * index as the indexer writes them; test/social-feed-indexer.test.ts takes them from a real node.
 */

interface CastJson {
  hash: Hex;
  fid: number;
  timestamp: number;
  replyCount: number;
  pinned?: boolean;
  belowFold?: boolean;
  [field: string]: unknown;
}

interface PageJson {
  result: { casts: CastJson[] };
  next?: { cursor: string };
}

type Query = Record<string, string | number>;

const hashesOf = (casts: readonly CastJson[]) => casts.map((cast) => cast.hash);
let castCounter = 0;

forEachDialect('social feed reads', (dialect) => {
  const run = socialApiRun(dialect, 'feed');
  const { call } = run;
  const db = () => run.harness.database.db;
  const now = () => run.harness.clock.seconds();

  /** A cast with content, as the indexer writes it; returns its 0x hash. */
  async function cast(
    fid: number,
    where: { in: TestChannel } | { under: CastJson | { hash: Hex; fid: number } },
    timestamp = now(),
    text = `cast ${castCounter + 1}`,
  ): Promise<Hex> {
    castCounter += 1;
    const hash = new Uint8Array(20);
    hash[0] = 0xfe;
    new DataView(hash.buffer).setUint32(16, castCounter);
    const parent = 'under' in where ? where.under : undefined;
    await putCast(db(), {
      hash,
      fid,
      timestamp,
      parentUrl: 'in' in where ? where.in.url : null,
      parentHash: parent === undefined ? null : Buffer.from(parent.hash.slice(2), 'hex'),
      parentFid: parent?.fid ?? null,
      content: { text, embeds: [], mentions: [], mentionsPositions: [] },
    });
    return bytesToHex(hash);
  }

  const read = async (url: string, query: Query): Promise<PageJson> => {
    const strings = Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await call({ method: 'GET', url, query: strings });
    assert.equal(response.statusCode, 200, response.body);
    return response.json();
  };
  const feedPage = (query: Query) => read('/v2/channel-feed', query);
  const repliesPage = (query: Query) => read('/v2/cast-replies', query);
  const feed = async (channel: TestChannel, query: Query = {}) =>
    (await feedPage({ channelId: channel.id, ...query })).result.casts;
  const replies = async (hash: Hex, query: Query = {}) =>
    (await repliesPage({ hash, ...query })).result.casts;
  /** Every page of a read, following `next.cursor`; `between` runs after each page. */
  async function allPages(
    page: (query: Query) => Promise<PageJson>,
    query: Query,
    between: (pages: number) => Promise<void> = async () => undefined,
  ): Promise<CastJson[]> {
    const casts: CastJson[] = [];
    let cursor: string | undefined;
    for (let pages = 1; ; pages += 1) {
      const body = await page({ ...query, ...(cursor !== undefined && { cursor }) });
      casts.push(...body.result.casts);
      cursor = body.next?.cursor;
      if (cursor === undefined) return casts;
      await between(pages);
    }
  }

  const ok = async (request: Parameters<typeof call>[0]) => {
    const response = await call(request);
    assert.equal(response.statusCode, 200, `${request.method} ${request.url}: ${response.body}`);
  };
  const hide = (castHash: Hex, action: 'hide' | 'unhide' = 'hide') =>
    ok({ method: 'POST', url: '/fc/moderated-casts', as: MODERATOR, body: { castHash, action } });
  /** POST bans `fid` (as a moderator), DELETE unbans them (as the owner). */
  const ban = (channel: TestChannel, fid: number, method: 'POST' | 'DELETE' = 'POST') =>
    ok({
      method,
      url: '/fc/channel-bans',
      as: method === 'POST' ? MODERATOR : OWNER,
      body: { channelId: channel.id, ...(method === 'POST' ? { banFid: fid } : { unbanFid: fid }) },
    });
  const block = (blocker: number, fid: number, method: 'POST' | 'DELETE' = 'POST') =>
    ok({
      method,
      url: '/fc/blocked-users',
      as: blocker,
      body: method === 'POST' ? { blockFid: fid } : { unblockFid: fid },
    });

  it('lists root casts newest first with content, author names and the replies a reader sees', async () => {
    const channel = await run.newChannel();
    const other = await run.newChannel();
    await putUserData(db(), 10, UserDataType.USERNAME, 'alice');
    await putUserData(db(), 10, UserDataType.DISPLAY, 'Alice A.');
    const t = now();
    const hash = new Uint8Array(20).fill(0xab);
    await putCast(db(), {
      hash,
      fid: 10,
      timestamp: t,
      parentUrl: channel.url,
      parentHash: null,
      parentFid: null,
      content: {
        text: 'gm  and 🌍',
        embeds: [{ url: 'https://example.com/a.png' }, { castId: { fid: 9, hash: `0x${'12'.repeat(20)}` } }],
        mentions: [11],
        mentionsPositions: [3],
      },
    });
    const root = { hash: bytesToHex(hash), fid: 10 };
    const newer = await cast(11, { in: channel }, t + 1, 'second');
    await cast(11, { in: other }, t + 2);
    const reply = await cast(11, { under: root }, t + 3, 'a reply');
    await cast(12, { under: { hash: reply, fid: 11 } }, t + 4);

    assert.deepEqual(await feed(channel), [
      {
        hash: newer,
        fid: 11,
        timestamp: t + 1,
        text: 'second',
        embeds: [],
        mentions: [],
        mentionsPositions: [],
        parentUrl: channel.url,
        replyCount: 0,
        pinned: false,
      },
      {
        hash: root.hash,
        fid: 10,
        timestamp: t,
        text: 'gm  and 🌍',
        embeds: [{ url: 'https://example.com/a.png' }, { castId: { fid: 9, hash: `0x${'12'.repeat(20)}` } }],
        mentions: [11],
        mentionsPositions: [3],
        parentUrl: channel.url,
        replyCount: 1,
        username: 'alice',
        displayName: 'Alice A.',
        pinned: false,
      },
    ]);
    assert.deepEqual(await replies(root.hash), [
      {
        hash: reply,
        fid: 11,
        timestamp: t + 3,
        text: 'a reply',
        embeds: [],
        mentions: [],
        mentionsPositions: [],
        parentHash: root.hash,
        parentFid: 10,
        replyCount: 1,
        belowFold: false,
      },
    ]);

    // A new name shows in the next read of a page already rendered.
    await putUserData(db(), 10, UserDataType.USERNAME, 'alicia');
    assert.equal((await feed(channel))[1]?.username, 'alicia');
  });

  it('leaves out casts and replies hidden by moderation, until they are unhidden', async () => {
    const channel = await run.newChannel();
    const root = await cast(10, { in: channel }, now());
    const hidden = await cast(11, { in: channel }, now() + 1);
    const reply = await cast(12, { under: { hash: root, fid: 10 } }, now() + 2);

    await hide(hidden);
    await hide(reply);
    assert.deepEqual(hashesOf(await feed(channel)), [root]);
    assert.equal((await feed(channel))[0]?.replyCount, 0);
    assert.deepEqual(await replies(root), []);

    await hide(hidden, 'unhide');
    await hide(reply, 'unhide');
    assert.deepEqual(hashesOf(await feed(channel)), [hidden, root]);
    assert.deepEqual(hashesOf(await replies(root)), [reply]);
    assert.equal((await feed(channel))[1]?.replyCount, 1);
  });

  it("leaves out a banned user's casts and replies; after the unban they return, replies below the fold", async () => {
    const channel = await run.newChannel();
    const root = await cast(10, { in: channel }, now());
    const banned = await cast(20, { in: channel }, now() + 1);
    const early = await cast(20, { under: { hash: root, fid: 10 } }, now() + 2);
    const later = await cast(11, { under: { hash: root, fid: 10 } }, now() + 3);
    // Read first, so the ban must change pages already rendered (kept pages, docs/social/feed.md).
    assert.deepEqual(hashesOf(await feed(channel)), [banned, root]);
    assert.deepEqual(hashesOf(await replies(root)), [early, later]);

    await ban(channel, 20);
    assert.deepEqual(hashesOf(await feed(channel)), [root]);
    assert.deepEqual(hashesOf(await replies(root)), [later]);
    assert.equal((await feed(channel))[0]?.replyCount, 1);

    await ban(channel, 20, 'DELETE');
    assert.deepEqual(hashesOf(await feed(channel)), [banned, root]);
    const shown = await replies(root);
    assert.deepEqual(
      shown.map((reply) => [reply.hash, reply.belowFold]),
      [
        [later, false],
        [early, true],
      ],
    );
    assert.equal((await feed(channel))[1]?.replyCount, 2);
  });

  it('puts the replies of a removed member below the fold until they are invited again', async () => {
    const channel = await run.newChannel();
    const root = await cast(10, { in: channel }, now());
    const byMember = await cast(MEMBER, { under: { hash: root, fid: 10 } }, now() + 1);
    const byOther = await cast(11, { under: { hash: root, fid: 10 } }, now() + 2);
    const folds = async () => (await replies(root)).map((reply) => [reply.hash, reply.belowFold]);
    assert.deepEqual(await folds(), [
      [byMember, false],
      [byOther, false],
    ]);

    const role = { channelId: channel.id, role: 'member' };
    await ok({
      method: 'DELETE',
      url: '/fc/channel-invites',
      as: OWNER,
      body: { ...role, removeFid: MEMBER },
    });
    assert.deepEqual(await folds(), [
      [byOther, false],
      [byMember, true],
    ]);

    // An invite ends the restriction at once, accepted or not (spec §3.3).
    await ok({ method: 'POST', url: '/fc/channel-follows', as: MEMBER, body: { channelId: channel.id } });
    await ok({ method: 'POST', url: '/fc/channel-invites', as: OWNER, body: { ...role, inviteFid: MEMBER } });
    assert.deepEqual(await folds(), [
      [byMember, false],
      [byOther, false],
    ]);
  });

  it("leaves out casts the viewer blocks and replies by users the cast's author blocks, until unblocked", async () => {
    const channel = await run.newChannel();
    const root = await cast(30, { in: channel }, now());
    const blockedCast = await cast(31, { in: channel }, now() + 1);
    const blockedReply = await cast(32, { under: { hash: root, fid: 30 } }, now() + 2);
    const reply = await cast(33, { under: { hash: root, fid: 30 } }, now() + 3);

    await block(34, 31);
    await block(34, 33);
    await block(30, 32);
    assert.deepEqual(hashesOf(await feed(channel)), [blockedCast, root]);
    assert.deepEqual(hashesOf(await feed(channel, { viewerFid: 34 })), [root]);
    // The author's block holds for every reader; the viewer's only for the viewer.
    assert.deepEqual(hashesOf(await replies(root)), [reply]);
    assert.deepEqual(await replies(root, { viewerFid: 34 }), []);
    assert.equal((await feed(channel))[1]?.replyCount, 1);
    assert.equal((await feed(channel, { viewerFid: 34 }))[0]?.replyCount, 0);

    await block(34, 31, 'DELETE');
    await block(34, 33, 'DELETE');
    await block(30, 32, 'DELETE');
    assert.deepEqual(hashesOf(await feed(channel, { viewerFid: 34 })), [blockedCast, root]);
    assert.deepEqual(hashesOf(await replies(root, { viewerFid: 34 })), [blockedReply, reply]);
  });

  it('heads the first page with the pinned cast, shown once, and puts it back in its place when unpinned', async () => {
    const channel = await run.newChannel();
    const old = await cast(10, { in: channel }, now());
    const middle = await cast(11, { in: channel }, now() + 1);
    const newest = await cast(12, { in: channel }, now() + 2);
    const pins = async (query: Query = {}) =>
      (await feed(channel, query)).map((shown) => [shown.hash, shown.pinned]);

    await ok({ method: 'PUT', url: '/fc/pinned-casts', as: OWNER, body: { castHash: old } });
    assert.deepEqual(await pins(), [
      [old, true],
      [newest, false],
      [middle, false],
    ]);
    // One cast a page: the pin, then the timeline without it.
    const paged = await allPages(feedPage, { channelId: channel.id, limit: 1 });
    assert.deepEqual(hashesOf(paged), [old, newest, middle]);
    // A pin the reader may not see does not head the page.
    await hide(old);
    assert.deepEqual(await pins(), [
      [newest, false],
      [middle, false],
    ]);
    await hide(old, 'unhide');

    await ok({ method: 'DELETE', url: '/fc/pinned-casts', as: MODERATOR, body: { castHash: old } });
    assert.deepEqual(await pins(), [
      [newest, false],
      [middle, false],
      [old, false],
    ]);
  });

  it('lists only the casts of members, moderators and the owner while the channel is closed', async () => {
    const channel = await run.newChannel();
    const byOwner = await cast(OWNER, { in: channel }, now());
    const byModerator = await cast(MODERATOR, { in: channel }, now() + 1);
    const byMember = await cast(MEMBER, { in: channel }, now() + 2);
    const byOutsider = await cast(40, { in: channel }, now() + 3);
    const setPublic = (publicCasting: boolean) =>
      ok({ method: 'PATCH', url: '/fc/channels', as: OWNER, body: { channelId: channel.id, publicCasting } });

    await setPublic(false);
    assert.deepEqual(hashesOf(await feed(channel)), [byMember, byModerator, byOwner]);
    // A new member's casts show at once; a removed member's are left out again.
    const role = { channelId: channel.id, role: 'member' };
    await ok({ method: 'POST', url: '/fc/channel-follows', as: 40, body: { channelId: channel.id } });
    await ok({ method: 'POST', url: '/fc/channel-invites', as: OWNER, body: { ...role, inviteFid: 40 } });
    await ok({ method: 'PATCH', url: '/fc/channel-invites', as: 40, body: { ...role, accept: true } });
    assert.deepEqual(hashesOf(await feed(channel)), [byOutsider, byMember, byModerator, byOwner]);
    await ok({ method: 'DELETE', url: '/fc/channel-invites', as: OWNER, body: { ...role, removeFid: 40 } });
    assert.deepEqual(hashesOf(await feed(channel)), [byMember, byModerator, byOwner]);
    await setPublic(true);
    assert.deepEqual(hashesOf(await feed(channel)), [byOutsider, byMember, byModerator, byOwner]);
  });

  it('leaves out removed casts, and answers 404 for the replies of a removed or unknown cast', async () => {
    const channel = await run.newChannel();
    const kept = await cast(10, { in: channel }, now());
    const removed = await cast(11, { in: channel }, now() + 1);
    const reply = await cast(12, { under: { hash: kept, fid: 10 } }, now() + 2);
    const remove = (hash: Hex) => markCastRemoved(db(), Buffer.from(hash.slice(2), 'hex'), now());

    await remove(removed);
    await remove(reply);
    const shown = await feed(channel);
    assert.deepEqual(hashesOf(shown), [kept]);
    assert.equal(shown[0]?.replyCount, 0);
    assert.deepEqual(await replies(kept), []);
    for (const hash of [removed, `0x${'99'.repeat(20)}`]) {
      const response = await call({ method: 'GET', url: '/v2/cast-replies', query: { hash } });
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), {
        errors: [{ message: 'Cast does not exist', code: 'CAST_NOT_FOUND' }],
      });
    }
  });

  it('pages through 300 casts and 300 replies without loss or repeat, while new ones arrive', async () => {
    const channel = await run.newChannel();
    const start = now();
    // Seven casts a second, so pages end between casts of the same second.
    const at = (i: number) => start + Math.floor(i / 7);
    const roots: Hex[] = [];
    for (let i = 0; i < 300; i += 1) roots.push(await cast(100 + (i % 9), { in: channel }, at(i)));
    const pinned = roots[150] as Hex;
    await ok({ method: 'PUT', url: '/fc/pinned-casts', as: OWNER, body: { castHash: pinned } });
    const thread = { hash: roots[0] as Hex, fid: 100 };
    const replyHashes: Hex[] = [];
    for (let i = 0; i < 300; i += 1) replyHashes.push(await cast(200 + (i % 11), { under: thread }, at(i)));
    // Two of the repliers are restricted (banned, then unbanned): their replies come after the others.
    for (const fid of [203, 207]) {
      await ban(channel, fid);
      await ban(channel, fid, 'DELETE');
    }

    let arrived = 0;
    const arrive = async () => {
      arrived += 1;
      await cast(100, { in: channel }, at(300) + arrived);
      await cast([203, 207][arrived % 2] as number, { under: thread }, at(300) + arrived);
    };
    const feedSeen = await allPages(feedPage, { channelId: channel.id, limit: 23 }, arrive);
    const expectedFeed = [pinned, ...roots.filter((hash) => hash !== pinned).reverse()];
    assert.deepEqual(hashesOf(feedSeen), expectedFeed);

    const repliesSeen = await allPages(repliesPage, { hash: thread.hash, limit: 17 }, arrive);
    assert.equal(new Set(hashesOf(repliesSeen)).size, repliesSeen.length, 'no reply twice');
    const restricted = (i: number) => [203, 207].includes(200 + (i % 11));
    const expectedReplies = [
      ...replyHashes.filter((_, i) => !restricted(i)),
      ...replyHashes.filter((_, i) => restricted(i)),
    ];
    // Replies arriving meanwhile (restricted users', so below the fold) join the end, as the newest.
    assert.deepEqual(
      hashesOf(repliesSeen).filter((hash) => replyHashes.includes(hash)),
      expectedReplies,
    );
    assert.ok(repliesSeen.length > 300, 'replies that arrived during paging are served at the end');
    assert.deepEqual(
      repliesSeen.map((reply) => reply.belowFold),
      repliesSeen.map((_, i) => i >= replyHashes.filter((_, j) => !restricted(j)).length),
    );
  });

  it('refuses unknown channels, malformed input, and cursors of another read', async () => {
    const channel = await run.newChannel();
    const root = await cast(10, { in: channel }, now());
    for (let i = 1; i <= 3; i += 1) await cast(11, { under: { hash: root, fid: 10 } }, now() + i);
    const get = (url: string, query: Record<string, string>) => call({ method: 'GET', url, query });

    const unknown = await get('/v2/channel-feed', { channelId: 'nope' });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), {
      errors: [{ message: 'Channel nope does not exist', code: 'CHANNEL_NOT_FOUND' }],
    });
    const bad: [string, Record<string, string>][] = [
      ['/v2/channel-feed', {}],
      ['/v2/channel-feed', { channelId: channel.id, viewerFid: '0' }],
      ['/v2/channel-feed', { channelId: channel.id, limit: '101' }],
      ['/v2/cast-replies', {}],
      ['/v2/cast-replies', { hash: root.slice(2) }],
      ['/v2/cast-replies', { hash: root, viewerFid: 'me' }],
    ];
    for (const [url, query] of bad) {
      const response = await get(url, query);
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(query)}`);
      assert.equal(response.json().errors[0].code, 'INVALID_REQUEST');
    }

    const repliesCursor = (await repliesPage({ hash: root, limit: 1 })).next?.cursor ?? '';
    const otherCursors = [
      ['/v2/channel-feed', { channelId: channel.id, cursor: repliesCursor }],
      ['/v2/cast-replies', { hash: root, viewerFid: '5', cursor: repliesCursor }],
      ['/v2/cast-replies', { hash: root, cursor: 'not-a-cursor' }],
    ] as const;
    for (const [url, query] of otherCursors) {
      const response = await get(url, query);
      assert.equal(response.statusCode, 400, `${url} ${JSON.stringify(query)}`);
      assert.equal(response.json().errors[0].code, 'BAD_CURSOR');
    }
  });
});
