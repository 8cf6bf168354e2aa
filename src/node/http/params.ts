import { base58ToBytes } from '../../protocol/base58.js';
import { hexToBytes } from '../../protocol/hex.js';
import { MESSAGE_HASH_BYTES } from '../../protocol/validation/index.js';
import { badParam } from '../failure.js';
import { checkLinkType, checkUrl, checkUsername } from '../value-checks.js';

/**
 * The node API's query parameters. Every value arrives as text; a parser turns it into the domain's type
 * or throws a 400 (`bad_request.validation_failure`) whose details name the parameter.
 */
export type Query = Readonly<Record<string, unknown>>;

/** Turns the text of parameter `name` into a value, or throws `badParam`. */
export type Parse<T> = (text: string, name: string) => T;

/** A parameter's name, or several spellings of it (the first one present is used). */
export type ParamName = string | readonly string[];

function lookUp(query: Query, names: ParamName): { name: string; text: string } | undefined {
  for (const name of typeof names === 'string' ? [names] : names) {
    const value = query[name];
    if (value === undefined || value === '') continue;
    if (typeof value !== 'string') throw badParam(`${name} must be given once`);
    return { name, text: value };
  }
  return undefined;
}

/** The parsed parameter, or undefined when it is absent or empty. */
export function optional<T>(query: Query, names: ParamName, parse: Parse<T>): T | undefined {
  const found = lookUp(query, names);
  return found === undefined ? undefined : parse(found.text, found.name);
}

export function required<T>(query: Query, names: ParamName, parse: Parse<T>): T {
  const found = lookUp(query, names);
  if (found === undefined)
    throw badParam(`${typeof names === 'string' ? names : names.join(' or ')} is required`);
  return parse(found.text, found.name);
}

const DIGITS = /^\d{1,16}$/;

/** A non-negative integer such as an event id. */
export const uint: Parse<number> = (text, name) => {
  const value = Number(text);
  if (!DIGITS.test(text) || !Number.isSafeInteger(value))
    throw badParam(`${name} must be a non-negative integer`);
  return value;
};

export const positiveInt: Parse<number> = (text, name) => {
  const value = DIGITS.test(text) ? Number(text) : 0;
  if (!Number.isSafeInteger(value) || value < 1) throw badParam(`${name} must be a positive integer`);
  return value;
};

export const fid = positiveInt;

/** Exactly `length` bytes of hex, `0x` optional. */
export function hexBytes(length: number): Parse<Uint8Array> {
  return (text, name) => {
    const bytes = hexToBytes(text, length);
    if (bytes === undefined)
      throw badParam(`${name} must be ${length} bytes of hex (0x + ${length * 2} digits)`);
    return bytes;
  };
}

export const messageHash = hexBytes(MESSAGE_HASH_BYTES);
export const ethAddress = hexBytes(20);
export const signerKey = hexBytes(32);

/** An Ethereum address in hex, or a Solana address in base58 (as the verification stores hold them). */
export const verifiedAddress: Parse<Uint8Array> = (text, name) => {
  const bytes = /^0x/i.test(text) ? hexToBytes(text, 20) : base58ToBytes(text);
  if (bytes === undefined || (bytes.length !== 20 && bytes.length !== 32)) {
    throw badParam(`${name} must be an Ethereum address (0x + 40 hex digits) or a Solana address (base58)`);
  }
  return bytes;
};

/** A protocol enum by number, by name (`REACTION_TYPE_LIKE`) or by the name without its prefix (`like`). */
export function enumOf<E extends number>(fromJson: (value: unknown) => E, prefix: string): Parse<E> {
  return (text, name) => {
    const candidates = DIGITS.test(text) ? [Number(text)] : [text, `${prefix}${text.toUpperCase()}`];
    for (const candidate of candidates) {
      try {
        return fromJson(candidate);
      } catch {
        // not this spelling
      }
    }
    throw badParam(
      `${name} "${text}" is not a known value (a number, ${prefix}* or its name without the prefix)`,
    );
  };
}

/** Any value but `0` and `false` turns a switch such as `reverse` on. */
export const flag: Parse<boolean> = (text) => text !== '0' && text.toLowerCase() !== 'false';

/** A parent or target URL: 1 to 256 UTF-8 bytes, compared exactly as stored. */
export const url: Parse<string> = checkUrl;
export const linkType: Parse<string> = checkLinkType;
/** An fname, or an ENS name ending in `.eth`. */
export const username: Parse<string> = checkUsername;
