/** Channel reads over every channel the load made: the channel, its followers, its members. */
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';

export async function channelRead(world: World): Promise<void> {
  const channelId = world.pick(world.channels);
  const [operation, path] =
    world.random() < 0.7 ? ['channel', 'channel'] : ['channel followers', 'channel-followers'];
  await world.call('social', operation, 'GET', `${world.urls.social}/v1/${path}?channelId=${channelId}`);
}

export async function membersRead(world: World): Promise<void> {
  const channelId = world.pick(world.channels);
  const url = `${world.urls.social}/fc/channel-members?channelId=${channelId}`;
  await world.call('social', 'channel members', 'GET', url);
}

export function socialReads(world: World): Load {
  return {
    operations: [
      { service: 'social', name: 'channel', weight: 5, run: () => channelRead(world) },
      { service: 'social', name: 'members', weight: 5, run: () => membersRead(world) },
    ],
  };
}
