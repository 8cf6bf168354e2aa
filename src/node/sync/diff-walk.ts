import { toFarcasterTime } from '../../protocol/time.js';
import { MerkleTrie } from './merkle-trie.js';
import type { TrieNodeMetadata } from './merkle-trie.js';
import { hexOf } from './trie-nodes.js';
import { TIMESTAMP_LENGTH } from './sync-id.js';

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
  /** Unix ms, for which nodes are settled (see {@link SETTLED_MS}). */
  now?: number;
}

/**
 * A node whose latest timestamp is this much older than now is settled: honest merges rarely change it,
 * so ids that do not rebuild it twice in a row are a fault and not a race with the peer's merges.
 */
const SETTLED_MS = 60_000;

/**
 * The ids the peer holds and we do not, a listing at a time. Throws a {@link PeerFault} when the peer lists
 * an id outside the prefix asked for, lists one twice, or lists ids that do not rebuild its node.
 */
export async function* missingIds(
  ours: OurTrie,
  theirs: TrieReader,
  { maxQueue = 100_000, now = Date.now() }: DiffWalkOptions = {},
): AsyncGenerator<Uint8Array[]> {
  const settledBefore = toFarcasterTime(now - SETTLED_MS) ?? 0;
  const queue: Uint8Array[] = [new Uint8Array(0)];
  while (queue.length > 0) {
    const prefix = queue.shift()!;
    const [mine, peers] = await Promise.all([ours.metadata(prefix), theirs.metadata(prefix)]);
    if (peers === undefined || peers.items === 0 || mine?.hash === peers.hash) continue;
    if (peers.items <= COMPLETE_LISTING) {
      const listed = await backedListing(theirs, prefix, peers, settledBefore);
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
 * The peer's ids under `prefix`, which must rebuild the node it described: its items and hash. A node that
 * changed between the two calls (a merge on the peer) is asked for again once; a second mismatch means the
 * peer describes a trie it cannot back up with ids, and is a fault.
 */
async function backedListing(
  theirs: TrieReader,
  prefix: Uint8Array,
  described: TrieNodeMetadata,
  settledBefore: number,
): Promise<Uint8Array[]> {
  let node = described;
  for (let attempt = 0; ; attempt++) {
    const listed = checkedListing(prefix, await theirs.syncIds(prefix), node.items);
    const rebuilt = new MerkleTrie();
    for (const id of listed) rebuilt.insert(id);
    const hash = rebuilt.metadata(prefix)?.hash;
    if (listed.length === node.items && hash === node.hash) return listed;
    if (attempt === 0) {
      const again = await theirs.metadata(prefix);
      // Emptied or grown past one listing meanwhile: the next sync walks it again.
      if (again === undefined || again.items > COMPLETE_LISTING) return [];
      node = again;
    } else if (latestSecond(prefix) >= settledBefore) {
      return [];
    } else {
      throw new PeerFault(
        `described ${hexOf(prefix)} as ${node.items} ids with hash ${node.hash}, but listed ${listed.length} ids hashing to ${hash ?? 'nothing'}`,
      );
    }
  }
}

/** The latest Farcaster second a node's ids can have: its timestamp digits, the rest filled with 9s. */
function latestSecond(prefix: Uint8Array): number {
  const digits = new TextDecoder().decode(prefix.subarray(0, TIMESTAMP_LENGTH));
  return Number(digits.padEnd(TIMESTAMP_LENGTH, '9'));
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
