import { HubEvent, HubEventType } from '../../../protocol/gen/hub_event.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { lastWriteWins } from '../conflict.js';
import { utf8 } from '../conflict-key.js';
import { rowMessage } from '../message-rows.js';
import type { StoreSpec } from '../store-spec.js';
import { usernameNaming } from './user-data.js';

export function usernameProofKey(name: string): Uint8Array {
  return utf8(name);
}

/**
 * ENS / Basename proofs sent as UsernameProof messages (node-api.md §5.2): one per (fid, name) and a name held
 * by one fid at a time, last write wins. Their events are MERGE_USERNAME_PROOF, carrying the proof and the
 * message, with the deleted side filled when one is replaced, revoked or pruned. The prune job skips them.
 */
export const usernameProofStore: StoreSpec = {
  store: StoreType.USERNAME_PROOFS,
  ordering: lastWriteWins,
  removeTypes: new Set(),
  globallyUnique: true,
  pruned: false,
  conflictKey: (data) => data.usernameProofBody?.name ?? new Uint8Array(),
  readColumns: () => ({}),
  mergedEvent: (incoming, deleted) => {
    const [replaced] = deleted;
    return HubEvent.fromPartial({
      type: HubEventType.MERGE_USERNAME_PROOF,
      mergeUsernameProofBody: {
        usernameProof: incoming.data.usernameProofBody,
        usernameProofMessage: incoming.message,
        deletedUsernameProof: replaced?.data?.usernameProofBody,
        deletedUsernameProofMessage: replaced,
      },
    });
  },
  removedEvent: (_kind, message) =>
    HubEvent.fromPartial({
      type: HubEventType.MERGE_USERNAME_PROOF,
      mergeUsernameProofBody: {
        deletedUsernameProof: message.data?.usernameProofBody,
        deletedUsernameProofMessage: message,
      },
    }),
  async dependents(db, deleted) {
    const name = rowMessage(deleted).data?.usernameProofBody?.name;
    if (name === undefined) return [];
    const username = await usernameNaming(db, deleted.fid, new TextDecoder().decode(name));
    return username === undefined ? [] : [username];
  },
};
