import type { Logger } from 'pino';
import { createHttpApp } from '../../shared/http/index.js';
import type { HttpApp } from '../../shared/http/index.js';
import type { NodeApi } from '../api.js';
import { nodeErrorRenderer } from './errors.js';
import { registerCastRoutes } from './routes/casts.js';
import { registerEventRoutes } from './routes/events.js';
import { registerLinkRoutes } from './routes/links.js';
import { registerOnChainRoutes } from './routes/onchain.js';
import { registerReactionRoutes } from './routes/reactions.js';
import { DEFAULT_BATCHING, registerSubmitRoutes } from './routes/submit.js';
import type { BatchingOptions } from './routes/submit.js';
import { registerUserRoutes } from './routes/users.js';
import { basicAuth, ipRateLimiter } from './submit-guard.js';

export interface NodeHttpOptions {
  api: NodeApi;
  /** A pino logger, or false to log nothing. */
  logger: Logger | false;
  corsOrigin: string;
  /** `user:password` pairs required on submitMessage; none means no auth. */
  rpcAuth?: readonly string[] | undefined;
  /** submitMessage calls per client IP per minute; 0 turns the limit off. */
  submitRateLimit: number;
  /** Clock of the rate-limit windows (ms). */
  now?: () => number;
  batching?: Partial<BatchingOptions>;
}

/** The node's HTTP API (node-api.md §1) on the shared app; closing it drains the submit batches. */
export async function createNodeHttpApp(options: NodeHttpOptions): Promise<HttpApp> {
  const { api, submitRateLimit } = options;
  const app = await createHttpApp({
    service: 'node',
    title: 'Agora node HTTP API',
    version: api.version,
    logger: options.logger,
    corsOrigin: options.corsOrigin,
    errors: nodeErrorRenderer,
    healthCheck: api.ping,
  });
  const rpcAuth = options.rpcAuth ?? [];
  const allowSubmit =
    submitRateLimit === 0 ? () => true : ipRateLimiter(submitRateLimit, options.now ?? Date.now);
  registerSubmitRoutes(app, api, {
    authenticate: rpcAuth.length === 0 ? undefined : basicAuth(rpcAuth),
    allowSubmit,
    batching: { ...DEFAULT_BATCHING, ...options.batching },
  });
  registerCastRoutes(app, api);
  registerReactionRoutes(app, api);
  registerLinkRoutes(app, api);
  registerUserRoutes(app, api);
  registerOnChainRoutes(app, api);
  registerEventRoutes(app, api);
  await app.ready();
  return app;
}
