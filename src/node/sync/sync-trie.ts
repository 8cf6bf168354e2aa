import type { Kysely } from 'kysely';
import type { AnswerCache, CacheSection } from '../../shared/http/answer-cache.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { SYNC_IDS_SOFT_CAP } from './merkle-trie.js';
import type { MerkleTrie, TrieNodeMetadata, TrieNodeSummary, TrieSnapshot } from './merkle-trie.js';
import {
  childPrefixes,
  hashStaleNodes,
  hexOf,
  idsUnder,
  innerHash,
  nodesAt,
  STORED_DEPTH,
  trieOf,
} from './trie-nodes.js';
import type { StoredNode } from './trie-nodes.js';

/**
 * The node's sync trie as the reference hub serves it (reference/sync.md §2): root hash, node metadata,
 * snapshots and ids by prefix. The top levels are stored (trie-nodes.ts); a node below them, or one with
 * few ids, is answered from an in-memory trie of the ids under it, kept in the node's answer cache (so
 * under `--answer-cache-mb`) while its stored hash stands. Each read sees one state of the trie, every
 * stored node hashed.
 */
export interface SyncTrie {
  /** Ids held; 0 for a trie never written. */
  items(): Promise<number>;
  /** Lowercase hex; "" for a trie never written. */
  rootHash(): Promise<string>;
  /** The node at exactly `prefix` with its children in byte order; undefined when there is none. */
  metadata(prefix: Uint8Array): Promise<TrieNodeMetadata | undefined>;
  /** The walk along `prefix` (reference/sync.md §2.5), with the root hash of the same state. */
  snapshot(prefix: Uint8Array): Promise<TrieSnapshot & { rootHash: string }>;
  /** The ids under the node at exactly `prefix`, in byte order, soft-capped as the reference does. */
  syncIds(prefix: Uint8Array, softCap?: number): Promise<Uint8Array[]>;
}

/** Below this many ids a node's subtree is read whole into memory instead of node by node. */
const IN_MEMORY_ITEMS = 4096;

export interface SyncTrieOptions {
  /** A stored node with at most this many ids is read whole into memory; {@link IN_MEMORY_ITEMS} by default. */
  inMemoryItems?: number;
}

/**
 * What the answer cache counts per id of an in-memory trie: its leaf and key, its share of the inner nodes
 * and of the timestamp nodes above them, and their hex hashes (bench/sync-trie.ts measures 700-1,750).
 */
export const TRIE_BYTES_PER_ID = 1200;

const ROOT = new Uint8Array(0);

interface KeptSubtree {
  readonly hash: string;
  readonly trie: MerkleTrie;
}

export function createSyncTrie(
  db: Kysely<NodeTables>,
  answerCache: AnswerCache,
  { inMemoryItems = IN_MEMORY_ITEMS }: SyncTrieOptions = {},
): SyncTrie {
  const kept: CacheSection<string, KeptSubtree> = answerCache.section('sync_trie');

  const rootNode = async () => (await nodesAt(db, [ROOT])).get('');

  /**
   * Runs `read` on one state of the trie with every stored node hashed: in a read-only snapshot when
   * nothing is stale (no lock, no write), else in a write transaction that hashes what changed first.
   */
  const fresh = async <T>(read: (view: TrieView) => Promise<T>): Promise<T> => {
    const view = (trx: Kysely<NodeTables>, root: StoredNode | undefined) =>
      new TrieView(trx, kept, inMemoryItems, root);
    const done = await inHashedSnapshot(db, async (trx, root) => read(view(trx, root)));
    if (done !== undefined) return done.value;
    return writeTransaction(db, async (trx) => read(view(trx, await hashStaleNodes(trx))));
  };

  return {
    items: async () => (await rootNode())?.items ?? 0,
    async rootHash() {
      const root = await rootNode();
      if (root === undefined) return '';
      if (root.hash !== null) return hexOf(root.hash);
      return fresh(async (view) => view.rootHash());
    },
    metadata: (prefix) => fresh((view) => view.metadata(prefix)),
    snapshot: (prefix) => fresh((view) => view.snapshot(prefix)),
    syncIds: (prefix, softCap = SYNC_IDS_SOFT_CAP) => fresh((view) => view.syncIds(prefix, softCap)),
  };
}

/**
 * Runs `read` in a read-only transaction that sees one state of the database throughout (repeatable read on
 * PostgreSQL; on SQLite every transaction does, its WAL keeping the state of the first read), given the
 * root; undefined, without running it, when a write left the trie's hashes stale in that state.
 */
export function inHashedSnapshot<T>(
  db: Kysely<NodeTables>,
  read: (trx: Kysely<NodeTables>, root: StoredNode | undefined) => Promise<T>,
): Promise<{ value: T } | undefined> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const root = (await nodesAt(trx, [ROOT])).get('');
      return root?.hash === null ? undefined : { value: await read(trx, root) };
    });
}

const sortedNodes = (found: Map<string, StoredNode>, prefixes: readonly Uint8Array[]): StoredNode[] =>
  prefixes.flatMap((prefix) => found.get(hexOf(prefix)) ?? []);

const summary = (node: StoredNode): TrieNodeSummary => ({
  prefix: node.prefix,
  items: node.items,
  hash: hexOf(node.hash!),
});

/** One state of the trie, every stored node hashed. */
class TrieView {
  constructor(
    private readonly trx: Kysely<NodeTables>,
    private readonly kept: CacheSection<string, KeptSubtree>,
    private readonly inMemoryItems: number,
    private readonly root: StoredNode | undefined,
  ) {}

  rootHash(): string {
    return this.root === undefined ? '' : hexOf(this.root.hash!);
  }

  async metadata(prefix: Uint8Array): Promise<TrieNodeMetadata | undefined> {
    if (prefix.length === 0 && (this.root === undefined || this.root.items === 0)) {
      return { prefix, items: 0, hash: this.rootHash(), children: [] };
    }
    const top = await this.node(prefix.subarray(0, STORED_DEPTH));
    if (top === undefined) return undefined;
    if (prefix.length > STORED_DEPTH || top.prefix.length === STORED_DEPTH) {
      return (await this.subtree(top)).metadata(prefix);
    }
    const children = childPrefixes(prefix);
    return {
      ...summary(top),
      children: sortedNodes(await nodesAt(this.trx, children), children).map(summary),
    };
  }

  async snapshot(prefix: Uint8Array): Promise<TrieSnapshot & { rootHash: string }> {
    const rootHash = this.rootHash();
    const stored = Math.min(prefix.length, STORED_DEPTH);
    const steps = Array.from({ length: stored }, (_, depth) => childPrefixes(prefix.subarray(0, depth)));
    const found = await nodesAt(this.trx, steps.flat());
    const excludedHashes: string[] = [];
    let numMessages = 0;
    for (const [depth, children] of steps.entries()) {
      const others = sortedNodes(found, children).filter((child) => child.prefix[depth] !== prefix[depth]);
      excludedHashes.push(hexOf(innerHash(others)));
      numMessages += others.reduce((sum, child) => sum + child.items, 0);
      if (!found.has(hexOf(prefix.subarray(0, depth + 1)))) {
        return { prefix: prefix.slice(0, depth), excludedHashes, numMessages, rootHash };
      }
    }
    if (prefix.length <= STORED_DEPTH) {
      const last = prefix.length === 0 ? rootHash : hexOf(found.get(hexOf(prefix))!.hash!);
      return { prefix: prefix.slice(), excludedHashes: [...excludedHashes, last], numMessages, rootHash };
    }
    const bucket = found.get(hexOf(prefix.subarray(0, STORED_DEPTH)))!;
    const below = (await this.subtree(bucket)).snapshot(prefix);
    return {
      prefix: below.prefix,
      excludedHashes: [...excludedHashes, ...below.excludedHashes.slice(STORED_DEPTH)],
      numMessages: numMessages + below.numMessages,
      rootHash,
    };
  }

  async syncIds(prefix: Uint8Array, softCap: number): Promise<Uint8Array[]> {
    const top = await this.node(prefix.subarray(0, STORED_DEPTH));
    if (top === undefined) return [];
    if (prefix.length > STORED_DEPTH) return (await this.subtree(top)).syncIds(prefix, softCap);
    return this.collect(top, softCap);
  }

  /** The reference's listing: each node stops taking children once its ids pass `softCap`. */
  private async collect(node: StoredNode, softCap: number): Promise<Uint8Array[]> {
    if (node.prefix.length === STORED_DEPTH || node.items <= this.inMemoryItems) {
      return (await this.subtree(node)).syncIds(node.prefix, softCap);
    }
    const prefixes = childPrefixes(node.prefix);
    const ids: Uint8Array[] = [];
    for (const child of sortedNodes(await nodesAt(this.trx, prefixes), prefixes)) {
      ids.push(...(await this.collect(child, softCap)));
      if (ids.length > softCap) break;
    }
    return ids;
  }

  private async node(prefix: Uint8Array): Promise<StoredNode | undefined> {
    const node = prefix.length === 0 ? this.root : (await nodesAt(this.trx, [prefix])).get(hexOf(prefix));
    return node === undefined || node.items === 0 ? undefined : node;
  }

  /** The in-memory trie of the ids under a stored node: kept while the node's hash stands. */
  private async subtree(node: StoredNode): Promise<MerkleTrie> {
    const key = hexOf(node.prefix);
    const hash = hexOf(node.hash!);
    const held = this.kept.get(key);
    this.kept.count(held?.hash === hash);
    if (held?.hash === hash) return held.trie;
    const trie = trieOf((await idsUnder(this.trx, [node.prefix])).get(key)!);
    this.kept.set(key, { hash, trie }, trie.items * TRIE_BYTES_PER_ID);
    return trie;
  }
}
