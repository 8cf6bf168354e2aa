import { integer } from './option.js';

/** The name registry's abuse limits, spread into NamesOptions. */
export const namesLimitOptions = {
  transferIpLimit: integer(0, 1_000_000_000, {
    description:
      'POST /transfers per client IP per rate window (0 disables the limit; loopback is exempt unless --trust-proxy is set)',
    default: 60,
    env: ['AGORA_NAMES_TRANSFER_IP_LIMIT'],
  }),
  transferFidLimit: integer(0, 1_000_000_000, {
    description:
      'POST /transfers per fid per rate window, counted once the fid custody key signature checks out ' +
      '(0 disables the limit; admin fids are exempt)',
    default: 10,
    env: ['AGORA_NAMES_TRANSFER_FID_LIMIT'],
  }),
  transferRateWindowSeconds: integer(1, 86_400, {
    description: 'Length of the sliding window the POST /transfers limits count in',
    default: 60,
    env: ['AGORA_NAMES_TRANSFER_RATE_WINDOW_SECONDS'],
  }),
  maxTimestampAheadSeconds: integer(0, 600, {
    description: "How far ahead of the server's clock a transfer's timestamp may be",
    default: 60,
    env: ['AGORA_NAMES_MAX_TIMESTAMP_AHEAD_SECONDS'],
  }),
};
