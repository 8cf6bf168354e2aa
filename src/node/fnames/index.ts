export { FNAME_CURSOR_KEY, startFnameSync } from './fname-sync.js';
export type { FnameSync, FnameSyncLogger, FnameSyncOptions, FnameSyncStatus } from './fname-sync.js';
export { fnameProofOf, fnameProofsOf, mergeFnameProof } from './proof-store.js';
export type { FnameMergeContext, RevokeUsername } from './proof-store.js';
