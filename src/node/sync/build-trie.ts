import { hash20 } from './merkle-trie.js';
import { hashOver, STORED_DEPTH } from './trie-nodes.js';
import type { StoredNode } from './trie-nodes.js';

/** A stored node being built: the hashes of its children so far, in byte order. */
interface Open {
  readonly prefix: Uint8Array;
  items: number;
  readonly childHashes: Uint8Array[];
}

const open = (prefix: Uint8Array): Open => ({ prefix, items: 0, childHashes: [] });

/**
 * Builds the stored nodes (trie-nodes.ts) from every id, given in byte order, a page at a time, holding
 * only the open path and one 10-second bucket's ids: each finished node goes to `emit`, children before parents.
 * Returns the root; undefined when there are no ids (a trie never written).
 */
export async function buildStoredNodes(
  pages: AsyncIterable<readonly Uint8Array[]> | Iterable<readonly Uint8Array[]>,
  emit: (nodes: StoredNode[]) => Promise<void>,
): Promise<StoredNode | undefined> {
  const path: Open[] = [];
  let bucket: Uint8Array | undefined;
  let bucketIds: Uint8Array[] = [];
  let done: StoredNode[] = [];

  const finish = (node: StoredNode, depth: number) => {
    done.push(node);
    const parent = path[depth - 1];
    if (parent === undefined) return;
    parent.items += node.items;
    parent.childHashes.push(node.hash!);
  };
  const finishBucket = () => {
    if (bucket === undefined) return;
    finish({ prefix: bucket, items: bucketIds.length, hash: hashOver(bucket, bucketIds) }, STORED_DEPTH);
    bucketIds = [];
  };
  /** Finishes the open nodes deeper than `depth`. */
  const closeBelow = (depth: number) => {
    while (path.length > depth + 1) {
      const node = path.pop()!;
      finish(
        { prefix: node.prefix, items: node.items, hash: hash20(Buffer.concat(node.childHashes)) },
        path.length,
      );
    }
  };

  for await (const ids of pages) {
    for (const id of ids) {
      const prefix = id.subarray(0, STORED_DEPTH);
      const shared = bucket === undefined ? 0 : sharedLength(bucket, prefix);
      if (shared < STORED_DEPTH) {
        finishBucket();
        closeBelow(shared);
        if (path.length === 0) path.push(open(new Uint8Array(0)));
        for (let depth = path.length; depth < STORED_DEPTH; depth++) path.push(open(prefix.slice(0, depth)));
        bucket = prefix.slice();
      }
      bucketIds.push(id);
    }
    if (done.length > 0) await emit(done);
    done = [];
  }
  finishBucket();
  closeBelow(0);
  const root = path.pop();
  if (root === undefined) return undefined;
  finish({ prefix: root.prefix, items: root.items, hash: hash20(Buffer.concat(root.childHashes)) }, 0);
  await emit(done);
  return done.at(-1);
}

function sharedLength(a: Uint8Array, b: Uint8Array): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}
