import type { ChainPosition } from '../onchain/index.js';
import type { Page, PageRequest } from '../store/page.js';
import { badParam } from './errors.js';
import { flag, optional, positiveInt } from './params.js';
import type { Query } from './params.js';

/** Default and largest `pageSize`, as the reference's HTTP layer caps it. */
export const MAX_PAGE_SIZE = 1000;

/**
 * The bytes of a page position. A pageToken is these bytes in standard base64, as the reference's tokens
 * are (their bytes are its store keys). Any position is a valid place to resume, so a token needs no
 * integrity tag; one of the wrong length (another endpoint's, or mangled) is refused.
 */
export interface PositionCodec<P> {
  encode(position: P): Uint8Array;
  decode(bytes: Uint8Array): P | undefined;
}

/** Message pages: the 24-byte ts_hash of the last message. */
export const tsHashPositions: PositionCodec<Uint8Array> = {
  encode: (tsHash) => tsHash,
  decode: (bytes) => (bytes.length === 24 ? bytes : undefined),
};

/** `/v1/fids`: the last fid, 8 bytes big-endian. */
export const fidPositions: PositionCodec<number> = {
  encode(fid) {
    const bytes = Buffer.alloc(8);
    bytes.writeBigUInt64BE(BigInt(fid));
    return bytes;
  },
  decode(bytes) {
    if (bytes.length !== 8) return undefined;
    const fid = Number(Buffer.from(bytes).readBigUInt64BE());
    return Number.isSafeInteger(fid) ? fid : undefined;
  },
};

/** On-chain event pages: block number (8 bytes) and log index (4 bytes), big-endian. */
export const chainPositions: PositionCodec<ChainPosition> = {
  encode({ blockNumber, logIndex }) {
    const bytes = Buffer.alloc(12);
    bytes.writeBigUInt64BE(BigInt(blockNumber));
    bytes.writeUInt32BE(logIndex, 8);
    return bytes;
  },
  decode(bytes) {
    if (bytes.length !== 12) return undefined;
    const buffer = Buffer.from(bytes);
    const blockNumber = Number(buffer.readBigUInt64BE());
    return Number.isSafeInteger(blockNumber) ? { blockNumber, logIndex: buffer.readUInt32BE(8) } : undefined;
  },
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_TOKEN_LENGTH = 256;

/** Standard base64; an unencoded `+` arrives as a space, and URL-safe spellings are accepted too. */
function tokenBytes(token: string): Uint8Array {
  const text = token.replaceAll(' ', '+').replaceAll('-', '+').replaceAll('_', '/');
  const bytes = Buffer.from(text, 'base64');
  const canonical = (base64: string) => base64.replace(/=+$/, '');
  if (
    text.length > MAX_TOKEN_LENGTH ||
    !BASE64.test(text) ||
    canonical(bytes.toString('base64')) !== canonical(text)
  ) {
    throw badParam('pageToken must be a nextPageToken returned by this endpoint (base64)');
  }
  return new Uint8Array(bytes);
}

const pageSize = (text: string, name: string): number => Math.min(positiveInt(text, name), MAX_PAGE_SIZE);

/** `pageSize` (default and cap 1000), `pageToken` and `reverse`; Snapchain's snake_case spellings too. */
export function pageRequest<P>(query: Query, positions: PositionCodec<P>): PageRequest<P> {
  const token = optional(query, ['pageToken', 'page_token'], tokenBytes);
  const after = token === undefined ? undefined : positions.decode(token);
  if (token !== undefined && after === undefined) {
    throw badParam('pageToken was not returned by this endpoint');
  }
  return {
    limit: optional(query, ['pageSize', 'page_size'], pageSize) ?? MAX_PAGE_SIZE,
    after,
    reverse: optional(query, 'reverse', flag) ?? false,
  };
}

/** The next page's token, or undefined on the last page. */
export function nextPageToken<P>(
  page: Page<unknown, P>,
  positions: PositionCodec<P>,
): Uint8Array | undefined {
  return page.next === undefined ? undefined : positions.encode(page.next);
}
