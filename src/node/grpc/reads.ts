import type { NodeApi } from '../api.js';
import type { UnaryHandlers } from './handler.js';

/** The reads: casts, reactions, links, user data, proofs, verifications, on-chain state, events. */
export function readHandlers(api: NodeApi): UnaryHandlers {
  return {
    GetCast: async (castId) => api.engine.castById(castId).then((message) => message!),
  };
}
