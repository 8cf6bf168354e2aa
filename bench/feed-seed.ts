// The channel the feed reads of bench/reads.ts page through: 10,000 casts with moderation in force (bans,
// restrictions, hidden casts, blocks, a pin), written as the indexer and the API write them.
import { UserDataType } from '../src/protocol/gen/message.js';
import { bytesToHex, type Hex } from '../src/protocol/hex.js';
import { seededRandom } from '../src/shared/seeded-random.js';
import { blockUser } from '../src/social/blocks/blocks.js';
import { createChannel } from '../src/social/channels/catalog.js';
import { banUser, unbanUser } from '../src/social/channels/sanctions.js';
import type { SocialContext } from '../src/social/context.js';
import { moderateCast } from '../src/social/moderation/cast-moderation.js';
import { pinCast } from '../src/social/moderation/pins.js';
import { putCast, putUserData } from '../src/social/node-index/store.js';
import type { SocialDb } from '../src/social/store.js';

const CHANNEL = 'bench';
const AUTHORS = 1000;
/** Viewers with 20 blocks each; the reads cycle through them and no viewer. */
const VIEWERS = 100;
const THREAD_REPLIES = 300;
const PAGE = 25;

type Parent = { url: string } | { hash: Hex; fid: number };

/**
 * The channel (owner fid 1); named authors; `castCount` root casts a second apart, every tenth with three
 * replies; a thread of THREAD_REPLIES replies; and moderation through the domain functions: 10 authors
 * banned, 10 banned and unbanned (so restricted), 1% of the casts hidden, the viewers' blocks, a pin.
 * Returns the thread's cast.
 */
export async function seedFeed(context: SocialContext, castCount: number): Promise<Hex> {
  const { db } = context.database;
  const random = seededRandom(23);
  const author = () => 2 + Math.floor(random() * AUTHORS);
  let counter = 0;
  const put = async (trx: SocialDb, fid: number, timestamp: number, parent: Parent) => {
    counter += 1;
    const hash = new Uint8Array(20);
    new DataView(hash.buffer).setUint32(16, counter);
    await putCast(trx, {
      hash,
      fid,
      timestamp,
      parentUrl: 'url' in parent ? parent.url : null,
      parentHash: 'hash' in parent ? hexBytes(parent.hash) : null,
      parentFid: 'hash' in parent ? parent.fid : null,
      content: {
        text: `cast ${counter}: a few words on the channel's topic, a link and a mention of someone`,
        embeds: counter % 3 === 0 ? [{ url: `https://example.com/images/${counter}.png` }] : [],
        mentions: [author()],
        mentionsPositions: [5],
      },
    });
    return { hash: bytesToHex(hash), fid };
  };

  const { url } = await createChannel(context, { id: CHANNEL, name: 'Bench', leadFid: 1 });
  const start = Math.floor(Date.now() / 1000) - castCount - THREAD_REPLIES;
  const roots: { hash: Hex; fid: number }[] = [];
  await db.transaction().execute(async (trx) => {
    for (let fid = 2; fid < 2 + AUTHORS; fid++) {
      await putUserData(trx, fid, UserDataType.USERNAME, `user${fid}`);
      await putUserData(trx, fid, UserDataType.DISPLAY, `User ${fid}`);
    }
    for (let i = 0; i < castCount; i++) {
      const root = await put(trx, author(), start + i, { url });
      roots.push(root);
      if (i % 10 === 0) for (let r = 1; r <= 3; r++) await put(trx, author(), start + i + r, root);
    }
    const thread = roots[castCount - 50] as { hash: Hex; fid: number };
    for (let r = 0; r < THREAD_REPLIES; r++) await put(trx, author(), start + castCount + r, thread);
  });
  for (let b = 0; b < 20; b++) {
    const fid = author();
    await banUser(context, 1, CHANNEL, fid);
    if (b % 2 === 0) await unbanUser(context, 1, CHANNEL, fid);
  }
  const pick = () => roots[Math.floor(random() * roots.length)] as { hash: Hex };
  for (let h = 0; h < castCount / 100; h++) {
    await moderateCast(db, context.clock, { callerFid: 1, castHash: hexBytes(pick().hash), action: 'hide' });
  }
  for (let v = 1; v <= VIEWERS; v++) {
    for (let b = 0; b < 20; b++) await blockUser(db, context.clock, 100_000 + v, author());
  }
  await pinCast(db, context.clock, {
    callerFid: 1,
    castHash: hexBytes(pick().hash),
    notifyChannelFollowers: false,
  });
  return (roots[castCount - 50] as { hash: Hex }).hash;
}

const hexBytes = (hex: Hex) => new Uint8Array(Buffer.from(hex.slice(2), 'hex'));

/** The first page of `path` as each viewer, and no viewer, reads it. */
const firstPages = (path: string) =>
  ['', ...Array.from({ length: VIEWERS }, (_, v) => `&viewerFid=${100_001 + v}`)].map(
    (viewer) => `${path}&limit=${PAGE}${viewer}`,
  );

/** Pages 2 to `pages` of `path`, by the cursors each page gives. */
async function laterPages(origin: string, path: string, pages: number): Promise<string[]> {
  const paths: string[] = [];
  let page = `${path}&limit=${PAGE}`;
  while (paths.length < pages - 1) {
    const body = (await (await fetch(`${origin}${page}`)).json()) as { next?: { cursor: string } };
    if (body.next === undefined) break;
    page = `${path}&limit=${PAGE}&cursor=${body.next.cursor}`;
    paths.push(page);
  }
  return paths;
}

/** The feed reads of the seeded channel and `thread` (seedFeed's answer) on the social API at `origin`. */
export async function feedReads(origin: string, thread: Hex): Promise<{ name: string; paths: string[] }[]> {
  const feed = `/v2/channel-feed?channelId=${CHANNEL}`;
  const replies = `/v2/cast-replies?hash=${thread}`;
  return [
    { name: `GET /v2/channel-feed, first page (${VIEWERS + 1} readers)`, paths: firstPages(feed) },
    { name: 'GET /v2/channel-feed, pages 2-40', paths: await laterPages(origin, feed, 40) },
    { name: `GET /v2/cast-replies, thread of ${THREAD_REPLIES}, first page`, paths: firstPages(replies) },
    {
      name: `GET /v2/cast-replies, thread of ${THREAD_REPLIES}, pages 2-${THREAD_REPLIES / PAGE}`,
      paths: await laterPages(origin, replies, THREAD_REPLIES / PAGE),
    },
  ];
}
