import { MessageType } from '../../../protocol/gen/message.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { utf8 } from '../conflict-key.js';
import { removeWins } from '../conflict.js';
import type { StoreSpec } from '../store-spec.js';

/** A cast's key is its hash: an add's own, a remove's target (so a remove can arrive before its add). */
export function castKey(hash: Uint8Array): Uint8Array {
  return hash;
}

/**
 * Casts (node-api.md §5.2): remove-wins whatever the timestamps, so a CastRemove for an unknown cast is kept
 * as a tombstone and the add arriving later conflicts with it.
 */
export const castStore: StoreSpec = {
  store: StoreType.CASTS,
  ordering: removeWins,
  removeTypes: new Set([MessageType.CAST_REMOVE]),
  pruned: true,
  conflictKey: (data, hash) => castKey(data.castRemoveBody?.targetHash ?? hash),
  readColumns(data) {
    const body = data.castAddBody;
    if (body === undefined) return {};
    return {
      parent_fid: body.parentCastId?.fid ?? null,
      parent_hash: body.parentCastId?.hash ?? null,
      parent_url: body.parentUrl === undefined ? null : utf8(body.parentUrl),
    };
  },
};
