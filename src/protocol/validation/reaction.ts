import { ReactionType, type ReactionBody } from '../gen/message.js';
import { checkCastId, checkUrl, invalid, type Problem } from './checks.js';

/** LIKE and RECAST; NONE (0) is refused although core's enum check lets it through. */
const REACTION_TYPES: ReadonlySet<ReactionType> = new Set([ReactionType.LIKE, ReactionType.RECAST]);

/** ReactionAdd and ReactionRemove share a body: a known type and exactly one target. */
export function checkReactionBody(body: ReactionBody): Problem {
  if (!REACTION_TYPES.has(body.type)) return invalid('invalid reaction type');
  if (body.targetCastId !== undefined && body.targetUrl !== undefined) {
    return invalid('cannot use both targetUrl and targetCastId');
  }
  if (body.targetCastId !== undefined) return checkCastId(body.targetCastId);
  if (body.targetUrl !== undefined) return checkUrl(body.targetUrl);
  return invalid('target is missing');
}
