import { decodeStored } from '../engine/message-rows.js';
import { nextPageToken, tsHashPositions } from '../paging.js';
import type { Page } from '../store/page.js';
import { messageJson } from './render.js';

/**
 * How much rendered message JSON the HTTP API keeps. A cast is ~0.6 KB of JSON beside its ~0.3 KB of stored
 * bytes, so this holds some 60,000 messages: the recent pages of a few thousand fids, a small part of a node's
 * memory, where each kept message saves its decode, toJSON, byte rewrite and stringify on every read.
 */
export const MESSAGE_JSON_CACHE_BYTES = 64 * 1024 * 1024;

/** What an entry costs besides its bytes and JSON: the map slot, the entry and the buffers' own objects. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Stored messages' hub JSON (render.ts's `messageJson`, stringified), as one message or a page, in UTF-8
 * bytes: a page is its messages' kept bytes copied together, with no string to flatten and encode on the
 * way to the socket.
 */
export interface MessageJson {
  /** `encoded`: a message's stored bytes, as the engine's `stored` reads answer them. */
  item(encoded: Uint8Array): Buffer;
  /** `nextPageToken` is always present: `""` on the last page, as the reference sends it. */
  page(page: Page<Uint8Array, Uint8Array>): Buffer;
}

interface Entry {
  /** The stored bytes the JSON was rendered from. */
  stored: Buffer;
  json: Buffer;
  /** What the entry counts toward `maxBytes`. */
  bytes: number;
  /** Read since it was kept or last passed over for eviction. */
  used: boolean;
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
 * message's JSON is kept with its stored bytes, and a page is the kept JSON joined. Nothing needs
 * invalidating: a removed or pruned message is no longer selected by any read, and its entry ages out; a
 * message whose key is kept for other bytes replaces that entry. Past `maxBytes` the oldest entries go, but
 * one read since it was kept or last passed over gets another turn (second chance, nearly least recently
 * used): a read only marks its entry instead of moving it.
 */
export function createMessageJson(maxBytes = MESSAGE_JSON_CACHE_BYTES): MessageJson {
  const kept = new Map<number, Entry>();
  let keptBytes = 0;

  const jsonOf = (encoded: Uint8Array): Buffer => {
    const key = keyOf(encoded);
    const entry = kept.get(key);
    if (entry?.stored.equals(encoded) === true) {
      entry.used = true;
      return entry.json;
    }
    const text = JSON.stringify(messageJson(decodeStored(encoded)));
    // Allocations of the entry's own: a slice of Node's shared pool (or of the page read) would keep all of
    // it alive.
    const stored = Buffer.allocUnsafeSlow(encoded.length);
    stored.set(encoded);
    const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    json.write(text);
    if (entry !== undefined) forget(key, entry);
    keep(key, { stored, json, bytes: stored.length + json.length + ENTRY_OVERHEAD_BYTES, used: false });
    return json;
  };

  const forget = (key: number, entry: Entry) => {
    kept.delete(key);
    keptBytes -= entry.bytes;
  };

  const keep = (key: number, entry: Entry) => {
    kept.set(key, entry);
    keptBytes += entry.bytes;
    for (const [oldestKey, oldest] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldestKey);
      if (oldest.used) {
        oldest.used = false;
        kept.set(oldestKey, oldest);
      } else {
        keptBytes -= oldest.bytes;
      }
    }
  };

  return {
    item: jsonOf,
    page(page) {
      const parts: Uint8Array[] = [PAGE_START];
      // Counted as it is built: Buffer.concat reading back each part's length cost ~5 µs a page of 25.
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
