import { isAddress } from 'viem';
import { base58ToBytes } from '../base58.js';
import { UserDataType, type UserDataBody } from '../gen/message.js';
import { invalid, utf8Length, type Problem } from './checks.js';
import { SOLANA_ADDRESS_BYTES } from './limits.js';
import { checkEnsName, checkFname } from './names.js';

/** How one user data type's value is checked: a UTF-8 byte limit, then an optional format rule. */
interface ValueRule {
  readonly max?: { readonly bytes: number; readonly message: string };
  /** Format of a non-empty value (an empty value always clears the field). */
  readonly format?: (value: string) => Problem;
}

const TWITTER_REGEX = /^[a-z0-9_]{0,15}$/;
const GITHUB_REGEX = /^[a-z\d](?:[a-z\d]|-(?!-)){0,38}$/i;
const LOCATION_REGEX = /^geo:(-?\d{1,2}\.\d{2}),(-?\d{1,3}\.\d{2})$/;
const CAIP19_REGEX = /^[a-z0-9]+:[a-zA-Z0-9]+\/[a-z0-9-]{3,8}:[-.%a-zA-Z0-9]{1,128}(\/[a-zA-Z0-9]+)?$/;

const limit = (bytes: number, name: string, format?: ValueRule['format']): ValueRule => ({
  max: { bytes, message: `${name} value > ${bytes}` },
  ...(format === undefined ? {} : { format }),
});

const RULES: ReadonlyMap<UserDataType, ValueRule> = new Map<UserDataType, ValueRule>([
  [UserDataType.PFP, limit(256, 'pfp')],
  [UserDataType.DISPLAY, limit(32, 'display')],
  [UserDataType.BIO, limit(256, 'bio')],
  [UserDataType.URL, limit(256, 'url')],
  [UserDataType.BANNER, limit(256, 'banner')],
  // An fname or an ENS name; when it is neither, the fname problem is the one reported (as core does).
  [
    UserDataType.USERNAME,
    { format: (name) => (checkEnsName(name) === undefined ? undefined : checkFname(name)) },
  ],
  [UserDataType.LOCATION, { format: checkLocation }],
  [UserDataType.TWITTER, { format: (name) => checkHandle(name, 15, TWITTER_REGEX) }],
  [UserDataType.GITHUB, { format: (name) => checkHandle(name, 38, GITHUB_REGEX) }],
  [
    UserDataType.USER_DATA_PRIMARY_ADDRESS_ETHEREUM,
    { max: { bytes: 42, message: 'invalid length for eth address' }, format: checkPrimaryEthAddress },
  ],
  [
    UserDataType.USER_DATA_PRIMARY_ADDRESS_SOLANA,
    { max: { bytes: 44, message: 'invalid length for sol address' }, format: checkPrimarySolanaAddress },
  ],
  [UserDataType.PROFILE_TOKEN, limit(256, 'profile token', checkProfileToken)],
  [UserDataType.LIVE_AT, limit(256, 'live_at', checkLiveAtUrl)],
]);

export function checkUserDataBody(body: UserDataBody): Problem {
  const length = utf8Length(body.value, 'value');
  if (typeof length !== 'number') return length;
  const rule = RULES.get(body.type);
  if (rule === undefined) return invalid('invalid user data type');
  if (rule.max !== undefined && length > rule.max.bytes) return invalid(rule.max.message);
  return body.value === '' || rule.format === undefined ? undefined : rule.format(body.value);
}

/** `geo:<lat>,<long>` with exactly two decimals. */
function checkLocation(location: string): Problem {
  const match = LOCATION_REGEX.exec(location);
  if (match === null) return invalid('Invalid location string');
  const [, latitude = '', longitude = ''] = match;
  if (Math.abs(parseFloat(latitude)) > 90) return invalid('Latitude value outside valid range');
  if (Math.abs(parseFloat(longitude)) > 180) return invalid('Longitude value outside valid range');
  return undefined;
}

function checkHandle(name: string, maxChars: number, pattern: RegExp): Problem {
  if (name.length > maxChars) return invalid(`username "${name}" > ${maxChars} characters`);
  if (!pattern.test(name)) return invalid(`username "${name}" doesn't match ${pattern}`);
  return undefined;
}

/** A 0x address, all lowercase or EIP-55 checksummed (a mixed-case typo is refused). */
function checkPrimaryEthAddress(address: string): Problem {
  return isAddress(address, { strict: true }) ? undefined : invalid('invalid eth address');
}

/** A base58 Ed25519 public key (32 bytes). */
function checkPrimarySolanaAddress(address: string): Problem {
  return base58ToBytes(address)?.length === SOLANA_ADDRESS_BYTES ? undefined : invalid('invalid sol address');
}

/** CAIP-19 asset id, e.g. `eip155:8453/erc20:0x...`. */
function checkProfileToken(token: string): Problem {
  return CAIP19_REGEX.test(token) ? undefined : invalid('profile token is not a valid CAIP-19 token');
}

/** Where the user is live now: an https URL. */
function checkLiveAtUrl(url: string): Problem {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return invalid('live_at is not a valid URL');
  }
  return parsed.protocol === 'https:' ? undefined : invalid('live_at must use https');
}
