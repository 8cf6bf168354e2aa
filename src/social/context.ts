import type { Logger } from 'pino';
import type { Clock } from '../shared/clock.js';
import type { SocialConfig } from '../shared/config/index.js';
import type { Authenticator } from './auth.js';
import type { KeyChain } from './keys/chain.js';
import type { NodeClient } from './node-client.js';
import type { SocialDatabase } from './store.js';

/** What every area of the social service is built from; passed in, never global (DESIGN.md §2). */
export interface SocialContext {
  config: SocialConfig;
  database: SocialDatabase;
  clock: Clock;
  node: NodeClient;
  auth: Authenticator;
  logger: Logger | false;
  /** The chain signed key requests are checked and approved on; absent when none is configured. */
  chain?: KeyChain;
}
