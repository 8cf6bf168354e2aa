import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { MessageType } from '../../protocol/gen/message.js';
import { OnChainEventType } from '../../protocol/gen/onchain_event.js';
import { seededRandom } from '../../shared/seeded-random.js';
import { createAnswerCache, MiB } from '../../shared/http/answer-cache.js';
import { forEachDialect, openTestDatabase } from '../../storage/testing.js';
import type { TestDatabase } from '../../storage/testing.js';
import type { StoreChange } from '../store/changes.js';
import type { NodeTables } from '../store/schema.js';
import { recordChange, writeTransaction } from '../store/write-transaction.js';
import { EMPTY_HASH, MerkleTrie } from './merkle-trie.js';
import { rebuildSyncTrie } from './rebuild-sync-trie.js';
import { syncIdOf } from './sync-id.js';
import { createSyncTrie } from './sync-trie.js';
import type { SyncTrie } from './sync-trie.js';
import { hexOf } from './trie-nodes.js';

type Added = StoreChange & { op: 'add' };

/**
 * Items crowded into few seconds, fids and hash prefixes (leaves split and merge deep below byte 10) and
 * spread over many (nodes alone in their second), of every kind: messages, fname proofs, on-chain events.
 */
function randomItems(random: () => number, count: number): Added[] {
  const pick = (n: number) => Math.floor(random() * n);
  const types = [
    MessageType.CAST_ADD,
    MessageType.REACTION_REMOVE,
    MessageType.KEY_ADD,
    MessageType.LINK_COMPACT_STATE,
  ];
  const items = new Map<string, Added>();
  while (items.size < count) {
    const fid = 1 + pick(3);
    const seconds = random() < 0.5 ? pick(30) : pick(200_000);
    const item: Added = [
      (): Added => ({
        kind: 'message',
        op: 'add',
        fid,
        type: types[pick(types.length)]!,
        timestamp: 100_000 + seconds,
        hash: Uint8Array.from({ length: 20 }, (_, index) => (index < 2 ? pick(2) : pick(256))),
      }),
      (): Added => ({
        kind: 'fname',
        op: 'add',
        name: ['net', 'network', 'bob'][pick(3)]!,
        fid,
        timestamp: 1_700_000_000 + pick(3),
      }),
      (): Added => ({
        kind: 'onchain',
        op: 'add',
        type: OnChainEventType.EVENT_TYPE_SIGNER,
        fid,
        blockNumber: pick(3),
        logIndex: pick(5),
        blockTimestamp: 1_700_000_000 + seconds,
      }),
    ][random() < 0.8 ? 0 : 1 + pick(2)]!();
    items.set(hexOf(syncIdOf(item)!), item);
  }
  return [...items.values()];
}

/** The prefixes to ask about: the root, every prefix of some held ids, a sibling off each path, and misses. */
function prefixesOf(ids: readonly Uint8Array[], random: () => number): Uint8Array[] {
  const prefixes = [
    new Uint8Array(0),
    Uint8Array.from(Buffer.from('9')),
    Uint8Array.from(Buffer.from('0000000000x')),
  ];
  for (const id of ids.filter(() => random() < 0.01)) {
    for (let length = 1; length <= id.length; length += 1 + Math.floor(random() * 3)) {
      prefixes.push(id.slice(0, length));
      const sibling = id.slice(0, length);
      sibling[length - 1] = length <= 10 ? 0x30 + Math.floor(random() * 10) : Math.floor(random() * 256);
      prefixes.push(sibling);
    }
    prefixes.push(Uint8Array.of(...id, 0));
  }
  return prefixes;
}

/** Every read of the stored trie equals the in-memory trie's of the same ids. */
async function assertSameTrie(stored: SyncTrie, model: MerkleTrie, prefixes: readonly Uint8Array[]) {
  assert.equal(await stored.rootHash(), model.rootHash());
  assert.equal(await stored.items(), model.items);
  for (const prefix of prefixes) {
    const what = `at ${hexOf(prefix)}`;
    const metadata = await stored.metadata(prefix);
    if (prefix.length === 0) assert.deepEqual(metadata, model.metadata(prefix) ?? metadata, what);
    else assert.deepEqual(metadata, model.metadata(prefix), what);
    const { rootHash, ...snapshot } = await stored.snapshot(prefix);
    assert.equal(rootHash, model.rootHash(), what);
    assert.deepEqual(snapshot, model.snapshot(prefix), what);
    for (const softCap of [3, 40]) {
      assert.deepEqual(
        (await stored.syncIds(prefix, softCap)).map(hexOf),
        model.syncIds(prefix, softCap).map(hexOf),
        what,
      );
    }
  }
}

async function write(db: TestDatabase<NodeTables>, changes: readonly StoreChange[]): Promise<void> {
  await writeTransaction(db.db, async (trx) => {
    for (const change of changes) recordChange(trx, change);
  });
}

forEachDialect('the stored sync trie', (dialect) => {
  let database: TestDatabase<NodeTables>;
  before(async () => {
    database = await openTestDatabase<NodeTables>(dialect, 'node');
  });
  after(() => database.cleanup());

  it('answers as the in-memory trie of the same ids after inserts and deletes in any order, in any batches', async () => {
    const random = seededRandom(29_112_026);
    const items = randomItems(random, 1500);
    const model = new MerkleTrie();
    // A small in-memory bound, so listings walk stored nodes; no kept subtrees, so each read builds its own.
    const stored = createSyncTrie(database.db, createAnswerCache(0), { inMemoryItems: 50 });
    const kept = createSyncTrie(database.db, createAnswerCache(8 * MiB), { inMemoryItems: 50 });
    assert.equal(await stored.rootHash(), '', 'a trie never written');
    assert.deepEqual(await stored.metadata(new Uint8Array(0)), model.metadata(new Uint8Array(0)));

    const held: Added[] = [];
    const pending = [...items];
    for (let round = 0; pending.length > 0 || held.length > 0; round++) {
      const batch: StoreChange[] = [];
      for (let count = 1 + Math.floor(random() * 120); count > 0 && pending.length > 0; count--) {
        const item = pending.pop()!;
        batch.push(item);
        held.push(item);
      }
      // Removes of held items, some added in this very batch, and an add and remove of the same item.
      for (
        let count = Math.floor(random() * (pending.length === 0 ? 200 : 40));
        count > 0 && held.length > 0;
        count--
      ) {
        const [item] = held.splice(Math.floor(random() * held.length), 1);
        batch.push({ ...item!, op: 'remove' });
      }
      await write(database, batch);
      for (const change of batch) {
        const id = syncIdOf(change)!;
        if (change.op === 'add') model.insert(id);
        else model.delete(id);
      }
      if (round % 8 === 0 || held.length === 0) {
        const ids = model.syncIds(new Uint8Array(0), Number.MAX_SAFE_INTEGER);
        const prefixes = prefixesOf(ids, random);
        await assertSameTrie(stored, model, prefixes);
        await assertSameTrie(kept, model, prefixes);
      }
      if (held.length === 0 && pending.length === 0) break;
    }
    assert.equal(await stored.rootHash(), EMPTY_HASH, 'deleted back to empty');
    assert.equal(await stored.items(), 0);
  });

  it('a rebuild from the stores of an empty node keeps the trie never written', async () => {
    const fresh = await openTestDatabase<NodeTables>(dialect, 'node');
    try {
      assert.equal(await rebuildSyncTrie(fresh.db), 0);
      assert.equal(await createSyncTrie(fresh.db, createAnswerCache(0)).rootHash(), '');
    } finally {
      await fresh.cleanup();
    }
  });
});
