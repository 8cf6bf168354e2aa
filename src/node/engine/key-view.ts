import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { bytesToHex } from '../../protocol/hex.js';
import type { MessagesTable, NodeTables } from '../store/schema.js';
import type { Reader, StoredRow } from './store-spec.js';
import { storeForCode } from './stores/index.js';

/** A conflict key of a fid's store. */
export interface KeyLookup {
  readonly fid: number;
  readonly store: number;
  readonly key: Uint8Array;
}

/**
 * The stored rows at a merge batch's conflict keys: read in one statement up front, then kept as the
 * batch's merges leave them (a deleted row leaves, an inserted one enters), so a later message of the batch
 * on the same key resolves as if merged after the earlier one had committed. A key of a globally unique
 * store is held with every fid's rows at it.
 */
export interface KeyView {
  /** Reads the keys not held yet. */
  prefetch(db: Kysely<NodeTables>, lookups: readonly KeyLookup[]): Promise<void>;
  /** The fid's message of the key; with `othersAdds`, every other fid's add of it too. */
  rowsAt(read: Reader, lookup: KeyLookup, othersAdds?: boolean): Promise<StoredRow[]>;
  inserted(row: MessagesTable): void;
  deleted(rows: readonly StoredRow[]): void;
}

const isGlobal = (store: number) => storeForCode(store)?.globallyUnique === true;

/** Where a key's rows are held: by store and key alone for globally unique stores, else by fid too. */
function slotOf({ fid, store, key }: KeyLookup): string {
  return isGlobal(store) ? `${store}:${bytesToHex(key)}` : `${fid}:${store}:${bytesToHex(key)}`;
}

export function keyView(): KeyView {
  const slots = new Map<string, StoredRow[]>();
  /** The slot of each row held, by hash, so a deletion finds it. */
  const slotOfHash = new Map<string, string>();
  const hold = (slot: string, row: StoredRow) => {
    slots.get(slot)?.push(row);
    slotOfHash.set(bytesToHex(row.hash), slot);
  };

  const load = async (db: Kysely<NodeTables>, lookups: readonly KeyLookup[]) => {
    const wanted = new Map<string, KeyLookup>();
    for (const lookup of lookups) {
      const slot = slotOf(lookup);
      if (!slots.has(slot)) wanted.set(slot, lookup);
    }
    if (wanted.size === 0) return;
    for (const slot of wanted.keys()) slots.set(slot, []);
    for (const { conflictKey, ...row } of await rowsAtKeys(db, [...wanted.values()])) {
      hold(slotOf({ ...row, key: conflictKey }), row);
    }
  };

  return {
    prefetch: load,
    async rowsAt(read, lookup, othersAdds = false) {
      const slot = slotOf(lookup);
      if (!slots.has(slot)) await load(await read(), [lookup]);
      return (slots.get(slot) ?? []).filter((row) => row.fid === lookup.fid || (othersAdds && !row.isRemove));
    },
    inserted(row) {
      const slot = slotOf({ fid: row.fid, store: row.store, key: row.conflict_key });
      if (!slots.has(slot)) return;
      const { encoded } = row;
      hold(slot, {
        hash: row.hash,
        fid: row.fid,
        store: row.store,
        type: row.type,
        // A plain Uint8Array, as rows read back are: a Buffer would decode into Buffers, and events differ.
        encoded: new Uint8Array(encoded.buffer, encoded.byteOffset, encoded.byteLength),
        tsHash: row.ts_hash,
        isRemove: row.is_remove,
        targetFid: row.target_fid,
      });
    },
    deleted(rows) {
      for (const row of rows) {
        const hash = bytesToHex(row.hash);
        const slot = slotOfHash.get(hash);
        if (slot === undefined) continue;
        slotOfHash.delete(hash);
        const held = slots.get(slot) ?? [];
        slots.set(
          slot,
          held.filter((kept) => bytesToHex(kept.hash) !== hash),
        );
      }
    },
  };
}

/**
 * The rows at the keys, in one statement whatever their number (PostgreSQL: each key part bound as one
 * array): the fid's rows, or for a globally unique store every fid's.
 */
async function rowsAtKeys(db: Kysely<NodeTables>, lookups: readonly KeyLookup[]) {
  const [global, own] = [
    lookups.filter(({ store }) => isGlobal(store)),
    lookups.filter(({ store }) => !isGlobal(store)),
  ];
  const { rows } = await sql<StoredRow & { conflictKey: Uint8Array }>`
    select ${COLUMNS} from unnest(
      ${own.map(({ fid }) => fid)}::bigint[], ${own.map(({ store }) => store)}::integer[], ${own.map(({ key }) => key)}::bytea[]
    ) as k(fid, store, key)
    join messages m on m.fid = k.fid and m.store = k.store and m.conflict_key = k.key
    union all
    select ${COLUMNS} from unnest(${global.map(({ store }) => store)}::integer[], ${global.map(({ key }) => key)}::bytea[]) as k(store, key)
    join messages m on m.store = k.store and m.conflict_key = k.key`.execute(db);
  return rows;
}

/** The columns of a {@link StoredRow}, and the key. */
const COLUMNS = sql.raw(
  'm.hash, m.fid, m.store, m.type, m.encoded, m.ts_hash as "tsHash", m.is_remove as "isRemove", ' +
    'm.target_fid as "targetFid", m.conflict_key as "conflictKey"',
);
