export { FNAME_CURSOR_KEY, FNAME_CURSOR_SIGNATURE_KEY, FnameSyncHalt, RESYNC_COMMAND } from './cursor.js';
export { startFnameSync } from './fname-sync.js';
export type { FnameSync, FnameSyncLogger, FnameSyncOptions, FnameSyncStatus } from './fname-sync.js';
export { fnameProofOf, fnameProofsOf, mergeFnameProof } from './proof-store.js';
export type { FnameMergeContext, RevokeUsername } from './proof-store.js';
export { resyncFnames } from './resync.js';
export type { ResyncOptions, ResyncReport } from './resync.js';
