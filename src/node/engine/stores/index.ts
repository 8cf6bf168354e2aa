import { MessageType } from '../../../protocol/gen/message.js';
import type { StoreSpec } from '../store-spec.js';
import { castStore } from './casts.js';
import { lendStore } from './lends.js';
import { linkStore } from './links.js';
import { reactionStore } from './reactions.js';
import { userDataStore } from './user-data.js';
import { usernameProofStore } from './username-proofs.js';
import { verificationStore } from './verifications.js';

export { castKey, castStore } from './casts.js';
export { compactStateKey, linkKey, linkStore } from './links.js';
export { reactionKey, reactionStore, targetKey } from './reactions.js';
export type { Target } from './reactions.js';
export { userDataKey, userDataStore, usernameNaming } from './user-data.js';
export { usernameProofKey, usernameProofStore } from './username-proofs.js';
export { verificationKey, verificationStore } from './verifications.js';

export const STORES: readonly StoreSpec[] = [
  castStore,
  linkStore,
  reactionStore,
  userDataStore,
  verificationStore,
  usernameProofStore,
  lendStore,
];

const BY_TYPE: ReadonlyMap<MessageType, StoreSpec> = new Map([
  [MessageType.CAST_ADD, castStore],
  [MessageType.CAST_REMOVE, castStore],
  [MessageType.REACTION_ADD, reactionStore],
  [MessageType.REACTION_REMOVE, reactionStore],
  [MessageType.LINK_ADD, linkStore],
  [MessageType.LINK_REMOVE, linkStore],
  [MessageType.LINK_COMPACT_STATE, linkStore],
  [MessageType.USER_DATA_ADD, userDataStore],
  [MessageType.VERIFICATION_ADD_ETH_ADDRESS, verificationStore],
  [MessageType.VERIFICATION_REMOVE, verificationStore],
  [MessageType.USERNAME_PROOF, usernameProofStore],
  [MessageType.LEND_STORAGE, lendStore],
]);

/** The store that holds messages of `type`; undefined for types never stored (FrameAction). */
export function storeForType(type: MessageType): StoreSpec | undefined {
  return BY_TYPE.get(type);
}

export function storeForCode(store: number): StoreSpec | undefined {
  return STORES.find((spec) => spec.store === store);
}
