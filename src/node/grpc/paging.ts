import type { Message } from '../../protocol/gen/message.js';
import type { MessagesResponse } from '../../protocol/gen/request_response.js';
import { makeTsHash } from '../engine/index.js';
import type { MessagePage } from '../engine/index.js';
import { HTTP_PAGE_SIZES, nextPageToken, pageRequestOf, tsHashPositions } from '../paging.js';
import type { PageSizes, PositionCodec } from '../paging.js';
import type { Page, PageRequest } from '../store/page.js';
import { messageWire } from './hub-service.js';

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

export const messagePageOf = (request: PagedRequest) => pageOf(request, tsHashPositions, MESSAGE_PAGE_SIZES);

export const acrossFidsPageOf = (request: PagedRequest) =>
  pageOf(request, tsHashPositions, ACROSS_FIDS_PAGE_SIZES);

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

/**
 * `page` cut after its last item that keeps the encoded items within `budget` (at least one item is
 * kept); a cut page continues after its last item.
 */
export function withinBudget<T, P>(
  page: Page<T, P>,
  codec: Encoder<T>,
  positionOf: (item: T) => P,
  budget = MAX_RESPONSE_BYTES,
): Page<T, P> {
  let size = 0;
  for (const [index, item] of page.items.entries()) {
    size += codec.encode(item).finish().length + FIELD_OVERHEAD;
    const previous = page.items[index - 1];
    if (size > budget && previous !== undefined) {
      return { items: page.items.slice(0, index), next: positionOf(previous) };
    }
  }
  return page;
}

/** Where a stored message sits in its store's order. */
function tsHashOf(message: Message): Uint8Array {
  if (message.data === undefined) throw new TypeError('a stored message has data');
  return makeTsHash(message.data.timestamp, message.hash);
}

/**
 * A page of messages as MessagesResponse: within the size budget, and with an empty token on the last
 * page, as Hubble sends it (clients stop on an absent or empty one).
 */
export function messagesResponse(page: MessagePage): MessagesResponse {
  const kept = withinBudget(page, messageWire, tsHashOf);
  return {
    messages: kept.items,
    nextPageToken: nextPageToken(kept, tsHashPositions) ?? new Uint8Array(),
  };
}
