import { badParam } from '../failure.js';
import { HTTP_PAGE_SIZES, pageRequestOf } from '../paging.js';
import type { PositionCodec } from '../paging.js';
import type { PageRequest } from '../store/page.js';
import { flag, optional, positiveInt } from './params.js';
import type { Query } from './params.js';

/** Default and largest `pageSize`, as the reference's HTTP layer caps it. */
export const MAX_PAGE_SIZE = HTTP_PAGE_SIZES.max;

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

/** `pageSize` (default and cap 1000), `pageToken` and `reverse`; Snapchain's snake_case spellings too. */
export function pageRequest<P>(query: Query, positions: PositionCodec<P>): PageRequest<P> {
  return pageRequestOf(
    {
      size: optional(query, ['pageSize', 'page_size'], positiveInt),
      token: optional(query, ['pageToken', 'page_token'], tokenBytes),
      reverse: optional(query, 'reverse', flag),
    },
    positions,
    HTTP_PAGE_SIZES,
  );
}
