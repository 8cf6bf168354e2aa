import _m0 from 'protobufjs/minimal.js';
import { encodedMessage } from '../engine/message-rows.js';
import { readCall, spansFids } from '../engine/reads.js';
import type { MessagePage, MessageReadName, MessageReads } from '../engine/reads.js';
import { HTTP_PAGE_SIZES, nextPageToken, pageRequestOf, tsHashPositions } from '../paging.js';
import type { PageSizes, PositionCodec } from '../paging.js';
import type { Page, PageRequest } from '../store/page.js';
import { storedTsHash } from '../store/stored-ts-hash.js';
import { EncodedResponse } from './hub-service.js';

/**
 * Reads of one fid's messages serve the reference's store pages: 10,000 when no size is asked for, and at
 * most that. The fid's storage limits bound what such a page can hold.
 */
export const MESSAGE_PAGE_SIZES: PageSizes = { default: 10_000, max: 10_000 };

/**
 * Reads of messages across fids (a cast's replies or reactions, a fid's mentions or followers) page as
 * the HTTP API does, 1,000 by default and at most: nothing bounds how many messages such a list holds, and
 * any write to any fid makes the next read of it run anew, so each run must stay small.
 */
export const ACROSS_FIDS_PAGE_SIZES: PageSizes = HTTP_PAGE_SIZES;

/** Fids, on-chain events, signers and hub events: Snapchain's default size, Hubble's largest. */
export const PAGE_SIZES: PageSizes = { default: 1000, max: 10_000 };

/** The paging fields every paged HubService request has. */
export interface PagedRequest {
  pageSize?: number | undefined;
  pageToken?: Uint8Array | undefined;
  reverse?: boolean | undefined;
}

const FIELD_NAMES = { size: 'page_size', token: 'page_token' };

/** A request's page, by the rules HTTP pages follow (src/node/paging.ts), with the proto's field names. */
export function pageOf<P>(
  request: PagedRequest,
  positions: PositionCodec<P>,
  sizes: PageSizes = PAGE_SIZES,
): PageRequest<P> {
  return pageRequestOf(
    { size: request.pageSize, token: request.pageToken, reverse: request.reverse },
    positions,
    sizes,
    FIELD_NAMES,
  );
}

/**
 * Most bytes of the items of one response. Clients receive at most 4 MiB by default (Shuttle 0.3.3 asks
 * for 3000 messages of up to ~2.3 KB), so a page ends early past this, with a token for the rest
 * (grpc-api.md §7).
 */
export const MAX_RESPONSE_BYTES = 3.5 * 1024 * 1024;

/** A repeated message field's tag and length prefix take at most this many bytes per item. */
const FIELD_OVERHEAD = 6;

/** A generated codec, for the encoded size of an item. */
interface Encoder<T> {
  encode(item: T): { finish(): Uint8Array };
}

/** An item's encoded size, as `codec` encodes it. */
export const encodedSize =
  <T>(codec: Encoder<T>) =>
  (item: T): number =>
    codec.encode(item).finish().length;

/**
 * `page` cut after its last item that keeps the encoded items within `budget` (at least one item is
 * kept); a cut page continues after its last item.
 */
export function withinBudget<T, P>(
  page: Page<T, P>,
  sizeOf: (item: T) => number,
  positionOf: (item: T) => P,
  budget = MAX_RESPONSE_BYTES,
): Page<T, P> {
  let size = 0;
  for (const [index, item] of page.items.entries()) {
    size += sizeOf(item) + FIELD_OVERHEAD;
    const previous = page.items[index - 1];
    if (size > budget && previous !== undefined) {
      return { items: page.items.slice(0, index), next: positionOf(previous) };
    }
  }
  return page;
}

/** The fields of a paged response of items (MessagesResponse, EventsResponse): the items, then the token. */
const ITEMS_TAG = 10; // field 1, length-delimited
const TOKEN_TAG = 18; // field 2, length-delimited

/**
 * A paged response written of its items' own bytes, within the size budget. `lastPageToken` is sent on
 * the last page, if any.
 */
export function pageResponse<T, P>(
  page: Page<T, P>,
  bytesOf: (item: T) => Uint8Array,
  positionOf: (item: T) => P,
  positions: PositionCodec<P>,
  lastPageToken?: Uint8Array,
): EncodedResponse {
  const kept = withinBudget(page, (item) => bytesOf(item).length, positionOf);
  const writer = _m0.Writer.create();
  for (const item of kept.items) writer.uint32(ITEMS_TAG).bytes(bytesOf(item));
  const token = nextPageToken(kept, positions) ?? lastPageToken;
  if (token !== undefined) writer.uint32(TOKEN_TAG).bytes(token);
  return new EncodedResponse(writer.finish());
}

/**
 * A page of stored messages as MessagesResponse, each message as the bytes `encodedMessage` makes of its
 * stored bytes: within the size budget, and with an empty token on the last page, as Hubble sends it
 * (clients stop on an absent or empty one).
 */
export function messagesResponse(page: MessagePage): EncodedResponse {
  const items = page.items.map((stored) => ({ stored, wire: encodedMessage(stored) }));
  return pageResponse(
    { items, next: page.next },
    (item) => item.wire,
    (item) => storedTsHash(item.stored),
    tsHashPositions,
    new Uint8Array(),
  );
}

/**
 * The read `name` of `reads` on the page `request` asks for, with the other arguments `argsOf` puts
 * around it. A read of one fid's messages serves store pages, a read across fids HTTP's (engine/reads.ts
 * declares which is which).
 */
export function pagedRead<K extends MessageReadName>(
  reads: Pick<MessageReads, K>,
  name: K,
  request: PagedRequest,
  argsOf: (page: PageRequest<Uint8Array>) => [...Parameters<MessageReads[K]>],
) {
  const sizes = spansFids(name) ? ACROSS_FIDS_PAGE_SIZES : MESSAGE_PAGE_SIZES;
  return readCall(reads, name, ...argsOf(pageOf(request, tsHashPositions, sizes)));
}
