import type { SignerPosition } from './engine/index.js';
import { badParam } from './failure.js';
import type { ChainPosition } from './onchain/index.js';
import type { PageRequest } from './store/page.js';
import type { Page } from './store/page.js';

/**
 * Page tokens and sizes, one rule for both transports. A token is the bytes of a page position (over HTTP
 * in base64, over gRPC as they are), as the reference's tokens are its store keys. Any position is a valid
 * place to resume, so a token needs no integrity tag; one of the wrong length (another read's, or
 * mangled) is refused.
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

function uint64Be(value: number): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
}

function readUint64Be(bytes: Uint8Array): number | undefined {
  const value = Number(Buffer.from(bytes).readBigUInt64BE());
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Fid pages, and GetEvents pages: the last fid or event id, 8 bytes big-endian. */
export const fidPositions: PositionCodec<number> = {
  encode: uint64Be,
  decode: (bytes) => (bytes.length === 8 ? readUint64Be(bytes) : undefined),
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
    const blockNumber = readUint64Be(bytes.subarray(0, 8));
    return blockNumber === undefined
      ? undefined
      : { blockNumber, logIndex: Buffer.from(bytes).readUInt32BE(8) };
  },
};

const ED25519_KEY_BYTES = 32;

/** Signer pages: an on-chain key's event position (12 bytes, as chainPositions), or a gasless key (32). */
export const signerPositions: PositionCodec<SignerPosition> = {
  encode: (position) => ('onchain' in position ? chainPositions.encode(position.onchain) : position.gasless),
  decode(bytes) {
    if (bytes.length === ED25519_KEY_BYTES) return { gasless: Uint8Array.from(bytes) };
    const onchain = chainPositions.decode(bytes);
    return onchain === undefined ? undefined : { onchain };
  },
};

/** How many items a transport serves per page when asked for none, and at most. */
export interface PageSizes {
  default: number;
  max: number;
}

/**
 * The HTTP API's sizes: the reference's HTTP layer defaults to and caps at 1000. gRPC serves the
 * reference's store pages (see grpc/paging.ts).
 */
export const HTTP_PAGE_SIZES: PageSizes = { default: 1000, max: 1000 };

/** A page request as a transport received it; names are the transport's own, for error texts. */
export interface PageInput {
  size?: number | undefined;
  token?: Uint8Array | undefined;
  reverse?: boolean | undefined;
}

/**
 * The store's page request. An empty token is the first page (as in the reference); a size above the
 * transport's maximum is capped; a size of 0 is refused.
 */
export function pageRequestOf<P>(
  input: PageInput,
  positions: PositionCodec<P>,
  sizes: PageSizes,
  names = { size: 'pageSize', token: 'pageToken' },
): PageRequest<P> {
  const { size, token } = input;
  if (size !== undefined && (!Number.isSafeInteger(size) || size < 1)) {
    throw badParam(`${names.size} must be a positive integer`);
  }
  const hasToken = token !== undefined && token.length > 0;
  const after = hasToken ? positions.decode(token) : undefined;
  if (hasToken && after === undefined) throw badParam(`${names.token} was not returned by this endpoint`);
  return {
    limit: Math.min(size ?? sizes.default, sizes.max),
    after,
    reverse: input.reverse ?? false,
  };
}

/** The next page's token, or undefined on the last page. */
export function nextPageToken<P>(
  page: Page<unknown, P>,
  positions: PositionCodec<P>,
): Uint8Array | undefined {
  return page.next === undefined ? undefined : positions.encode(page.next);
}
