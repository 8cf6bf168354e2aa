import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { bytesToHex } from '../../protocol/hex.js';
import type { MessagesTable, NodeTables } from '../store/schema.js';
import type { Incoming, StoredRow } from './store-spec.js';

/** A merge batch's message writes, held until a read needs them or the batch ends. */
export interface BufferedWrites {
  insert(incoming: Incoming): void;
  /** Deletes the rows; one inserted earlier and not written yet is just not written. */
  delete(rows: readonly StoredRow[]): void;
  /** Whether a held write concerns the fid's store. */
  touches(fid: number, store: number): boolean;
  /** Writes what is held: the deletes first, so an insert may take the key of a deleted row. */
  flush(db: Kysely<NodeTables>): Promise<void>;
}

/** Each message column's PostgreSQL type, for the arrays the insert unnests. */
const COLUMN_TYPES = {
  hash: 'bytea',
  fid: 'bigint',
  store: 'integer',
  type: 'integer',
  is_remove: 'boolean',
  conflict_key: 'bytea',
  ts_hash: 'bytea',
  signer: 'bytea',
  encoded: 'bytea',
  target_fid: 'bigint',
  target_hash: 'bytea',
  target_url: 'bytea',
  parent_fid: 'bigint',
  parent_hash: 'bytea',
  parent_url: 'bytea',
  link_type: 'bytea',
  reaction_type: 'integer',
  user_data_type: 'integer',
} satisfies Record<keyof MessagesTable, string>;

const COLUMNS = Object.keys(COLUMN_TYPES) as (keyof MessagesTable)[];

/**
 * Holds a batch's writes so they reach PostgreSQL as two statements, each a round trip: the deletes, then
 * the message rows with their mentions, each column bound as one array. Deleting, then inserting, leaves what
 * merging one message after the other would: a hash is stored when its last write was an insert.
 */
export function bufferedWrites(): BufferedWrites {
  const inserts = new Map<string, Incoming>();
  const deletes = new Map<string, Uint8Array>();
  const touched = new Set<string>();
  const storeOf = (fid: number, store: number) => `${fid}:${store}`;
  return {
    insert(incoming) {
      inserts.set(bytesToHex(incoming.row.hash), incoming);
      touched.add(storeOf(incoming.row.fid, incoming.row.store));
    },
    delete(rows) {
      for (const { hash, fid, store } of rows) {
        const hex = bytesToHex(hash);
        if (!inserts.delete(hex)) deletes.set(hex, hash);
        touched.add(storeOf(fid, store));
      }
    },
    touches: (fid, store) => touched.has(storeOf(fid, store)),
    async flush(db) {
      const hashes = [...deletes.values()];
      const written = [...inserts.values()];
      deletes.clear();
      inserts.clear();
      touched.clear();
      // Their cast_mentions go by cascade.
      if (hashes.length > 0) await sql`delete from messages where hash = any(${hashes}::bytea[])`.execute(db);
      if (written.length === 0) return;
      const arrays = COLUMNS.map(
        (column) => sql`${written.map(({ row }) => row[column])}::${sql.raw(COLUMN_TYPES[column])}[]`,
      );
      const mentions = written.flatMap(({ row, mentions: fids }) => fids.map((fid) => ({ row, fid })));
      // One statement for both tables: the mentions' foreign key is checked at its end, rows inserted.
      await sql`with inserted as (
          insert into messages (${sql.join(COLUMNS.map((column) => sql.id(column)))})
          select * from unnest(${sql.join(arrays)})
        )
        insert into cast_mentions (hash, mentioned_fid, ts_hash)
        select * from unnest(
          ${mentions.map(({ row }) => row.hash)}::bytea[],
          ${mentions.map(({ fid }) => fid)}::bigint[],
          ${mentions.map(({ row }) => row.ts_hash)}::bytea[]
        )`.execute(db);
    },
  };
}
