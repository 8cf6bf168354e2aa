export { createNodeApi, DEFAULT_BATCHING } from './api.js';
export type { BatchingOptions, DbStats, NodeApi, NodeApiOptions } from './api.js';
export { createNodeHttpApp, MAX_PAGE_SIZE } from './http/index.js';
export type { NodeHttpOptions } from './http/index.js';
export { startNodeService } from './service.js';
export type { NodeService, NodeServiceDeps } from './service.js';
