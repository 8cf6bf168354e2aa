import assert from 'node:assert/strict';
import { it } from 'node:test';
import { castAdd, signerFor } from '../src/node/engine/testing.js';
import { storedEncoding, withSignedBytes } from '../src/node/engine/message-rows.js';
import { createMessageJson } from '../src/node/http/message-json.js';
import { createAnswerCache } from '../src/shared/http/answer-cache.js';
import type { AnswerCache } from '../src/shared/http/answer-cache.js';
import { keptAnswers } from '../src/shared/http/kept-answers.js';
import type { KeptAnswers } from '../src/shared/http/kept-answers.js';
import { heldBytes, MiB } from './support/heap.js';

/**
 * A service's answer cache bounds what the process holds for it, not only what it was asked to keep:
 * keys, records and the map count with the bodies, and a body cut from one of Node's shared 8 KiB slabs
 * is kept as its own copy. Measured after a full collection, around many small entries (where the
 * per-entry cost weighs most): kept answers, each built as a server builds one (a small Buffer among
 * other short-lived small Buffers), and rendered messages.
 */

const versions = async () => '17|4';

/** Keeps `count` answers of about 200 bytes, each under its own key (`keyOf`). */
async function fill(kept: KeptAnswers, count: number, keyOf: (i: number) => string) {
  for (let i = 0; i < count; i++) {
    await kept.serve(
      keyOf(i),
      () => ['42'],
      async () => {
        // Whatever else the request allocated from the same slab, gone by now.
        Buffer.from('x'.repeat(2000));
        return { scopes: ['42'], body: Buffer.from(`{"messages":[],"n":${i}}`.padEnd(200)) };
      },
    );
  }
}

/** What `fill` adds to the process for a fresh cache of `capacity` bytes, after a first one compiled its path. */
async function heldBy(capacity: number, fill: (cache: AnswerCache) => Promise<void>) {
  await fill(createAnswerCache(capacity));
  const cache = createAnswerCache(capacity);
  const before = await heldBytes();
  await fill(cache);
  const held = (await heldBytes()) - before;
  let bytes = 0;
  let entries = 0;
  for (const stats of cache.stats().values()) {
    bytes += stats.bytes;
    entries += stats.entries;
  }
  return { held, bytes, entries };
}

/** Kept answers in `cache`, on a commit mark that holds. */
const answersIn = (cache: AnswerCache) => keptAnswers(versions, { cache, commitMark: () => '301:2' });

it('holds no more than it counts for each answer: body, key, record and its place in the map', async () => {
  const { held, bytes, entries } = await heldBy(1024 * MiB, async (cache) => {
    const kept = answersIn(cache);
    // Keys as both transports make them: a method and request bytes, and JSON with any character.
    await fill(kept, 10_000, (i) => `GetCastsByFid\n\u0001\u0002${i}`);
    await fill(kept, 10_000, (i) => JSON.stringify(['/v1/castsByParent', {}, [['url', `é/${i}`]]]));
  });
  assert.equal(entries, 20_000);
  assert.ok(held <= bytes, `${(held / MiB).toFixed(2)} MiB held for ${(bytes / MiB).toFixed(2)} MiB counted`);
});

it('holds at most its budget, whatever the number of keys', async () => {
  const capacity = 4 * MiB;
  const { held, bytes } = await heldBy(capacity, (cache) =>
    fill(answersIn(cache), 30_000, (i) => `GetCastsByFid\n${i}`),
  );
  assert.ok(bytes <= capacity);
  // The margin: the map's table, which keeps its size when entries go.
  assert.ok(held <= capacity + MiB, `${(held / MiB).toFixed(2)} MiB held`);
});

/** `count` small casts as stored, each of its own hash. */
function storedCasts(count: number): Uint8Array[] {
  const alice = { fid: 1, signer: signerFor(1), custody: new Uint8Array(20) };
  return Array.from({ length: count }, (_, i) => storedEncoding(withSignedBytes(castAdd(alice, `${i}`, i))));
}

it('holds no more than it counts for each rendered message: stored bytes, JSON, record and map slot', async () => {
  const casts = storedCasts(20_000);
  const { held, bytes, entries } = await heldBy(1024 * MiB, async (cache) => {
    const json = createMessageJson(cache);
    for (const stored of casts) json.item(stored);
  });
  // A few share 30 bits of a hash, and so one entry.
  assert.ok(entries > 19_900, `${entries} entries`);
  assert.ok(held <= bytes, `${(held / MiB).toFixed(2)} MiB held for ${(bytes / MiB).toFixed(2)} MiB counted`);
});
