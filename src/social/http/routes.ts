import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import { registerCatalogRoutes } from './catalog-routes.js';
import { registerFeedRoutes } from './feed-routes.js';
import { registerChannelRoutes } from './channel-routes.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { registerSignedKeyRequestRoutes } from './signed-key-requests.js';

/** Every route of the social API, area by area; `/_health` comes with the shared app. */
export function registerSocialRoutes(app: HttpApp, context: SocialContext): void {
  registerChannelRoutes(app, context);
  registerModerationRoutes(app, context);
  registerFeedRoutes(app, context);
  registerCatalogRoutes(app, context);
  registerSignedKeyRequestRoutes(app, context);
}
