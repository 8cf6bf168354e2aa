import type { HttpApp } from '../../shared/http/index.js';
import type { SocialContext } from '../context.js';
import type { Registry } from 'prom-client';
import { createAnswerCache, MiB } from '../../shared/http/answer-cache.js';
import { keptAnswers } from '../../shared/http/kept-answers.js';
import { registerAnswerCacheMetrics } from '../../shared/metrics/answer-cache-metrics.js';
import { readScopeVersions } from '../read-scopes.js';
import { registerCatalogRoutes } from './catalog-routes.js';
import { registerFeedRoutes } from './feed-routes.js';
import { registerChannelRoutes } from './channel-routes.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { registerSignedKeyRequestRoutes } from './signed-key-requests.js';

/** Every route of the social API, area by area; `/_health` comes with the shared app. */
export function registerSocialRoutes(app: HttpApp, context: SocialContext, registry: Registry): void {
  // One memory budget for every read kept rendered.
  const answerCache = createAnswerCache(context.config.answerCacheMb * MiB);
  registerAnswerCacheMetrics(registry, answerCache);
  const kept = keptAnswers(readScopeVersions(context.database.db), {
    cache: answerCache,
    commitMark: context.database.commitMark,
  });
  registerChannelRoutes(app, context, kept);
  registerModerationRoutes(app, context, kept);
  registerFeedRoutes(app, context, kept);
  registerCatalogRoutes(app, context);
  registerSignedKeyRequestRoutes(app, context);
}
