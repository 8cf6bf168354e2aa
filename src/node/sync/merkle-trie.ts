import { blake3 } from '@noble/hashes/blake3';
import { bytesToHex } from '@noble/hashes/utils';
import { sameBytes } from '../engine/ts-hash.js';
import { TIMESTAMP_LENGTH } from './sync-id.js';

/**
 * The reference hub's sync trie in memory (reference/sync.md §2): 256-ary by byte; the first 10 levels are
 * the timestamp digits and are never compacted; below them each key sits in a leaf at the shallowest depth
 * whose prefix no other key shares. So shape and hashes depend only on the set of keys, not on the order of
 * changes. A leaf hashes its whole key, an inner node the concatenation of its children's hashes in byte
 * order (the child byte and counts are not hashed), both with BLAKE3 cut to 20 bytes.
 */

const HASH_LENGTH = 20;
/** Hashes are kept in their wire form, lowercase hex: a string takes far less memory than a Uint8Array. */
/** The trie's hash: BLAKE3 cut to 20 bytes. */
export const hash20 = (bytes: Uint8Array): Uint8Array => blake3(bytes, { dkLen: HASH_LENGTH });
const hexHash20 = (bytes: Uint8Array): string => bytesToHex(hash20(bytes));

/** The hash of nothing: an emptied trie's root, and a snapshot step with no other child. */
export const EMPTY_HASH = hexHash20(new Uint8Array(0));

/**
 * The reference hub stops listing a node's children once the ids it collected there pass this many, so an
 * answer can hold somewhat more.
 */
export const SYNC_IDS_SOFT_CAP = 1024;

export interface TrieNodeSummary {
  readonly prefix: Uint8Array;
  readonly items: number;
  /** Lowercase hex. */
  readonly hash: string;
}

export interface TrieNodeMetadata extends TrieNodeSummary {
  /** The direct children, in byte order. */
  readonly children: readonly TrieNodeSummary[];
}

export interface TrieSnapshot {
  /** The prefix asked for, cut to the bytes walked when its path is missing. */
  readonly prefix: Uint8Array;
  /** Per step, the hash of the other children; then the hash of the node at the full prefix. */
  readonly excludedHashes: readonly string[];
  /** Items under the other children along the path (not under the final node). */
  readonly numMessages: number;
}

class TrieNode {
  /** The whole id on a leaf; undefined on an inner node and on an empty root. */
  key: Uint8Array | undefined = undefined;
  items = 0;
  /** Sorted by byte; empty on a leaf. */
  children: TrieNode[] = [];
  /** Hex, computed on demand; cleared along the path of every change. */
  hash: string | undefined = undefined;

  constructor(readonly byte: number) {}
}

export class MerkleTrie {
  private readonly root = new TrieNode(0);
  /** Never written, the root hash is "" as the reference's fresh trie; emptied again, it is EMPTY_HASH. */
  private written = false;

  get items(): number {
    return this.root.items;
  }

  /**
   * Adds an id; false when it is already there. Throws, leaving the trie unchanged, for an id of no more
   * than the timestamp's bytes, or one that is a prefix of a held id or has one as its prefix: no leaf
   * could tell them apart.
   */
  insert(id: Uint8Array): boolean {
    if (id.length <= TIMESTAMP_LENGTH) {
      throw new Error(`a sync id needs more than ${TIMESTAMP_LENGTH} bytes, got ${id.length}`);
    }
    const path: TrieNode[] = [];
    let node = this.root;
    for (let depth = 0; ; depth++) {
      path.push(node);
      if (node.key !== undefined) {
        const held = node.key;
        const split = firstDifference(held, id, depth);
        if (split === held.length && split === id.length) return false;
        if (split === held.length || split === id.length) throw prefixConflict(id);
        node.key = undefined;
        splitLeaf(node, held, id.slice(), depth, split);
        break;
      }
      const byte = id[depth];
      if (byte === undefined) throw prefixConflict(id);
      const index = childIndex(node, byte);
      if (index < 0) {
        node.children.splice(~index, 0, newBranch(id.slice(), depth));
        break;
      }
      node = node.children[index]!;
    }
    for (const onPath of path) {
      onPath.items += 1;
      onPath.hash = undefined;
    }
    this.written = true;
    return true;
  }

  /** Removes an id; false when it is not there. A lone leaf left behind moves up to the shallowest depth. */
  delete(id: Uint8Array): boolean {
    const path: TrieNode[] = [];
    let leaf = this.root;
    while (leaf.key === undefined) {
      path.push(leaf);
      const byte = id[path.length - 1];
      const index = byte === undefined ? -1 : childIndex(leaf, byte);
      if (index < 0) return false;
      leaf = leaf.children[index]!;
    }
    if (!sameBytes(leaf.key, id)) return false;
    leaf.key = undefined;
    leaf.items = 0;
    let child = leaf;
    for (let depth = path.length - 1; depth >= 0; depth--) {
      const node = path[depth]!;
      node.items -= 1;
      node.hash = undefined;
      if (child.items === 0) node.children.splice(childIndex(node, child.byte), 1);
      const only = node.children.length === 1 ? node.children[0] : undefined;
      if (depth >= TIMESTAMP_LENGTH && node.items === 1 && only?.key !== undefined) {
        node.key = only.key;
        node.children = [];
      }
      child = node;
    }
    return true;
  }

  has(id: Uint8Array): boolean {
    let node: TrieNode | undefined = this.root;
    for (let depth = 0; node.key === undefined; depth++) {
      const byte = id[depth];
      if (byte === undefined) return false;
      node = findChild(node, byte);
      if (node === undefined) return false;
    }
    return sameBytes(node.key, id);
  }

  /** Lowercase hex of the root's hash: "" for a trie never written, EMPTY_HASH for an emptied one. */
  rootHash(): string {
    return this.hexHash(this.root);
  }

  /** The node at exactly `prefix` and its direct children; undefined when no node has that prefix. */
  metadata(prefix: Uint8Array): TrieNodeMetadata | undefined {
    const node = this.nodeAt(prefix);
    if (node === undefined) return undefined;
    return {
      ...this.summary(node, prefix.slice()),
      children: node.children.map((child) => this.summary(child, Uint8Array.of(...prefix, child.byte))),
    };
  }

  /**
   * Walks `prefix` from the root. Each step adds the hash of the children other than the next byte's (and
   * their items); a missing child ends the walk there. A full walk ends with the final node's hash, so two
   * equal lists mean equal tries.
   */
  snapshot(prefix: Uint8Array): TrieSnapshot {
    const excludedHashes: string[] = [];
    let numMessages = 0;
    let node = this.root;
    for (const [index, byte] of prefix.entries()) {
      const others = node.children.filter((child) => child.byte !== byte);
      excludedHashes.push(hexHash20(concatHashes(others)));
      numMessages += others.reduce((sum, child) => sum + child.items, 0);
      const next = findChild(node, byte);
      if (next === undefined) return { prefix: prefix.slice(0, index), excludedHashes, numMessages };
      node = next;
    }
    excludedHashes.push(this.hexHash(node));
    return { prefix: prefix.slice(), excludedHashes, numMessages };
  }

  /**
   * The ids under the node at exactly `prefix`, in byte order ([] when there is no such node). As in the
   * reference, each node stops taking children once the ids it collected pass `softCap`, so a large
   * subtree answers with its first children's ids, somewhat more than `softCap` of them.
   */
  syncIds(prefix: Uint8Array, softCap = SYNC_IDS_SOFT_CAP): Uint8Array[] {
    const node = this.nodeAt(prefix);
    const ids: Uint8Array[] = [];
    if (node !== undefined) collectIds(node, ids, softCap);
    return ids;
  }

  private nodeAt(prefix: Uint8Array): TrieNode | undefined {
    let node: TrieNode | undefined = this.root;
    for (const byte of prefix) {
      node = findChild(node, byte);
      if (node === undefined) return undefined;
    }
    return node;
  }

  private summary(node: TrieNode, prefix: Uint8Array): TrieNodeSummary {
    return { prefix, items: node.items, hash: this.hexHash(node) };
  }

  private hexHash(node: TrieNode): string {
    return node === this.root && !this.written ? '' : hashOf(node);
  }
}

function hashOf(node: TrieNode): string {
  node.hash ??= hexHash20(node.key ?? concatHashes(node.children));
  return node.hash;
}

function concatHashes(nodes: readonly TrieNode[]): Uint8Array {
  const bytes = Buffer.alloc(nodes.length * HASH_LENGTH);
  nodes.forEach((node, index) => bytes.write(hashOf(node), index * HASH_LENGTH, 'hex'));
  return bytes;
}

function collectIds(node: TrieNode, ids: Uint8Array[], softCap: number): void {
  if (node.key !== undefined) {
    ids.push(node.key.slice());
    return;
  }
  const start = ids.length;
  for (const child of node.children) {
    collectIds(child, ids, softCap);
    if (ids.length - start > softCap) return;
  }
}

/**
 * The node for `id[from]` (at depth from + 1) holding `id` alone: a leaf, or, within the timestamp levels,
 * a chain of single-child nodes down to the leaf at depth 10.
 */
function newBranch(id: Uint8Array, from: number): TrieNode {
  const top = new TrieNode(id[from]!);
  let node = top;
  for (let depth = from + 1; depth < TIMESTAMP_LENGTH; depth++) {
    node.items = 1;
    const next = new TrieNode(id[depth]!);
    node.children = [next];
    node = next;
  }
  node.items = 1;
  node.key = id;
  return top;
}

/**
 * Turns the leaf at `depth` holding `held` into the inner node over `held` and `id`, which first differ at
 * byte `split`: single-child nodes down to depth `split`, then one leaf each.
 */
function splitLeaf(leaf: TrieNode, held: Uint8Array, id: Uint8Array, depth: number, split: number): void {
  let node = leaf;
  for (let at = depth; at < split; at++) {
    const next = new TrieNode(held[at]!);
    next.items = 2;
    node.children = [next];
    node = next;
  }
  const leaves = [held, id].map((key) => {
    const child = new TrieNode(key[split]!);
    child.items = 1;
    child.key = key;
    return child;
  });
  node.children = leaves.sort((a, b) => a.byte - b.byte);
}

/** The index of the child for `byte`, or the bitwise complement of where it would go. */
function childIndex(node: TrieNode, byte: number): number {
  let low = 0;
  let high = node.children.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const at = node.children[middle]!.byte;
    if (at < byte) low = middle + 1;
    else if (at > byte) high = middle - 1;
    else return middle;
  }
  return ~low;
}

function findChild(node: TrieNode, byte: number): TrieNode | undefined {
  const index = childIndex(node, byte);
  return index < 0 ? undefined : node.children[index];
}

/** The first index from `from` where the two differ; the shorter length when one is a prefix of the other. */
function firstDifference(a: Uint8Array, b: Uint8Array, from: number): number {
  const length = Math.min(a.length, b.length);
  let index = from;
  while (index < length && a[index] === b[index]) index++;
  return index;
}

function prefixConflict(id: Uint8Array): Error {
  return new Error(`sync id ${bytesToHex(id)} is a prefix of a held id, or a held id is a prefix of it`);
}
