import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blake3 } from '@noble/hashes/blake3';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { MessageType } from '../../protocol/gen/message.js';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import { seededRandom } from '../../shared/seeded-random.js';
import { compareBytes } from '../engine/ts-hash.js';
import { EMPTY_HASH, MerkleTrie } from './merkle-trie.js';
import { fnameSyncId, messageSyncId, onChainSyncId } from './sync-id.js';

const A = hexToBytes('3031323334353637383901000004d201000102030405060708090a0b0c0d0e0f10111213');
const B = hexToBytes('3031323334353637383901000004d201fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedec');
const F = hexToBytes('3030393035343038303011000004d2616c696365' + '00'.repeat(15));
const E = hexToBytes('30303930353430383030170103000004d2067d504e00000007');
const ROOT_A = '09d41348e7a71db438c5cc21693d8f3e41fe48e8';
const ROOT_AB = '436ced9a75a3bc268f9e4a0cf1cb83b812b20abc';
const ROOT_ABFE = 'e0c9215d106ce998bb03fcda3e10bff509cd3e24';

const ascii = (text: string) => utf8ToBytes(text);
const hash20 = (bytes: Uint8Array) => blake3(bytes, { dkLen: 20 });

function trieOf(ids: readonly Uint8Array[]): MerkleTrie {
  const trie = new MerkleTrie();
  for (const id of ids) trie.insert(id);
  return trie;
}

/** §2 from its definition, independent of the trie: split by byte, a lone key below the timestamp is a leaf. */
function modelHash(ids: readonly Uint8Array[], depth = 0): Uint8Array {
  if (depth >= 10 && ids.length === 1) return hash20(ids[0]!);
  const groups = new Map<number, Uint8Array[]>();
  for (const id of ids) groups.set(id[depth]!, [...(groups.get(id[depth]!) ?? []), id]);
  const bytes = [...groups.keys()].sort((a, b) => a - b);
  return hash20(concatBytes(...bytes.map((byte) => modelHash(groups.get(byte)!, depth + 1))));
}

/**
 * Ids that crowd few timestamps, fids and hash prefixes, so leaves split and merge deep below byte 10, and
 * ids alone or in pairs in their second, so leaves also settle at depth 10.
 */
function randomIds(random: () => number, count: number): Uint8Array[] {
  const pick = (n: number) => Math.floor(random() * n);
  const types = [
    MessageType.CAST_ADD,
    MessageType.LINK_ADD,
    MessageType.KEY_ADD,
    MessageType.LINK_COMPACT_STATE,
  ];
  const unique = new Map<string, Uint8Array>();
  while (unique.size < count) {
    const timestamp = 100_000 + (random() < 0.5 ? pick(30) : pick(2000));
    const fid = 1 + pick(3);
    const id = [
      () => {
        const hash = Uint8Array.from({ length: 20 }, (_, index) => (index < 2 ? pick(2) : pick(256)));
        return messageSyncId({ fid, type: types[pick(types.length)]!, timestamp, hash })!;
      },
      () => fnameSyncId({ name: ['net', 'network', 'bob', 'bob0'][pick(4)]!, fid, timestamp: 1_700_000_000 }),
      () =>
        onChainSyncId({
          type: OnChainEventType.EVENT_TYPE_SIGNER,
          fid,
          blockNumber: pick(3),
          logIndex: pick(5),
          blockTimestamp: 1_700_000_000 + pick(2),
        }),
    ][pick(3)]!();
    unique.set(bytesToHex(id), id);
  }
  return [...unique.values()];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

describe('merkle trie: the vectors of reference/sync.md §7.3', () => {
  it('EMPTY is the hash of nothing and leaf(A) the hash of A', () => {
    assert.equal(EMPTY_HASH, 'af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9');
    assert.equal(bytesToHex(hash20(A)), '04a3694198180d83b5caab9f659b9d714a3c38a1');
  });

  it('root{A} wraps the leaf at depth 10 in ten single-child nodes', () => {
    assert.equal(trieOf([A]).rootHash(), ROOT_A);
  });

  it('root{A,B} and root{A,B,F,E}', () => {
    assert.equal(trieOf([A, B]).rootHash(), ROOT_AB);
    assert.equal(trieOf([A, B, F, E]).rootHash(), ROOT_ABFE);
  });

  it('snapshot{A} at a missing path stops there with a shortened prefix', () => {
    const snapshot = trieOf([A]).snapshot(ascii('0123456780'));
    assert.deepEqual(snapshot.prefix, ascii('012345678'));
    assert.equal(snapshot.numMessages, 1);
    assert.deepEqual(snapshot.excludedHashes, [
      ...Array<string>(9).fill(EMPTY_HASH),
      '4afa845a442700bfb40c4061ed449ed5e142e562',
    ]);
  });

  it('snapshot{A,B,F,E} along a full path ends with the final node and leaves its items out', () => {
    const snapshot = trieOf([A, B, F, E]).snapshot(ascii('0090540800'));
    assert.deepEqual(snapshot.prefix, ascii('0090540800'));
    assert.equal(snapshot.numMessages, 2);
    assert.deepEqual(snapshot.excludedHashes, [
      EMPTY_HASH,
      '7973fb9e4401ae8df1516f44cfead619369a27a5',
      ...Array<string>(8).fill(EMPTY_HASH),
      '832e8916160a51eea45ba0868f9bbf668f6a76d2',
    ]);
  });
});

describe('merkle trie: shape depends only on the set', () => {
  it('matches the definition over random permutations with interleaved deletes', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const random = seededRandom(seed);
      const ids = randomIds(random, 400);
      const kept = ids.slice(0, 300);
      const expected = bytesToHex(modelHash(kept));
      const trie = new MerkleTrie();
      const transient = new Set(ids.slice(300));
      const inserted: Uint8Array[] = [];
      for (const id of shuffled(ids, random)) {
        assert.equal(trie.insert(id), true);
        inserted.push(id);
        if (random() < 0.3) {
          const victim = inserted[Math.floor(random() * inserted.length)]!;
          // Any held id may leave for a while; a kept one comes back later.
          if (trie.delete(victim) && !transient.has(victim)) inserted.push(victim);
        }
      }
      for (const id of inserted) if (!transient.has(id)) trie.insert(id);
      for (const id of transient) trie.delete(id);
      assert.equal(trie.items, kept.length, `seed ${seed}`);
      assert.equal(trie.rootHash(), expected, `seed ${seed}`);
      assert.equal(trieOf(shuffled(kept, random)).rootHash(), expected, `seed ${seed}`);
    }
  });

  it('pulls a lone leaf back up on delete', () => {
    const trie = trieOf([A, B]);
    assert.equal(trie.delete(B), true);
    assert.equal(trie.rootHash(), ROOT_A);
    assert.equal(trie.metadata(A.subarray(0, 11)), undefined);
  });

  it('reports "" when never written and EMPTY_HASH once emptied', () => {
    const trie = new MerkleTrie();
    assert.equal(trie.rootHash(), '');
    assert.equal(trie.delete(A), false);
    assert.equal(trie.rootHash(), '');
    trie.insert(A);
    trie.insert(F);
    assert.equal(trie.delete(A), true);
    assert.equal(trie.delete(F), true);
    assert.equal(trie.items, 0);
    assert.equal(trie.rootHash(), EMPTY_HASH);
    assert.deepEqual(trie.metadata(new Uint8Array(0)), {
      prefix: new Uint8Array(0),
      items: 0,
      hash: EMPTY_HASH,
      children: [],
    });
  });

  it('counts a repeated insert or a missing delete as no change', () => {
    const trie = trieOf([A]);
    assert.equal(trie.insert(A), false);
    assert.equal(trie.delete(B), false);
    assert.equal(trie.delete(A.subarray(0, 20)), false);
    assert.equal(trie.items, 1);
    assert.ok(trie.has(A));
    assert.ok(!trie.has(B));
    assert.ok(!trie.has(A.subarray(0, 20)));
  });
});

describe('merkle trie: refused keys', () => {
  it('refuses a key no longer than the timestamp', () => {
    const trie = new MerkleTrie();
    assert.throws(() => trie.insert(ascii('012345678')), Error);
    assert.throws(() => trie.insert(ascii('0123456789')), Error);
    assert.equal(trie.rootHash(), '');
  });

  it('refuses a key that is a prefix of a held one, or has one as prefix, and changes nothing', () => {
    const trie = trieOf([A, B]);
    for (const id of [
      A.subarray(0, 13),
      A.subarray(0, 16),
      A.subarray(0, 30),
      concatBytes(A, Uint8Array.of(0)),
    ]) {
      assert.throws(() => trie.insert(id), /prefix/);
    }
    assert.equal(trie.items, 2);
    assert.equal(trie.rootHash(), ROOT_AB);
  });
});

describe('merkle trie: metadata and ids by prefix', () => {
  it('gives a node with its children in byte order, undefined for an unknown prefix or one past a leaf', () => {
    const ids = ['0000000300', '0000000100', '0000000200'].map((timestamp) =>
      concatBytes(ascii(timestamp), Uint8Array.of(1, 2, 3)),
    );
    const trie = trieOf(ids);
    const metadata = trie.metadata(ascii('0000000'))!;
    assert.equal(metadata.items, 3);
    assert.deepEqual(
      metadata.children.map((child) => [Buffer.from(child.prefix).toString(), child.items]),
      [
        ['00000001', 1],
        ['00000002', 1],
        ['00000003', 1],
      ],
    );
    const childHashes = concatBytes(...metadata.children.map((child) => hexToBytes(child.hash)));
    assert.equal(metadata.hash, bytesToHex(hash20(childHashes)));
    assert.equal(trie.rootHash(), bytesToHex(modelHash(ids)));
    assert.equal(trie.metadata(ascii('0000000400')), undefined);
    assert.equal(trie.metadata(concatBytes(ascii('0000000100'), Uint8Array.of(1))), undefined);
    assert.deepEqual(trie.syncIds(concatBytes(ascii('0000000100'), Uint8Array.of(1))), []);
  });

  it('lists every id under a prefix in byte order', () => {
    const trie = trieOf([E, B, F, A]);
    assert.deepEqual(trie.syncIds(new Uint8Array(0)), [F, E, A, B]);
    assert.deepEqual(trie.syncIds(ascii('0123456789')), [A, B]);
    assert.deepEqual(trie.syncIds(ascii('0123456788')), []);
  });

  it('stops a node after the child that takes it past the soft cap: 1000 + 100 gives all 1100', () => {
    const random = seededRandom(7);
    const under = (timestamp: number, count: number) =>
      Array.from({ length: count }, () =>
        messageSyncId({
          fid: 1,
          type: MessageType.CAST_ADD,
          timestamp,
          hash: Uint8Array.from({ length: 20 }, () => Math.floor(random() * 256)),
        })!,
      );
    const first = under(100, 1000);
    const second = under(101, 100);
    const third = under(102, 100);
    const trie = trieOf([...third, ...second, ...first]);
    const expected = [...first, ...second].sort(compareBytes);
    assert.deepEqual(trie.syncIds(ascii('000000010')), expected);
    assert.deepEqual(trie.syncIds(new Uint8Array(0)), expected);
    assert.equal(trie.syncIds(ascii('000000010'), 2000).length, 1200);
  });
});
