import type { LinkBody, LinkCompactStateBody } from '../gen/message.js';
import { checkFid, invalid, utf8Length, type Problem } from './checks.js';
import { MAX_LINK_COMPACT_STATE_TARGETS, MAX_LINK_TYPE_BYTES } from './limits.js';

/** LinkAdd and LinkRemove share a body; `displayTimestamp` is free-form and not checked. */
export function checkLinkBody(body: LinkBody): Problem {
  const problem = checkLinkType(body.type);
  if (problem !== undefined) return problem;
  if (body.targetFid === undefined) return invalid('target is missing');
  return checkFid(body.targetFid);
}

export function checkLinkCompactStateBody(body: LinkCompactStateBody): Problem {
  const problem = checkLinkType(body.type);
  if (problem !== undefined) return problem;
  if (body.targetFids.length > MAX_LINK_COMPACT_STATE_TARGETS) {
    return invalid('LinkCompactStateMessage is too big. Limit = 100 storage units');
  }
  for (const fid of body.targetFids) {
    const fidProblem = checkFid(fid);
    if (fidProblem !== undefined) return fidProblem;
  }
  return undefined;
}

function checkLinkType(type: string): Problem {
  const length = utf8Length(type, 'type');
  if (typeof length !== 'number') return length;
  if (length === 0 || length > MAX_LINK_TYPE_BYTES) {
    return invalid(`type must be between 1-${MAX_LINK_TYPE_BYTES} bytes`);
  }
  return undefined;
}
