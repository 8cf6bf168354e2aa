import type { TrieNodeMetadata } from './merkle-trie.js';
import { hexOf } from './trie-nodes.js';

/**
 * The pulling side of diff sync, as a walk over two tries: where a peer's node hash differs from ours, it
 * lists the peer's ids there once they fit in one answer, and otherwise goes down to the children. Only
 * the nodes that differ are visited, so two nodes that differ by a few ids cost a few calls per level.
 * Unlike the reference's walk (reference/sync.md §3.4), which lists a node's ids and then descends anyway,
 * an id is listed once: a node of at most {@link COMPLETE_LISTING} ids is listed whole, since the soft cap
 * of a listing only cuts a node holding more.
 */

/** What the walk reads of a trie: ours in-process, a peer's over its sync RPCs. */
export interface TrieReader {
  /** The node at exactly `prefix` and its children; undefined when there is none. */
  metadata(prefix: Uint8Array): Promise<TrieNodeMetadata | undefined>;
  /** The ids under the node at `prefix`, soft-capped as the reference does. */
  syncIds(prefix: Uint8Array): Promise<Uint8Array[]>;
}

/** What the walk reads of our side: the trie's nodes, and which of a peer's ids we hold. */
export interface OurTrie extends Pick<TrieReader, 'metadata'> {
  held(ids: readonly Uint8Array[]): Promise<boolean[]>;
}

/** The most ids a listing always holds whole. */
export const COMPLETE_LISTING = 1024;

/** A peer's answer the walk cannot use: it is the peer's fault, never merged. */
export class PeerFault extends Error {}

export interface DiffWalkOptions {
  /** Nodes waiting to be compared at most; more differing nodes than this end the walk early. */
  maxQueue?: number;
}

/**
 * The ids the peer holds and we do not, a listing at a time. Throws a {@link PeerFault} when the peer lists
 * an id outside the prefix asked for, lists one twice, or lists more ids than its node holds.
 */
export async function* missingIds(
  ours: OurTrie,
  theirs: TrieReader,
  { maxQueue = 100_000 }: DiffWalkOptions = {},
): AsyncGenerator<Uint8Array[]> {
  const queue: Uint8Array[] = [new Uint8Array(0)];
  while (queue.length > 0) {
    const prefix = queue.shift()!;
    const [mine, peers] = await Promise.all([ours.metadata(prefix), theirs.metadata(prefix)]);
    if (peers === undefined || peers.items === 0 || mine?.hash === peers.hash) continue;
    if (peers.items <= COMPLETE_LISTING) {
      const listed = checkedListing(prefix, await theirs.syncIds(prefix), peers.items);
      const held = await ours.held(listed);
      const missing = listed.filter((_, index) => !held[index]);
      if (missing.length > 0) yield missing;
      continue;
    }
    // Children whose hash is ours too are equal: the parents' answers already say so.
    const same = new Set(mine?.children.map((child) => child.hash));
    for (const child of peers.children) {
      if (same.has(child.hash)) continue;
      if (queue.length >= maxQueue) return;
      queue.push(child.prefix);
    }
  }
}

function checkedListing(prefix: Uint8Array, ids: readonly Uint8Array[], items: number): Uint8Array[] {
  if (ids.length > items) {
    throw new PeerFault(`listed ${ids.length} ids under ${hexOf(prefix)}, whose node holds ${items}`);
  }
  const seen = new Set<string>();
  for (const id of ids) {
    const hex = hexOf(id);
    if (id.length <= prefix.length || !hex.startsWith(hexOf(prefix))) {
      throw new PeerFault(`listed ${hex}, which is not under the prefix ${hexOf(prefix)} asked for`);
    }
    if (seen.has(hex)) throw new PeerFault(`listed ${hex} twice`);
    seen.add(hex);
  }
  return [...ids];
}
