/**
 * The social API's channel feed and cast replies (docs/social/feed.md) over the topic channels the node
 * messages cast into: a feed page, as no one or as a viewer, then the replies of one of its casts that has
 * some. Each answer must keep the order the doc promises (the feed newest first after its pin; replies
 * oldest first, those below the fold after the rest); an answer out of order is a finding.
 */
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';

interface FeedCast {
  hash: string;
  timestamp: number;
  replyCount: number;
  pinned?: boolean;
  belowFold?: boolean;
}

const castsOf = (body: string) => (JSON.parse(body) as { result: { casts: FeedCast[] } }).result.casts;

/** The first pair of neighbours `inOrder` refuses, as text; undefined when the list is in order. */
function disorder(casts: FeedCast[], inOrder: (a: FeedCast, b: FeedCast) => boolean): string | undefined {
  for (let i = 1; i < casts.length; i++) {
    const [a, b] = [casts[i - 1] as FeedCast, casts[i] as FeedCast];
    if (!inOrder(a, b)) return `${a.hash} (${a.timestamp}) before ${b.hash} (${b.timestamp})`;
  }
  return undefined;
}

export function channelFeed(world: World): Load {
  const failures: string[] = [];
  let feeds = 0;
  let threads = 0;
  const finding = (what: string) => {
    if (failures.length < 10) failures.push(what);
  };

  const read = async () => {
    const channelId = world.pick(world.topicChannels);
    const viewer = world.random() < 0.5 ? `&viewerFid=${world.pick(world.accounts).fid}` : '';
    const feedUrl = `${world.urls.social}/v2/channel-feed?channelId=${channelId}${viewer}`;
    const feed = await world.call('social', 'channel feed', 'GET', feedUrl);
    if (feed.status !== 200) return;
    feeds += 1;
    const timeline = castsOf(feed.body).filter((cast) => cast.pinned !== true);
    const wrong = disorder(timeline, (a, b) => a.timestamp >= b.timestamp);
    if (wrong !== undefined) finding(`${feedUrl}: not newest first: ${wrong}`);

    const parent = timeline.find((cast) => cast.replyCount > 0);
    if (parent === undefined) return;
    const repliesUrl = `${world.urls.social}/v2/cast-replies?hash=${parent.hash}${viewer}`;
    const replies = await world.call('social', 'cast replies', 'GET', repliesUrl);
    if (replies.status !== 200) return;
    threads += 1;
    const unordered = disorder(castsOf(replies.body), (a, b) =>
      (a.belowFold === true) === (b.belowFold === true) ? a.timestamp <= b.timestamp : b.belowFold === true,
    );
    if (unordered !== undefined) finding(`${repliesUrl}: not oldest first above the fold: ${unordered}`);
  };

  return {
    operations: [{ service: 'social', name: 'channel feed', weight: 4, run: read }],
    finish: async () => ({
      summary: [`channel feed: ${feeds} feed pages and ${threads} reply pages checked for order`],
      failures,
    }),
  };
}
