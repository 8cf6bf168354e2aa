import { MerkleTrie } from './merkle-trie.js';
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
 * an id outside the prefix asked for, lists one twice, or lists ids that do not rebuild its node.
 */
export async function* missingIds(
  ours: OurTrie,
  theirs: TrieReader,
  { maxQueue = 100_000 }: DiffWalkOptions = {},
): AsyncGenerator<Uint8Array[]> {
  const root = new Uint8Array(0);
  const queue: Uint8Array[] = [root];
  while (queue.length > 0) {
    const prefix = queue.shift()!;
    // Below the root a node is queued only when its hash differed from ours in its parent's answers, so
    // ours is read only where the walk goes down: a node listed whole needs none (on a node catching up,
    // most of them, whose trie hashes its fresh writes at each read).
    const peers = await theirs.metadata(prefix);
    if (peers === undefined || peers.items === 0) continue;
    const whole = peers.items <= COMPLETE_LISTING;
    const mine = prefix === root || !whole ? await ours.metadata(prefix) : undefined;
    if (mine?.hash === peers.hash) continue;
    if (whole) {
      const listed = await backedListing(theirs, prefix, peers);
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

/**
 * The peer's ids under `prefix`, which must rebuild the node it described: its items and hash. A peer whose
 * trie moves (it merges as it answers) may list ids that do not match the node it described a moment
 * earlier, so the node is asked for again once; an honest peer then answers differently or consistently.
 * The same description and the same ids twice that still do not add up describe a trie the peer cannot
 * back up with ids: a fault.
 */
async function backedListing(
  theirs: TrieReader,
  prefix: Uint8Array,
  described: TrieNodeMetadata,
): Promise<Uint8Array[]> {
  const first = checkedListing(prefix, await theirs.syncIds(prefix));
  if (rebuilds(prefix, first, described)) return first;
  const again = await theirs.metadata(prefix);
  // Emptied or grown past one listing meanwhile: the next sync walks it again.
  if (again === undefined || again.items > COMPLETE_LISTING) return [];
  const second = checkedListing(prefix, await theirs.syncIds(prefix));
  if (rebuilds(prefix, second, again)) return second;
  const unchanged =
    again.items === described.items &&
    again.hash === described.hash &&
    first.map(hexOf).join() === second.map(hexOf).join();
  if (unchanged) {
    throw new PeerFault(
      `described ${hexOf(prefix)} as ${described.items} ids hashing to ${described.hash}, but lists ${second.length} ids that do not rebuild it`,
    );
  }
  return [];
}

function rebuilds(prefix: Uint8Array, ids: readonly Uint8Array[], node: TrieNodeMetadata): boolean {
  if (ids.length !== node.items) return false;
  const rebuilt = new MerkleTrie();
  for (const id of ids) rebuilt.insert(id);
  return rebuilt.metadata(prefix)?.hash === node.hash;
}

/** The ids listed under `prefix`: each under it and listed once, which an honest peer never gets wrong. */
function checkedListing(prefix: Uint8Array, ids: readonly Uint8Array[]): Uint8Array[] {
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
