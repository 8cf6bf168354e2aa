import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import { keptAnswers } from '../../shared/http/kept-answers.js';
import { readScopeVersions } from '../read-scopes.js';
import { registerCatalogRoutes } from './catalog-routes.js';
import { registerFeedRoutes } from './feed-routes.js';
import { registerChannelRoutes } from './channel-routes.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { registerSignedKeyRequestRoutes } from './signed-key-requests.js';

/** Every route of the social API, area by area; `/_health` comes with the shared app. */
export function registerSocialRoutes(app: HttpApp, context: SocialContext): void {
  // One memory budget for every read kept rendered.
  const kept = keptAnswers(readScopeVersions(context.database.db), {
    commitMark: context.database.commitMark,
  });
  registerChannelRoutes(app, context, kept);
  registerModerationRoutes(app, context, kept);
  registerFeedRoutes(app, context, kept);
  registerCatalogRoutes(app, context);
  registerSignedKeyRequestRoutes(app, context);
}
