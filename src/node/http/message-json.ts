import type { FastifyReply } from 'fastify';
import { decodeStored } from '../engine/message-rows.js';
import type { StoredMessage } from '../engine/reads.js';
import { tsHashHash } from '../engine/ts-hash.js';
import { nextPageToken, tsHashPositions } from '../paging.js';
import type { Page } from '../store/page.js';
import { messageJson } from './render.js';

/**
 * How much rendered message JSON the HTTP API keeps. A cast is ~0.6 KB of JSON and ~0.3 KB stored, so this
 * holds some 40,000 to 70,000 messages: the recent pages of a few thousand fids, a small part of a node's
 * memory, where each kept message saves its decode, toJSON, byte rewrite and stringify on every read.
 */
export const MESSAGE_JSON_CACHE_BYTES = 64 * 1024 * 1024;

/** What an entry costs besides its bytes: the map slot, the entry, its buffers and its 20-character key. */
const ENTRY_OVERHEAD_BYTES = 300;

/**
 * Sends stored messages' hub JSON (render.ts's `messageJson`, stringified), as one message or a page, with
 * the type Fastify gives the JSON bodies it serialises. The body is sent as UTF-8 bytes: a page is its
 * messages' kept bytes copied together, with no string to flatten and encode on the way to the socket.
 */
export interface MessageJson {
  item(reply: FastifyReply, stored: StoredMessage): FastifyReply;
  /** `nextPageToken` is always present: `""` on the last page, as the reference sends it. */
  page(reply: FastifyReply, page: Page<StoredMessage, Uint8Array>): FastifyReply;
}

const JSON_TYPE = 'application/json; charset=utf-8';

interface Entry {
  json: Buffer;
  /** The stored bytes the JSON was rendered from. */
  encoded: Buffer;
  /** What the entry counts toward `maxBytes`. */
  bytes: number;
}

const PAGE_START = Buffer.from('{"messages":[');
const COMMA = Buffer.from(',');

/**
 * A message's JSON is a function of its stored bytes alone, and a stored message never changes, so each
 * message's JSON is kept by hash, least recently used first out past `maxBytes`, and a page is the kept
 * JSON joined. Nothing needs invalidating: a removed or pruned message is no longer selected by any read,
 * and its entry ages out. An entry is used only for the very bytes it was rendered from, so the rare
 * message stored again under the same hash with another signer is rendered anew.
 */
export function createMessageJson(maxBytes = MESSAGE_JSON_CACHE_BYTES): MessageJson {
  const kept = new Map<string, Entry>();
  let keptBytes = 0;

  const jsonOf = ({ encoded, tsHash }: StoredMessage): Buffer => {
    const hash = tsHashHash(tsHash);
    const key = Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('latin1');
    const entry = kept.get(key);
    if (entry !== undefined && entry.encoded.equals(encoded)) {
      kept.delete(key);
      kept.set(key, entry);
      return entry.json;
    }
    const text = JSON.stringify(messageJson(decodeStored(encoded)));
    const length = Buffer.byteLength(text);
    // Both in one allocation of the entry's own: a slice of a shared buffer (Node's pool, a row read) would
    // keep all of that buffer alive.
    const memory = Buffer.allocUnsafeSlow(length + encoded.length);
    memory.write(text);
    memory.set(encoded, length);
    const json = memory.subarray(0, length);
    keep(key, { json, encoded: memory.subarray(length), bytes: memory.length + ENTRY_OVERHEAD_BYTES });
    return json;
  };

  const keep = (key: string, entry: Entry) => {
    const old = kept.get(key);
    if (old !== undefined) {
      kept.delete(key);
      keptBytes -= old.bytes;
    }
    kept.set(key, entry);
    keptBytes += entry.bytes;
    for (const [oldestKey, oldest] of kept) {
      if (keptBytes <= maxBytes) break;
      kept.delete(oldestKey);
      keptBytes -= oldest.bytes;
    }
  };

  return {
    item: (reply, stored) => reply.type(JSON_TYPE).send(jsonOf(stored)),
    page(reply, page) {
      const parts: Uint8Array[] = [PAGE_START];
      page.items.forEach((stored, i) => {
        if (i > 0) parts.push(COMMA);
        parts.push(jsonOf(stored));
      });
      const token = Buffer.from(nextPageToken(page, tsHashPositions) ?? []).toString('base64');
      parts.push(Buffer.from(`],"nextPageToken":"${token}"}`));
      return reply.type(JSON_TYPE).send(Buffer.concat(parts));
    },
  };
}
