import type { FastifyReply } from 'fastify';
import { decodeStored } from '../engine/message-rows.js';
import { nextPageToken, tsHashPositions } from '../paging.js';
import type { Page } from '../store/page.js';
import { messageJson } from './render.js';

/**
 * How much rendered message JSON the HTTP API keeps. A cast is ~0.6 KB of JSON under a ~0.3 KB key, so this
 * holds some 60,000 messages: the recent pages of a few thousand fids, a small part of a node's
 * memory, where each kept message saves its decode, toJSON, byte rewrite and stringify on every read.
 */
export const MESSAGE_JSON_CACHE_BYTES = 64 * 1024 * 1024;

/** What an entry costs besides its key and JSON: the map slot, the entry and the buffer's own objects. */
const ENTRY_OVERHEAD_BYTES = 200;

/**
 * Sends stored messages' hub JSON (render.ts's `messageJson`, stringified), as one message or a page, with
 * the type Fastify gives the JSON bodies it serialises. The body is sent as UTF-8 bytes: a page is its
 * messages' kept bytes copied together, with no string to flatten and encode on the way to the socket.
 */
export interface MessageJson {
  /** `encoded`: a message's stored bytes, as the engine's `stored` reads answer them. */
  item(reply: FastifyReply, encoded: Uint8Array): FastifyReply;
  /** `nextPageToken` is always present: `""` on the last page, as the reference sends it. */
  page(reply: FastifyReply, page: Page<Uint8Array, Uint8Array>): FastifyReply;
}

const JSON_TYPE = 'application/json; charset=utf-8';

interface Entry {
  json: Buffer;
  /** What the entry and its key count toward `maxBytes`. */
  bytes: number;
  /** Read since it was kept or last passed over for eviction. */
  used: boolean;
}

const PAGE_START = Buffer.from('{"messages":[');
const COMMA = Buffer.from(',');

/**
 * A message's JSON is a function of its stored bytes alone, and a stored message never changes, so each
 * message's JSON is kept under its stored bytes, and a page is the kept JSON joined. Nothing needs
 * invalidating: a removed or pruned message is no longer selected by any read, and its entry ages out.
 * Past `maxBytes` the oldest entries go, but one read since it was kept or last passed over gets another
 * turn (second chance, nearly least recently used): a read only marks its entry instead of moving it.
 */
export function createMessageJson(maxBytes = MESSAGE_JSON_CACHE_BYTES): MessageJson {
  const kept = new Map<string, Entry>();
  let keptBytes = 0;

  const jsonOf = (encoded: Uint8Array): Buffer => {
    // The bytes as a string, one character a byte: a key of its own, copied out of the row read.
    const key = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength).toString('latin1');
    const entry = kept.get(key);
    if (entry !== undefined) {
      entry.used = true;
      return entry.json;
    }
    const text = JSON.stringify(messageJson(decodeStored(encoded)));
    // An allocation of the entry's own: a slice of Node's shared pool would keep all of the slab alive.
    const json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    json.write(text);
    keep(key, { json, bytes: key.length + json.length + ENTRY_OVERHEAD_BYTES, used: false });
    return json;
  };

  const keep = (key: string, entry: Entry) => {
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
    item: (reply, encoded) => reply.type(JSON_TYPE).send(jsonOf(encoded)),
    page(reply, page) {
      const parts: Uint8Array[] = [PAGE_START];
      page.items.forEach((encoded, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(jsonOf(encoded));
      });
      const token = Buffer.from(nextPageToken(page, tsHashPositions) ?? []).toString('base64');
      parts.push(Buffer.from(`],"nextPageToken":"${token}"}`));
      return reply.type(JSON_TYPE).send(Buffer.concat(parts));
    },
  };
}
