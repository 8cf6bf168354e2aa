import type { AnswerCache } from '../../shared/http/answer-cache.js';
import { decodeStored } from '../engine/message-rows.js';
import { nextPageToken, tsHashPositions } from '../paging.js';
import type { Page } from '../store/page.js';
import { messageJson } from './render.js';

/**
 * What a rendered message costs besides its stored bytes and JSON: the map slot, the cache's record and
 * the buffer's own objects. Node 20 takes under 300 bytes (test/kept-answers-memory.test.ts); counted with
 * room to spare, so the budget bounds what the process holds.
 */
export const MESSAGE_ENTRY_OVERHEAD = 384;

/**
 * Stored messages' hub JSON (render.ts's `messageJson`, stringified), as one message or a page, in UTF-8
 * bytes: a page is its messages' kept bytes copied together, with no string to flatten and encode on the
 * way to the socket.
 */
export interface MessageJson {
  /** `encoded`: a message's stored bytes, as the engine's reads answer them. */
  item(encoded: Uint8Array): Buffer;
  /** `nextPageToken` is always present: `""` on the last page, as the reference sends it. */
  page(page: Page<Uint8Array, Uint8Array>): Buffer;
}

const PAGE_START = Buffer.from('{"messages":[');
const COMMA = Buffer.from(',');

/** Where the stored encoding has the message hash: it starts with that field (2), after its tag and length. */
const HASH_AT = 2;

/**
 * The key an entry is kept under: 30 bits of the message hash, a small integer V8's maps look up without
 * hashing anything (a key of all the stored bytes, as a string, cost a copy and a hash of ~250 characters
 * per message). Two messages may share a key, so an entry is used only for the very bytes it was made of.
 */
const keyOf = (stored: Uint8Array): number =>
  stored.length < HASH_AT + 4
    ? 0
    : ((stored[HASH_AT] as number) << 22) |
      ((stored[HASH_AT + 1] as number) << 14) |
      ((stored[HASH_AT + 2] as number) << 6) |
      ((stored[HASH_AT + 3] as number) >> 2);

/**
 * A message's JSON is a function of its stored bytes alone, and a stored message never changes, so each
 * message's JSON is kept with its stored bytes in the service's `messages` section of `cache`, and a page
 * is the kept JSON joined. Nothing needs invalidating: a removed or pruned message is no longer selected
 * by any read, and its entry ages out; a message whose key is kept for other bytes replaces that entry.
 */
export function createMessageJson(cache: AnswerCache): MessageJson {
  // Each entry is the message's JSON, in an allocation of its own that starts with the stored bytes it
  // was rendered from (a slice of Node's shared pool, or of the page read, would keep all of it alive).
  const kept = cache.section<number, Buffer>('messages');

  const jsonOf = (encoded: Uint8Array): Buffer => {
    const key = keyOf(encoded);
    const json = kept.get(key);
    if (json !== undefined && renderedFrom(json, encoded)) {
      kept.count(true);
      return json;
    }
    kept.count(false);
    const text = JSON.stringify(messageJson(decodeStored(encoded)));
    const bytes = Buffer.allocUnsafeSlow(encoded.length + Buffer.byteLength(text));
    bytes.set(encoded);
    bytes.write(text, encoded.length);
    const rendered = bytes.subarray(encoded.length);
    kept.set(key, rendered, bytes.length + MESSAGE_ENTRY_OVERHEAD);
    return rendered;
  };

  return {
    item: jsonOf,
    page(page) {
      const parts: Uint8Array[] = [PAGE_START];
      // Counted as it is built, so Buffer.concat need not read back each part's length.
      let length = PAGE_START.length;
      page.items.forEach((encoded, i) => {
        const json = jsonOf(encoded);
        if (i > 0) parts.push(COMMA);
        parts.push(json);
        length += (i > 0 ? COMMA.length : 0) + json.length;
      });
      const token = Buffer.from(nextPageToken(page, tsHashPositions) ?? []).toString('base64');
      const end = Buffer.from(`],"nextPageToken":"${token}"}`);
      parts.push(end);
      return Buffer.concat(parts, length + end.length);
    },
  };
}

/** Whether the kept `json` was rendered from the very bytes `encoded`: those before it in its allocation. */
function renderedFrom(json: Buffer, encoded: Uint8Array): boolean {
  return json.byteOffset === encoded.length && Buffer.from(json.buffer, 0, json.byteOffset).equals(encoded);
}
