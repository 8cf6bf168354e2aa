import { parseEther } from 'viem';
import type { SocialContext } from '../context.js';
import { SocialError } from '../errors.js';
import { countCalls } from '../limits.js';
import type { RateLimitState } from '../rate-limit.js';
import type { KeyChain } from './chain.js';

/**
 * What keeps approvals from draining the relayer, which pays the gas of every `addFor` while anyone with
 * an fid can make and approve requests: a floor under its balance, and quotas of relays per
 * requesting app, per user and for the whole service.
 */

/** A 503 while the relayer's balance is below `--relayer-min-balance`; a chain without one has no floor. */
export async function requireRelayerFunds(context: SocialContext, chain: KeyChain): Promise<void> {
  if (chain.relayerBalance === undefined) return;
  if ((await chain.relayerBalance()) < parseEther(context.config.relayerMinBalance)) {
    throw new SocialError('RELAYER_BALANCE_LOW');
  }
}

/**
 * Counts a relay against the app's, the user's and the service's quotas, all or none (429s past one), and
 * returns the tightest for the answer's headers: the fewest relays left, on a tie the one freed last.
 */
export async function countRelay(
  context: SocialContext,
  appFid: number,
  userFid: number,
): Promise<RateLimitState> {
  const states = await countCalls(context, [
    ['appRelays', appFid],
    ['userRelays', userFid],
    ['relays', 'all'],
  ]);
  return states.reduce((tightest, state) =>
    state.remaining < tightest.remaining ||
    (state.remaining === tightest.remaining && state.resetSeconds > tightest.resetSeconds)
      ? state
      : tightest,
  );
}
