import { fail, ok, type HubResult } from '../errors.js';
import { MessageType, type FarcasterNetwork, type MessageData } from '../gen/message.js';
import { incorrectNetwork } from '../networks.js';
import { fromFarcasterTime, toFarcasterTime } from '../time.js';
import { checkActivation } from './activation.js';
import { checkCastAddBody, checkCastRemoveBody } from './cast.js';
import { checkFid, invalid, invalidParam, type Problem } from './checks.js';
import { checkFrameActionBody } from './frame-action.js';
import { checkKeyAddBody, checkKeyRemoveBody } from './keys.js';
import { checkLendStorageBody } from './lend-storage.js';
import { ACCEPTED_MESSAGE_TYPES, ALLOWED_CLOCK_SKEW_SECONDS } from './limits.js';
import { checkLinkBody, checkLinkCompactStateBody } from './link.js';
import { checkReactionBody } from './reaction.js';
import { checkUserDataBody } from './user-data.js';
import { checkUsernameProofBody } from './username-proof.js';
import { checkVerificationAddBody, checkVerificationRemoveBody } from './verification.js';

export interface DataContext {
  /** The node's network; messages for any other network are refused. */
  readonly network: FarcasterNetwork;
  /** The node's clock (Unix ms), injected so that tests and replays are deterministic. */
  readonly nowMs: number;
}

/** Every oneof member of MessageData.body. */
const BODY_KEYS = [
  'castAddBody',
  'castRemoveBody',
  'reactionBody',
  'verificationAddAddressBody',
  'verificationRemoveBody',
  'userDataBody',
  'linkBody',
  'usernameProofBody',
  'frameActionBody',
  'linkCompactStateBody',
  'lendStorageBody',
  'keyAddBody',
  'keyRemoveBody',
] as const satisfies readonly (keyof MessageData)[];

/**
 * The rules on MessageData alone, in the reference's order: network, fid, timestamp, type, one body that
 * matches the type, then the body's own rules, then whether the network accepts the type yet.
 * Synchronous: claim signatures of VerificationAdd bodies are checked later by `validateMessage`.
 */
export function validateMessageData(data: MessageData, context: DataContext): HubResult<MessageData> {
  const problem = checkMessageData(data, context);
  return problem === undefined ? ok(data) : fail(problem.errCode, problem.message);
}

/** The same rules as {@link validateMessageData}, as a {@link Problem} for callers that chain checks. */
export function checkMessageData(data: MessageData, context: DataContext): Problem {
  if (data.network !== context.network) {
    return invalid(incorrectNetwork(data.network, context.network));
  }
  const fidProblem = checkFid(data.fid);
  if (fidProblem !== undefined) return fidProblem;
  if (fromFarcasterTime(data.timestamp) - context.nowMs > ALLOWED_CLOCK_SKEW_SECONDS * 1000) {
    return invalid('timestamp more than 10 mins in the future');
  }
  if (!ACCEPTED_MESSAGE_TYPES.has(data.type)) return invalid('invalid message type');
  if (BODY_KEYS.filter((key) => data[key] !== undefined).length !== 1) {
    return invalid('only one body can be set');
  }
  return (
    checkBody(data, context.nowMs) ??
    checkActivation(data.type, data.timestamp, context.network, context.nowMs)
  );
}

/** The body the type calls for, through its rules; another body is `bodyType is invalid`. */
function checkBody(data: MessageData, nowMs: number): Problem {
  const withBody = <B>(body: B | undefined, check: (body: B) => Problem): Problem =>
    body === undefined ? invalidParam('bodyType is invalid') : check(body);
  switch (data.type) {
    case MessageType.CAST_ADD:
      return withBody(data.castAddBody, (body) => checkCastAddBody(body, data.timestamp));
    case MessageType.CAST_REMOVE:
      return withBody(data.castRemoveBody, checkCastRemoveBody);
    case MessageType.REACTION_ADD:
    case MessageType.REACTION_REMOVE:
      return withBody(data.reactionBody, checkReactionBody);
    case MessageType.LINK_ADD:
    case MessageType.LINK_REMOVE:
      return withBody(data.linkBody, checkLinkBody);
    case MessageType.LINK_COMPACT_STATE:
      return withBody(data.linkCompactStateBody, checkLinkCompactStateBody);
    case MessageType.USER_DATA_ADD:
      return withBody(data.userDataBody, checkUserDataBody);
    case MessageType.VERIFICATION_ADD_ETH_ADDRESS:
      return withBody(data.verificationAddAddressBody, checkVerificationAddBody);
    case MessageType.VERIFICATION_REMOVE:
      return withBody(data.verificationRemoveBody, checkVerificationRemoveBody);
    case MessageType.USERNAME_PROOF:
      return withBody(data.usernameProofBody, (body) => checkUsernameProofBody(body, data));
    case MessageType.FRAME_ACTION:
      return withBody(data.frameActionBody, checkFrameActionBody);
    case MessageType.LEND_STORAGE:
      return withBody(data.lendStorageBody, (body) =>
        checkLendStorageBody(body, data.timestamp, toFarcasterTime(nowMs) ?? 0),
      );
    case MessageType.KEY_ADD:
      return withBody(data.keyAddBody, (body) => checkKeyAddBody(body, data.timestamp));
    case MessageType.KEY_REMOVE:
      return withBody(data.keyRemoveBody, checkKeyRemoveBody);
    default:
      return invalid('invalid message type');
  }
}
