import { integer, text } from './option.js';

/**
 * The social API's abuse limits and relayer quotas, spread into SocialOptions. Every count is
 * over a sliding window (src/social/rate-limit.ts) shared by all processes through the database.
 */

const perWindow = (description: string, fallback: number) =>
  integer(1, 1_000_000, { description, default: fallback });

export const socialLimitOptions = {
  channelCreationsPerDay: perWindow('Channels one fid may create per 24 hours', 10),
  channelEditsPerHour: perWindow('Channel edits (PATCH /fc/channels) per fid per hour', 60),
  channelFollowsPerHour: perWindow('Channel follows and unfollows per fid per hour', 300),
  blocksPerHour: perWindow('Blocks and unblocks per fid per hour', 100),
  invitesPerHour: perWindow(
    'Channel invite and removal calls per fid and channel per hour (the spec says 100)',
    100,
  ),
  moderationActionsPerHour: perWindow('Bans, unbans, hides and unhides per fid per hour', 300),
  pinsPerHour: perWindow('Pins and unpins per fid per hour', 60),
  signedKeyRequestsPerHour: perWindow('Signed key requests one app fid may create per hour', 1000),
  relaysPerAppPerDay: perWindow('Approvals relayed on chain per requesting app fid per 24 hours', 1000),
  relaysPerUserPerDay: perWindow('Approvals relayed on chain per user fid per 24 hours', 20),
  relaysPerHour: perWindow('Approvals relayed on chain per hour, all fids together', 500),
  relayerMinBalance: text({
    description: 'Relayer balance, in ether, below which approvals are refused instead of relayed',
    default: '0.001',
    pattern: '^\\d{1,9}(\\.\\d{1,18})?$',
    expected: 'an amount of ether such as 0.05',
    placeholder: '<ether>',
  }),
};
