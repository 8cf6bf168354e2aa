import { Counter, Gauge, type Registry } from 'prom-client';
import { SocialError } from './errors.js';
import type { KeyChain } from './keys/chain.js';
import { RateLimitRefusal } from './rate-limit.js';

/** What the social API counts on its `/metrics`; the indexer's lag comes from its status (component gauges). */
export interface SocialMetrics {
  /** Counts a failed request's error when it is a rate-limit refusal (the HTTP app's onError hook). */
  failed(error: unknown): void;
  /** The chain with its relays counted by outcome, and its relayer's balance read at scrape time. */
  observe(chain: KeyChain | undefined): KeyChain | undefined;
}

export function createSocialMetrics(registry: Registry): SocialMetrics {
  const registers = [registry];
  const refusals = new Counter({
    name: 'agora_social_rate_limit_refusals_total',
    help: 'Calls refused by a rate limit or relay quota, by rule',
    labelNames: ['rule'],
    registers,
  });
  const relays = new Counter({
    name: 'agora_social_relays_total',
    help: "KeyGateway.addFor transactions relayed: 'sent', or the error code of a failed send",
    labelNames: ['outcome'],
    registers,
  });
  return {
    failed(error) {
      if (error instanceof RateLimitRefusal) refusals.inc({ rule: error.rule });
    },
    observe(chain) {
      if (chain === undefined) return undefined;
      const { relayerBalance } = chain;
      if (relayerBalance !== undefined) {
        new Gauge({
          name: 'agora_social_relayer_balance_wei',
          help: "The relayer account's balance (NaN when the chain cannot be read)",
          registers,
          async collect() {
            this.set(await relayerBalance().then(Number, () => Number.NaN));
          },
        });
      }
      return {
        ...chain,
        async sendAddFor(call) {
          try {
            const hash = await chain.sendAddFor(call);
            relays.inc({ outcome: 'sent' });
            return hash;
          } catch (error) {
            relays.inc({ outcome: error instanceof SocialError ? error.code : 'error' });
            throw error;
          }
        },
      };
    },
  };
}
