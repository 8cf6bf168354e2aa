import type { MessageData } from '../gen/message.js';
import type { UserNameProof } from '../gen/username_proof.js';
import { FARCASTER_EPOCH_MS, toFarcasterTime } from '../time.js';
import { decodeUtf8, invalid, invalidParam, type Problem } from './checks.js';
import { MESSAGE_USERNAME_TYPES } from './limits.js';
import { checkEnsName } from './names.js';

/**
 * Structure of a UsernameProof message: an ENS (or Basename) proof for the signing fid, dated the same
 * second as the message. Whether the name still resolves to the owner is the node's check, not this one.
 */
export function checkUsernameProofBody(body: UserNameProof, data: MessageData): Problem {
  if (!MESSAGE_USERNAME_TYPES.has(body.type)) return invalid(`invalid username type: ${body.type}`);
  const name = decodeUtf8(body.name);
  if (name === undefined) return invalidParam('name must be encodable as utf8');
  const nameProblem = checkEnsName(name);
  if (nameProblem !== undefined) return nameProblem;
  if (body.fid !== data.fid) return invalid('fid in username proof does not match fid in message data');
  const proofMs = body.timestamp * 1000;
  if (proofMs < FARCASTER_EPOCH_MS) return invalidParam('time must be after Farcaster epoch (01/01/2021)');
  const proofTime = toFarcasterTime(proofMs);
  if (proofTime === undefined) return invalidParam('time too far in future');
  if (proofTime !== data.timestamp) {
    return invalid('timestamp in username proof does not match timestamp in message data');
  }
  return undefined;
}
