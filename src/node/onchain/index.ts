export { mergeOnChainEvents } from './merge.js';
export type { MergedOnChainEvent, OnChainMergeResult } from './merge.js';
export { retractBlocks } from './retract.js';
export type { RetractedBlock, Retraction } from './retract.js';
export {
  activeSignerEvent,
  activeSignerEvents,
  fidOfCustodyAddress,
  fidRegistration,
  fidsPage,
  hasAuthAddress,
  idRegisterEventByAddress,
  idRegisterEventByFid,
  isActiveSigner,
  onChainEvents,
} from './queries.js';
export type { FidRegistration } from './queries.js';
export { pendingRevocations } from './revocation-queue.js';
export type { PendingRevocation } from './revocation-queue.js';
export { onChainSigner } from './signer-records.js';
export {
  LEGACY_UNIT_CUTOFF_SECONDS,
  rentExpiry,
  storageUnits,
  storeLimit,
  totalUnits,
} from './storage-units.js';
export type { LimitedStore, StorageUnits } from './storage-units.js';
export { ED25519_KEY_TYPE } from './signer-state.js';
export type { ChainPosition } from './rows.js';
