import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import { registerActionRoutes } from './actions-routes.js';
import { registerPrimaryAddressRoutes } from './primary-addresses-routes.js';
import { registerRewardsRoutes } from './rewards-routes.js';
import { registerStarterPackRoutes } from './starter-packs-routes.js';
import { registerVerificationRoutes } from './verifications-routes.js';

/** Verifications, rewards, primary addresses, starter packs and actions (spec §4.6), with their admin API. */
export function registerCatalogRoutes(app: HttpApp, context: SocialContext): void {
  registerVerificationRoutes(app, context);
  registerRewardsRoutes(app, context);
  registerPrimaryAddressRoutes(app, context);
  registerStarterPackRoutes(app, context);
  registerActionRoutes(app, context);
}
