import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { inChunks } from '../../storage/in-chunks.js';
import { jsonList, jsonPairs } from '../../storage/json-list.js';
import { reusableQuery } from '../../storage/reusable-query.js';
import type { NodeTables } from '../store/schema.js';
import { EMPTY_HASH, hash20, MerkleTrie } from './merkle-trie.js';
import { TIMESTAMP_LENGTH } from './sync-id.js';

/**
 * The sync trie's top nodes, stored in `sync_trie_nodes`: the root (prefix of 0 bytes) and one node per
 * prefix of 1 to {@link STORED_DEPTH} timestamp digits that some SyncId has. The timestamp levels are never
 * compacted, so each such node exists exactly while an id has its prefix, and its item count is the number
 * of ids under it: a write moves the counts along its ids' paths and clears their hashes, nothing else.
 * Hashes are filled in later, from the children (or, for a 10-second bucket, from its ids), by
 * {@link hashStaleNodes}. Deeper nodes are never stored: they are built in memory from the ids of their
 * bucket when asked for (sync-trie.ts).
 */

export interface StoredNode {
  readonly prefix: Uint8Array;
  readonly items: number;
  /** Null while a change under it is not hashed in; the empty root's is EMPTY_HASH once hashed. */
  readonly hash: Uint8Array | null;
}

/**
 * The deepest stored nodes: one per 10-second bucket (the timestamp's first nine digits). Deeper nodes
 * depend on the ids of one bucket only, and storing the per-second level would cost each merge a row
 * write per distinct second it holds.
 */
export const STORED_DEPTH = TIMESTAMP_LENGTH - 1;

/** The timestamp digits, the only bytes a stored node branches on. */
const DIGITS = Array.from({ length: 10 }, (_, digit) => 0x30 + digit);

export const hexOf = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');
const bytesOf = (hex: string): Uint8Array => new Uint8Array(Buffer.from(hex, 'hex'));

/** The prefixes of the children a stored node may have (all ten digits; most are absent). */
export function childPrefixes(prefix: Uint8Array): Uint8Array[] {
  return DIGITS.map((digit) => Uint8Array.of(...prefix, digit));
}

/**
 * How each stored node's item count moves with these ids added and removed: +1 or -1 on each of an id's
 * stored prefixes, by the prefix in hex.
 */
export function countMoves(
  added: readonly Uint8Array[],
  removed: readonly Uint8Array[],
): Map<string, number> {
  const moves = new Map<string, number>();
  const move = (id: Uint8Array, by: number) => {
    const digits = hexOf(id.subarray(0, STORED_DEPTH));
    for (let length = 0; length <= STORED_DEPTH; length++) {
      const prefix = digits.slice(0, 2 * length);
      moves.set(prefix, (moves.get(prefix) ?? 0) + by);
    }
  };
  for (const id of added) move(id, 1);
  for (const id of removed) move(id, -1);
  return moves;
}

const moveCounts = reusableQuery((db: Kysely<NodeTables>, moves: string) =>
  db
    .insertInto('sync_trie_nodes')
    .columns(['prefix', 'items'])
    // `where true`: SQLite reads an upsert's `on conflict` after a bare select as a join's.
    .expression(
      sql`select first, second from (${jsonPairs(db, moves, 'bytes', 'bigint')}) as moves where true`,
    )
    .onConflict((conflict) =>
      conflict.column('prefix').doUpdateSet({
        items: sql<number>`sync_trie_nodes.items + excluded.items`,
        hash: null,
      }),
    ),
);

const deleteEmptied = reusableQuery((db: Kysely<NodeTables>, prefixes: string) =>
  db
    .deleteFrom('sync_trie_nodes')
    .where('items', '=', 0)
    .where('prefix', 'in', sql<Uint8Array>`(${jsonList(db, prefixes, 'bytes')})`),
);

/**
 * Moves the stored nodes by ids added to and removed from `sync_ids` (each really added or removed, so
 * counts stay exact), in one statement: counts move and hashes on the paths are cleared. A node left with
 * no ids stays until its ancestors are hashed (a node with 0 items is never read as one: it is stale, and
 * so is the root above it), so a write never needs a second statement.
 */
export async function moveTrieNodes(
  trx: Kysely<NodeTables>,
  added: readonly Uint8Array[],
  removed: readonly Uint8Array[],
): Promise<void> {
  const moves = countMoves(added, removed);
  if (moves.size > 0) await moveCounts(trx, JSON.stringify([...moves]));
}

const selectNodes = reusableQuery((db: Kysely<NodeTables>, prefixes: string) =>
  db
    .selectFrom('sync_trie_nodes')
    .select(['prefix', 'items', 'hash'])
    .where('prefix', 'in', sql<Uint8Array>`(${jsonList(db, prefixes, 'bytes')})`),
);

/** The stored nodes at these prefixes, by prefix in hex (an absent one has no entry). */
export async function nodesAt(
  db: Kysely<NodeTables>,
  prefixes: readonly Uint8Array[],
): Promise<Map<string, StoredNode>> {
  const rows = await inChunks(prefixes.map(hexOf), (chunk) => selectNodes(db, JSON.stringify(chunk)));
  return new Map(rows.map((row) => [hexOf(row.prefix), row]));
}

/**
 * The first key after every key that starts with `prefix`: ids start with an ASCII digit, so 0xff
 * bounds them all.
 */
export function rangeEnd(prefix: Uint8Array): Uint8Array {
  let end = prefix.length;
  while (end > 0 && prefix[end - 1] === 0xff) end--;
  if (end === 0) return Uint8Array.of(0xff);
  const next = prefix.slice(0, end);
  next[end - 1]! += 1;
  return next;
}

const idsInRanges = reusableQuery((db: Kysely<NodeTables>, ranges: string) =>
  db
    .selectFrom(sql`(${jsonPairs(db, ranges, 'bytes', 'bytes')})`.as('ranges'))
    .innerJoin('sync_ids', (join) =>
      join.on(sql<boolean>`sync_ids.id >= ranges.first and sync_ids.id < ranges.second`),
    )
    .select('sync_ids.id'),
);

/** The ids under each prefix (none a prefix of another), in byte order, by the prefix in hex. */
export async function idsUnder(
  db: Kysely<NodeTables>,
  prefixes: readonly Uint8Array[],
): Promise<Map<string, Uint8Array[]>> {
  const byPrefix = new Map(prefixes.map((prefix) => [hexOf(prefix), [] as Uint8Array[]]));
  const ranges = prefixes.map((prefix) => [hexOf(prefix), hexOf(rangeEnd(prefix))]);
  const rows = await inChunks(ranges, (chunk) => idsInRanges(db, JSON.stringify(chunk)));
  const lengths = [...new Set(prefixes.map((prefix) => prefix.length))];
  for (const { id } of rows) {
    for (const length of lengths) byPrefix.get(hexOf(id.subarray(0, length)))?.push(id);
  }
  for (const ids of byPrefix.values()) ids.sort(Buffer.compare);
  return byPrefix;
}

/** The in-memory trie of `ids`; any node under their common prefix is the real trie's. */
export function trieOf(ids: Iterable<Uint8Array>): MerkleTrie {
  const trie = new MerkleTrie();
  for (const id of ids) trie.insert(id);
  return trie;
}

/**
 * The hash of the node at `prefix` (a timestamp prefix) over the ids under it (at least one): a lone id is
 * a leaf at depth 10, under a chain of single-child nodes.
 */
export function hashOver(prefix: Uint8Array, ids: readonly Uint8Array[]): Uint8Array {
  if (ids.length === 1 && prefix.length <= TIMESTAMP_LENGTH) {
    let hash = hash20(ids[0]!);
    for (let depth = TIMESTAMP_LENGTH; depth > prefix.length; depth--) hash = hash20(hash);
    return hash;
  }
  const node = trieOf(ids).metadata(prefix);
  if (node === undefined) throw new Error(`no sync id under ${hexOf(prefix)} to hash`);
  return bytesOf(node.hash);
}

/** The hash of an inner node: its children's hashes, in byte order. */
export function innerHash(children: readonly StoredNode[]): Uint8Array {
  return hash20(Buffer.concat(children.map((child) => child.hash!)));
}

const EMPTY_ROOT_HASH = bytesOf(EMPTY_HASH);

/**
 * Hashes every stored node whose hash a write cleared. Level by level from the root down, it reads the
 * children of cleared nodes (a cleared node's ancestors are all cleared too, so it visits only them and
 * their children) and deletes those a write left with no ids; then, bottom-up, it hashes a bucket's node
 * from its ids and the others from their children. Runs in a write transaction, so the hashes it stores
 * are of the state it read. Returns the root, undefined while the trie was never written.
 */
export async function hashStaleNodes(trx: Kysely<NodeTables>): Promise<StoredNode | undefined> {
  const root = (await nodesAt(trx, [new Uint8Array(0)])).get('');
  if (root === undefined || root.hash !== null) return root;
  /** Per depth, the cleared nodes that hold ids (the root always: emptied, it hashes as nothing). */
  const levels: StoredNode[][] = [[root]];
  const children = new Map<string, StoredNode[]>();
  const emptied: string[] = [];
  // An emptied node is walked too: its emptied children are found below it.
  for (let stale = [root]; stale.length > 0 && levels.length <= STORED_DEPTH;) {
    const found = await nodesAt(
      trx,
      stale.flatMap((node) => childPrefixes(node.prefix)),
    );
    for (const node of stale) {
      const below = childPrefixes(node.prefix).flatMap((child) => found.get(hexOf(child)) ?? []);
      children.set(
        hexOf(node.prefix),
        below.filter((child) => child.items > 0),
      );
    }
    stale = [...found.values()].filter((node) => node.hash === null);
    emptied.push(...stale.filter((node) => node.items === 0).map((node) => hexOf(node.prefix)));
    levels.push(stale.filter((node) => node.items > 0));
  }
  if (emptied.length > 0) await deleteEmptied(trx, JSON.stringify(emptied));
  const hashed = new Map<string, Uint8Array>();
  const buckets = levels[STORED_DEPTH] ?? [];
  const ids = await idsUnder(
    trx,
    buckets.map((node) => node.prefix),
  );
  for (const node of buckets) {
    hashed.set(hexOf(node.prefix), hashOver(node.prefix, ids.get(hexOf(node.prefix))!));
  }
  for (const level of levels.slice(0, STORED_DEPTH).reverse()) {
    for (const node of level) {
      const below = children
        .get(hexOf(node.prefix))!
        .map((child) => ({ ...child, hash: child.hash ?? hashed.get(hexOf(child.prefix))! }));
      hashed.set(hexOf(node.prefix), below.length === 0 ? EMPTY_ROOT_HASH : innerHash(below));
    }
  }
  await inChunks(
    [...hashed].map(([prefix, hash]) => [prefix, hexOf(hash)]),
    async (chunk) => {
      await sql`update sync_trie_nodes set hash = hashed.second
                from (${jsonPairs(trx, JSON.stringify(chunk), 'bytes', 'bytes')}) as hashed
               where sync_trie_nodes.prefix = hashed.first`.execute(trx);
      return [];
    },
  );
  return { ...root, hash: hashed.get('')! };
}
