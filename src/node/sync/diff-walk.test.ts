import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MessageType } from '../../protocol/gen/message.js';
import { seededRandom } from '../../shared/seeded-random.js';
import { COMPLETE_LISTING, missingIds, PeerFault } from './diff-walk.js';
import type { OurTrie, TrieReader } from './diff-walk.js';
import type { MerkleTrie } from './merkle-trie.js';
import { messageSyncId } from './sync-id.js';
import { hexOf, trieOf } from './trie-nodes.js';

/** Message ids over a day, some seconds crowded, so the tries are deep and wide. */
function randomIds(random: () => number, count: number): Uint8Array[] {
  const pick = (n: number) => Math.floor(random() * n);
  return Array.from({ length: count }, () =>
    messageSyncId({
      fid: 1 + pick(50),
      type: MessageType.CAST_ADD,
      timestamp: 100_000_000 + (random() < 0.3 ? pick(20) : pick(86_400)),
      hash: Uint8Array.from({ length: 20 }, () => pick(256)),
    })!,
  );
}

/** A trie read in memory, counting the calls made on it. */
function reader(trie: MerkleTrie): OurTrie & TrieReader & { calls: number } {
  const counted = {
    calls: 0,
    metadata: async (prefix: Uint8Array) => {
      counted.calls++;
      return trie.metadata(prefix);
    },
    syncIds: async (prefix: Uint8Array) => {
      counted.calls++;
      return trie.syncIds(prefix);
    },
    held: async (ids: readonly Uint8Array[]) => ids.map((id) => trie.has(id)),
  };
  return counted;
}

async function walked(ours: OurTrie, theirs: TrieReader): Promise<string[]> {
  const missing: string[] = [];
  for await (const ids of missingIds(ours, theirs)) missing.push(...ids.map(hexOf));
  return missing.sort();
}

describe('the diff-sync walk', () => {
  it('finds exactly the ids the peer holds and we do not, each once', async () => {
    const random = seededRandom(38_001);
    const shared = randomIds(random, 6000);
    const onlyTheirs = randomIds(random, 300);
    const onlyOurs = randomIds(random, 200);
    const ours = reader(trieOf([...shared, ...onlyOurs]));
    const theirs = reader(trieOf([...shared, ...onlyTheirs]));
    assert.deepEqual(await walked(ours, theirs), onlyTheirs.map(hexOf).sort());
    assert.deepEqual(await walked(theirs, ours), onlyOurs.map(hexOf).sort(), 'and the other way');
  });

  it('an empty node gets everything, in listings of at most the cap; equal tries cost one call each', async () => {
    const random = seededRandom(38_002);
    const ids = randomIds(random, 5000);
    const theirs = reader(trieOf(ids));
    const listings: number[] = [];
    for await (const missing of missingIds(reader(trieOf([])), theirs)) listings.push(missing.length);
    assert.equal(
      listings.reduce((sum, count) => sum + count, 0),
      ids.length,
    );
    assert.ok(Math.max(...listings) <= COMPLETE_LISTING);
    const same = reader(trieOf(ids));
    theirs.calls = 0;
    assert.deepEqual(await walked(same, theirs), []);
    assert.equal(theirs.calls, 1, 'the roots match: nothing more is asked');
    const few = randomIds(random, 500);
    const fewTheirs = reader(trieOf(few));
    assert.deepEqual(await walked(reader(trieOf(few)), fewTheirs), []);
    assert.equal(fewTheirs.calls, 1, 'not even listed when they would fit in one listing');
  });

  it('a few ids apart, the walk asks about the differing paths only', async () => {
    const random = seededRandom(38_003);
    const shared = randomIds(random, 20_000);
    const extra = randomIds(random, 3);
    const theirs = reader(trieOf([...shared, ...extra]));
    assert.deepEqual(await walked(reader(trieOf(shared)), theirs), extra.map(hexOf).sort());
    // Each extra id differs along one path of the ten timestamp levels and a few below.
    assert.ok(theirs.calls <= extra.length * 16, `${theirs.calls} calls`);
  });

  it('refuses a listing outside the prefix, with an id twice, or longer than the node', async () => {
    const random = seededRandom(38_004);
    // Over the cap, so listings are of nodes below the root.
    const ids = randomIds(random, 3000);
    const honest = trieOf(ids);
    const faults: [string, (listed: Uint8Array[]) => Uint8Array[]][] = [
      ['outside the prefix', (listed) => [...listed.slice(1), Uint8Array.of(0x3a, ...listed[0]!.slice(1))]],
      ['twice', (listed) => [listed[0]!, ...listed.slice(0, -1)]],
      ['more ids', (listed) => [...listed, Uint8Array.of(...listed[0]!, 1)]],
    ];
    for (const [what, forge] of faults) {
      const lying: TrieReader = {
        metadata: async (prefix) => honest.metadata(prefix),
        syncIds: async (prefix) => forge(honest.syncIds(prefix)),
      };
      await assert.rejects(walked(reader(trieOf([])), lying), PeerFault, what);
    }
  });

  it('refuses a node its ids do not rebuild, but not a node that moved between the asks', async () => {
    const random = seededRandom(38_005);
    const ids = randomIds(random, 3000);
    const honest = trieOf(ids);
    // Claims more than it lists: a root it cannot back up. Asked twice, it answers the same.
    const hiding: TrieReader & { listings: number } = {
      listings: 0,
      metadata: async (prefix) => honest.metadata(prefix),
      syncIds: async (prefix) => {
        hiding.listings++;
        return honest.syncIds(prefix).slice(1);
      },
    };
    await assert.rejects(walked(reader(trieOf([])), hiding), PeerFault);
    assert.equal(hiding.listings, 2, 'asked again once before the fault');
    // A peer merging as it answers: each listing holds one more id than the node it just described.
    const growing = trieOf(ids.slice(0, 2000));
    let next = 2000;
    const moving: TrieReader = {
      metadata: async (prefix) => growing.metadata(prefix),
      syncIds: async (prefix) => {
        growing.insert(ids[next++]!);
        return growing.syncIds(prefix);
      },
    };
    await walked(reader(trieOf([])), moving);
  });
});
