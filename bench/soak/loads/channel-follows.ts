/**
 * Topic channels (made before the load, by the first accounts) that casts go into, and channel follows and
 * unfollows of them by any account within its --channel-follows-per-hour.
 */
import { LIMITS } from '../../../test/support/soak/budgets.js';
import type { SoakAccount } from '../../../test/support/soak/setup.js';
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';
import { channelRead } from './social-reads.js';
import { socialToggle } from './social-toggle.js';

const TOPICS = 4;

export async function channelFollows(world: World): Promise<Load> {
  for (let i = 0; i < TOPICS; i++) {
    const owner = world.accounts[i] as SoakAccount;
    const id = `topic-${i}`;
    const done = world.budgets.force(LIMITS.channelCreations, `creations:${owner.fid}`);
    const answer = await world.call('social', 'channel create', 'POST', `${world.urls.social}/fc/channels`, {
      token: world.tokens.of(owner),
      json: { id, name: `Topic ${i}`, description: 'soak test channel' },
    });
    done();
    if (answer.status !== 200)
      throw new Error(`setup: creating channel ${id} -> ${answer.status} ${answer.body}`);
    world.topicChannels.push(id);
    world.channels.push(id);
  }
  const toggle = socialToggle<string>(world, {
    path: '/fc/channel-follows',
    names: ['channel follow', 'channel unfollow'],
    limit: LIMITS.channelFollows,
    bucket: 'follows',
    body: (channelId) => ({ channelId }),
    otherwise: () => channelRead(world),
  });
  const follow = () => toggle(world.pick(world.accounts), world.pick(world.topicChannels));
  return { operations: [{ service: 'social', name: 'channel follow', weight: 5, run: follow }] };
}
