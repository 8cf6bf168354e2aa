export { createNodeHttpApp } from './app.js';
export type { NodeHttpOptions } from './app.js';
export { HubFailure, nodeErrorRenderer } from './errors.js';
export { MAX_PAGE_SIZE } from './paging.js';
export { DEFAULT_BATCHING } from './routes/submit.js';
export type { BatchingOptions } from './routes/submit.js';
