export { createNodeApi } from './api.js';
export type { DbStats, NodeApi, NodeApiOptions } from './api.js';
export { createNodeHttpApp, DEFAULT_BATCHING, MAX_PAGE_SIZE } from './http/index.js';
export type { BatchingOptions, NodeHttpOptions } from './http/index.js';
export { startNodeService } from './service.js';
export type { NodeService, NodeServiceDeps } from './service.js';
