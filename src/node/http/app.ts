import type { Logger } from 'pino';
import { createHttpApp } from '../../shared/http/index.js';
import type { ConnectionSettings, HttpApp, HttpAppOptions } from '../../shared/http/index.js';
import type { NodeApi } from '../api.js';
import type { EventStreams } from '../events/event-stream.js';
import { nodeErrorRenderer } from './errors.js';
import { messageAnswers } from './message-answers.js';
import { registerCastRoutes } from './routes/casts.js';
import { registerEventStreamRoute } from './routes/event-stream.js';
import { registerEventRoutes } from './routes/events.js';
import { registerLinkRoutes } from './routes/links.js';
import { registerOnChainRoutes } from './routes/onchain.js';
import { registerReactionRoutes } from './routes/reactions.js';
import { registerSubmitRoutes } from './routes/submit.js';
import { registerUserRoutes } from './routes/users.js';
import { createSubmitGuard } from '../submit-guard.js';
import type { SubmitGuard } from '../submit-guard.js';

export interface NodeHttpOptions {
  api: NodeApi;
  /** A pino logger, or false to log nothing. */
  logger: Logger | false;
  corsOrigin: string;
  /** The node's loops for /_status and /_ready. */
  components?: HttpAppOptions['components'];
  /** The node's metrics registry and where `/metrics` is served; a fresh one on the API when absent. */
  metrics?: HttpAppOptions['metrics'];
  /** Timeouts, connection cap and trusted proxies (the command's options); Node's defaults when absent. */
  connections?: ConnectionSettings | undefined;
  /** Who may submit (shared with the gRPC API); anyone when absent. */
  submitGuard?: SubmitGuard | undefined;
  /** The live event streams behind `/v1/events/stream` (shared with gRPC Subscribe). */
  eventStreams: EventStreams;
  /** How often a quiet event stream sends a keep-alive comment; 15 s when absent. */
  streamKeepAliveMs?: number | undefined;
}

/** Bodies are single Message protobufs: a few KiB at most, with room for what later types add. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** The node's HTTP API (node-api.md §1) on the shared app; closing it drains the submit batches. */
export async function createNodeHttpApp(options: NodeHttpOptions): Promise<HttpApp> {
  const { api } = options;
  const app = await createHttpApp({
    service: 'node',
    title: 'Agora node HTTP API',
    version: api.version,
    logger: options.logger,
    corsOrigin: options.corsOrigin,
    connections: options.connections,
    bodyLimit: BODY_LIMIT_BYTES,
    errors: nodeErrorRenderer,
    healthCheck: api.ping,
    components: options.components,
    metrics: options.metrics,
  });
  registerSubmitRoutes(app, api, options.submitGuard ?? createSubmitGuard({ perMinute: 0 }));
  const messages = messageAnswers(api.keptMessages, api.answerCache);
  registerCastRoutes(app, api, messages);
  registerReactionRoutes(app, api, messages);
  registerLinkRoutes(app, api, messages);
  registerUserRoutes(app, api, messages);
  registerOnChainRoutes(app, api);
  registerEventRoutes(app, api);
  registerEventStreamRoute(app, options.eventStreams, { keepAliveMs: options.streamKeepAliveMs });
  await app.ready();
  return app;
}
