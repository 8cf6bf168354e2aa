import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Message } from '../../protocol/gen/message.js';
import { createAnswerCache, MiB } from '../../shared/http/answer-cache.js';
import { decodeStored, storedEncoding, withSignedBytes } from '../engine/message-rows.js';
import { castAdd, signerFor } from '../engine/testing.js';
import { createMessageJson } from './message-json.js';
import { messageJson } from './render.js';

const sent = (body: Buffer) => body.toString();

const stored = storedEncoding;

const alice = { fid: 1, signer: signerFor(1), custody: new Uint8Array(20) };
const messages = ['one', 'two', 'three'].map((text, i) => withSignedBytes(castAdd(alice, text, 10 - i)));
/** What the renderer makes of the message as stored. */
const expected = (message: Message) => JSON.stringify(messageJson(decodeStored(storedEncoding(message))));

it('answers the message JSON whether kept or not, and however little may be kept', () => {
  for (const maxBytes of [0, 1500, 64 * MiB]) {
    const json = createMessageJson(createAnswerCache(maxBytes));
    for (let round = 0; round < 3; round++) {
      for (const message of messages) assert.equal(sent(json.item(stored(message))), expected(message));
      const page = { items: messages.map(stored) };
      assert.equal(
        sent(json.page(page)),
        `{"messages":[${messages.map(expected).join(',')}],"nextPageToken":""}`,
      );
    }
  }
});

it('renders anew a message stored again under the same hash with other bytes', () => {
  const json = createMessageJson(createAnswerCache(MiB));
  const [message] = messages as [Message];
  assert.equal(sent(json.item(stored(message))), expected(message));
  const resigned = { ...message, signature: new Uint8Array(64).fill(7) };
  assert.equal(sent(json.item(stored(resigned))), expected(resigned));
  assert.notEqual(expected(resigned), expected(message));
  // Both are kept under one key (the hash's): each read gets the JSON of its own bytes.
  assert.equal(sent(json.item(stored(message))), expected(message));
});

it('counts its hits and misses in the cache, and keeps within the budget it shares', () => {
  const cache = createAnswerCache(2 * 1024);
  const json = createMessageJson(cache);
  for (const message of messages) json.item(stored(message));
  json.item(stored(messages[2] as Message));
  const kept = cache.stats().get('messages');
  assert.deepEqual(
    { hits: kept?.hits, misses: kept?.misses },
    { hits: 1, misses: 3 },
    'the last message read again is kept',
  );
  assert.ok((kept?.bytes ?? Infinity) <= 2 * 1024);
  assert.ok((kept?.evictions ?? 0) >= 1, 'three messages and their JSON do not fit in 2 KiB');
});
