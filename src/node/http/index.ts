export { createNodeHttpApp } from './app.js';
export type { NodeHttpOptions } from './app.js';
export { nodeErrorRenderer } from './errors.js';
export { HubFailure } from '../failure.js';
export { MAX_PAGE_SIZE } from './paging.js';
