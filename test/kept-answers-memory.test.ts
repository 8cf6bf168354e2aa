import assert from 'node:assert/strict';
import { it } from 'node:test';
import { keptAnswers } from '../src/shared/http/kept-answers.js';
import type { KeptAnswers, KeptAnswersOptions } from '../src/shared/http/kept-answers.js';
import { heldBytes, MiB } from './support/heap.js';

/**
 * The kept answers' budget bounds what the process holds for them, not only what it was asked to keep:
 * keys, records and the map count with the bodies, and a body cut from one of Node's shared 8 KiB slabs
 * is kept as its own copy. Measured after a full collection, around many small answers (where the
 * per-entry cost weighs most), each built as a server builds one: a small Buffer among other short-lived
 * small Buffers.
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

/** What `fill` adds to the process for a fresh `keptAnswers(options)`, after a first one compiled its path. */
async function heldBy(options: KeptAnswersOptions, fill: (kept: KeptAnswers) => Promise<void>) {
  await fill(keptAnswers(versions, options));
  const kept = keptAnswers(versions, options);
  const before = await heldBytes();
  await fill(kept);
  return { held: (await heldBytes()) - before, ...kept.usage() };
}

it('holds no more than it counts for each answer: body, key, record and its place in the map', async () => {
  const { held, bytes, entries } = await heldBy(
    { capacity: 1024 * MiB, entries: 1_000_000, commitMark: () => '301:2' },
    async (kept) => {
      // Keys as both transports make them: a method and request bytes, and JSON with any character.
      await fill(kept, 10_000, (i) => `GetCastsByFid\n\u0001\u0002${i}`);
      await fill(kept, 10_000, (i) => JSON.stringify(['/v1/castsByParent', {}, [['url', `é/${i}`]]]));
    },
  );
  assert.equal(entries, 20_000);
  assert.ok(held <= bytes, `${(held / MiB).toFixed(2)} MiB held for ${(bytes / MiB).toFixed(2)} MiB counted`);
});

it('holds at most its budget, whatever the number of keys', async () => {
  const capacity = 4 * MiB;
  const { held, bytes } = await heldBy({ capacity }, (kept) =>
    fill(kept, 30_000, (i) => `GetCastsByFid\n${i}`),
  );
  assert.ok(bytes <= capacity);
  // The margin: the map's table, which keeps its size when entries go.
  assert.ok(held <= capacity + MiB, `${(held / MiB).toFixed(2)} MiB held`);
});
