import { MessageType } from '../../../protocol/gen/message.js';
import type { CastId, ReactionType } from '../../../protocol/gen/message.js';
import { StoreType } from '../../../protocol/gen/request_response.js';
import { lastWriteWins } from '../conflict.js';
import { concatBytes, u32, u64, utf8 } from '../conflict-key.js';
import type { StoreSpec } from '../store-spec.js';

/** What a reaction (or a cast reply, or a reaction read) points at: a cast or a URL. */
export type Target = { castId: CastId } | { url: string };

const CAST_TARGET = Uint8Array.of(1);
const URL_TARGET = Uint8Array.of(2);

export function targetKey(target: Target): Uint8Array {
  return 'castId' in target
    ? concatBytes(CAST_TARGET, u64(target.castId.fid), target.castId.hash)
    : concatBytes(URL_TARGET, utf8(target.url));
}

/** (reaction type, target): an add and the remove of the same reaction share it. */
export function reactionKey(type: ReactionType, target: Target): Uint8Array {
  return concatBytes(u32(type), targetKey(target));
}

/** Reactions (node-api.md §5.2): last write wins, a remove beating an add on a tie. */
export const reactionStore: StoreSpec = {
  store: StoreType.REACTIONS,
  ordering: lastWriteWins,
  removeTypes: new Set([MessageType.REACTION_REMOVE]),
  pruned: true,
  conflictKey(data) {
    const body = data.reactionBody;
    const castId = body?.targetCastId;
    return reactionKey(body?.type ?? 0, castId !== undefined ? { castId } : { url: body?.targetUrl ?? '' });
  },
  readColumns(data) {
    const body = data.reactionBody;
    return {
      reaction_type: body?.type ?? null,
      target_fid: body?.targetCastId?.fid ?? null,
      target_hash: body?.targetCastId?.hash ?? null,
      target_url: body?.targetUrl === undefined ? null : utf8(body.targetUrl),
    };
  },
};
