import type { FrameActionBody } from '../gen/message.js';
import { checkCastId, invalid, type Problem } from './checks.js';
import { FRAME_ACTION_LIMITS as LIMITS } from './limits.js';

/**
 * FrameAction bodies carry raw bytes; only their lengths are checked. The node never checks that the cast
 * exists or that the URL matches the cast's embed (spec §4.9).
 */
export function checkFrameActionBody(body: FrameActionBody): Problem {
  if (body.buttonIndex > LIMITS.maxButtonIndex) return invalid('invalid button index');
  if (body.url.length === 0 || body.url.length > LIMITS.urlBytes) return invalid('invalid url');
  const fields: readonly [Uint8Array, number, string][] = [
    [body.inputText, LIMITS.inputTextBytes, 'invalid input text'],
    [body.state, LIMITS.stateBytes, 'invalid state'],
    [body.transactionId, LIMITS.transactionIdBytes, 'invalid transaction ID'],
    [body.address, LIMITS.addressBytes, 'invalid address'],
  ];
  for (const [bytes, max, message] of fields) {
    if (bytes.length > max) return invalid(message);
  }
  return body.castId === undefined ? undefined : checkCastId(body.castId);
}
