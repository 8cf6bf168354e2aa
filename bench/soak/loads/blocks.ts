/** Blocks and unblocks between accounts, each within its --blocks-per-hour; the blocked-users read. */
import { LIMITS } from '../../../test/support/soak/budgets.js';
import type { World } from '../../../test/support/soak/world.js';
import type { Load } from '../../../test/support/soak/loads/load.js';
import { socialToggle } from './social-toggle.js';

export function blocks(world: World): Load {
  const read = async () => {
    const { fid } = world.pick(world.accounts);
    const url = `${world.urls.social}/fc/blocked-users?blockerFid=${fid}`;
    await world.call('social', 'blocked users', 'GET', url);
  };
  const toggle = socialToggle<number>(world, {
    path: '/fc/blocked-users',
    names: ['block', 'unblock'],
    limit: LIMITS.blocks,
    bucket: 'blocks',
    body: (fid, adding) => (adding ? { blockFid: fid } : { unblockFid: fid }),
    otherwise: read,
  });
  const block = () => {
    const account = world.pick(world.accounts);
    return toggle(account, world.other(account).fid);
  };
  return {
    operations: [
      { service: 'social', name: 'block', weight: 5, run: block },
      { service: 'social', name: 'blocked', weight: 6, run: read },
    ],
  };
}
