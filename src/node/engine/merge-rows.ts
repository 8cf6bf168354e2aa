import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { NodeTables } from '../store/schema.js';
import { rowChange } from '../store/changes.js';
import { recordChange } from '../store/write-transaction.js';
import { bufferedWrites } from './buffered-writes.js';
import { keyView } from './key-view.js';
import type { KeyLookup } from './key-view.js';
import { globalRowsAtKey, rowsAtKey } from './message-rows.js';
import type { Incoming, Reader, StoredRow } from './store-spec.js';
import { storeForType } from './stores/index.js';
import { deleteRows, distinctRows, insertMessage, insertMessageIfFree, insertedChange } from './writes.js';

/**
 * How a merge batch reads the rows at its conflict keys and writes message rows. Every read sees every
 * earlier write of the batch, whether it went to the database or is held.
 */
export interface MergeRows {
  /** Announces the batch's messages, whose keys it will look up. */
  prefetch(candidates: readonly ReceivedMessage[]): Promise<void>;
  /** The fid's message of the key; with `othersAdds`, every other fid's add of it too. */
  rowsAt(lookup: KeyLookup, othersAdds: boolean): Promise<StoredRow[]>;
  insert(incoming: Incoming): Promise<void>;
  /** Inserts `incoming` if the fid's store holds no row at its key; says whether it did. */
  insertIfFree(incoming: Incoming): Promise<boolean>;
  /** Deletes the rows (their cast_mentions go too). */
  delete(rows: readonly StoredRow[]): Promise<void>;
  /** For the reads `rowsAt` does not serve: the transaction, with whatever is held written first. */
  read: Reader;
  /** Writes what is held, at the end of the batch. */
  flush(): Promise<void>;
}

/**
 * On PostgreSQL each statement is a round trip, so a batch reads its keys in one statement up front and
 * holds its writes until a read needs them (`read`) or the batch ends. SQLite, in process, runs a point
 * read or a single-row insert for less than holding it costs (docs/performance.md), so each merge reads and
 * writes as it goes, and no key is worked out ahead.
 */
export function mergeRowsFor(trx: Kysely<NodeTables>): MergeRows {
  return trx.getExecutor().adapter instanceof PostgresAdapter ? heldRows(trx) : directRows(trx);
}

function directRows(trx: Kysely<NodeTables>): MergeRows {
  return {
    prefetch: () => Promise.resolve(),
    rowsAt: ({ fid, store, key }, othersAdds) =>
      othersAdds ? globalRowsAtKey(trx, fid, store, key) : rowsAtKey(trx, fid, store, key),
    insert: (incoming) => insertMessage(trx, incoming),
    insertIfFree: (incoming) => insertMessageIfFree(trx, incoming),
    delete: (rows) => deleteRows(trx, rows),
    read: () => Promise.resolve(trx),
    flush: () => Promise.resolve(),
  };
}

/** The keys the batch's messages look up: each one's own, and those its store's rules read. */
function keysOf(candidates: readonly ReceivedMessage[]): KeyLookup[] {
  return candidates.flatMap(({ message, data }) => {
    const spec = storeForType(data.type);
    if (spec === undefined) return [];
    const keys = [spec.conflictKey(data, message.hash), ...(spec.ruleKeys?.(data) ?? [])];
    return keys.map((key) => ({ fid: data.fid, store: spec.store, key }));
  });
}

/** Changes are recorded as writes are held: in the batch's order, and flushed before it commits. */
function heldRows(trx: Kysely<NodeTables>): MergeRows {
  const keys = keyView();
  const writes = bufferedWrites();
  const flush = () => writes.flush(trx);
  const read: Reader = async (rowsOf) => {
    if (rowsOf === undefined || writes.touches(rowsOf.fid, rowsOf.store)) await flush();
    return trx;
  };
  const insert = (incoming: Incoming) => {
    recordChange(trx, insertedChange(incoming));
    writes.insert(incoming);
    keys.inserted(incoming.row);
  };
  return {
    prefetch: (candidates) => keys.prefetch(trx, keysOf(candidates)),
    rowsAt: (lookup, othersAdds) => keys.rowsAt(read, lookup, othersAdds),
    insert(incoming) {
      insert(incoming);
      return Promise.resolve();
    },
    async insertIfFree(incoming) {
      const { fid, store, conflict_key: key } = incoming.row;
      if ((await keys.rowsAt(read, { fid, store, key })).length > 0) return false;
      insert(incoming);
      return true;
    },
    delete(rows) {
      for (const row of distinctRows(rows)) recordChange(trx, rowChange('remove', row));
      writes.delete(rows);
      keys.deleted(rows);
      return Promise.resolve();
    },
    read,
    flush,
  };
}
