import { MAX_LINK_TYPE_BYTES, MAX_URL_BYTES } from '../protocol/validation/index.js';
import { checkEnsName, checkFname } from '../protocol/validation/names.js';
import { badParam } from './failure.js';

/**
 * Checks of request values both transports share (HTTP parses them from text, gRPC decodes them), so the
 * same fault gets the same `bad_request.validation_failure` and text; `name` is the transport's spelling.
 */

const utf8Length = (text: string) => Buffer.byteLength(text, 'utf8');

/** A parent or target URL: at most 256 UTF-8 bytes, compared exactly as stored. */
export function checkUrl(text: string, name: string): string {
  if (utf8Length(text) > MAX_URL_BYTES) throw badParam(`${name} must be at most ${MAX_URL_BYTES} bytes`);
  return text;
}

export function checkLinkType(text: string, name: string): string {
  if (utf8Length(text) > MAX_LINK_TYPE_BYTES) {
    throw badParam(`${name} must be at most ${MAX_LINK_TYPE_BYTES} bytes`);
  }
  return text;
}

/** An fname, or an ENS name ending in `.eth`. */
export function checkUsername(text: string, name: string): string {
  const problem = text.endsWith('.eth') ? checkEnsName(text) : checkFname(text);
  if (problem !== undefined) throw badParam(`${name}: ${problem.message}`);
  return text;
}
