import type { Kysely } from 'kysely';
import type { StoreChange } from '../store/changes.js';
import type { NodeTables } from '../store/schema.js';
import { isCounted, oldestStored, oldestStoredOf } from './limits.js';
import type { Reader } from './store-spec.js';
import { storeForType } from './stores/index.js';
import { compareBytes, makeTsHash, sameBytes } from './ts-hash.js';

/** The ts_hash of the oldest counted message per (fid, store), as the prunable check needs it. */
export interface OldestTracker {
  /** Reads the pairs not known yet, all at once. */
  prefetch(db: Kysely<NodeTables>, pairs: readonly (readonly [fid: number, store: number])[]): Promise<void>;
  get(read: Reader, fid: number, store: number): Promise<Uint8Array | undefined>;
  /** A change the batch's transaction records (store/write-transaction.ts `listenToChanges`). */
  changed(change: StoreChange): void;
}

/**
 * For one merge batch: each (fid, store) is read once (the batch's pairs in one statement up front), then
 * kept current by the changes the batch records, so the batch's messages need no query of their own. Deleting the oldest forgets it (the next oldest is
 * read again when needed); anything else cannot change it.
 */
export function trackOldest(): OldestTracker {
  const known = new Map<string, Uint8Array | undefined>();
  const keyOf = (fid: number, store: number) => `${fid}:${store}`;
  return {
    async prefetch(db, pairs) {
      const unknown = pairs.filter(([fid, store]) => !known.has(keyOf(fid, store)));
      for (const { fid, store, tsHash } of await oldestStoredOf(db, unknown))
        known.set(keyOf(fid, store), tsHash);
    },
    async get(read, fid, store) {
      const key = keyOf(fid, store);
      if (known.has(key)) return known.get(key);
      const oldest = await oldestStored(await read({ fid, store }), fid, store);
      known.set(key, oldest);
      return oldest;
    },
    changed(change) {
      if (change.kind !== 'message') return;
      const store = storeForType(change.type)?.store;
      if (store === undefined) return;
      const key = keyOf(change.fid, store);
      if (!known.has(key)) return;
      const tsHash = makeTsHash(change.timestamp, change.hash);
      const oldest = known.get(key);
      if (change.op === 'remove') {
        if (oldest !== undefined && sameBytes(oldest, tsHash)) known.delete(key);
      } else if (isCounted(change.type) && (oldest === undefined || compareBytes(tsHash, oldest) < 0)) {
        known.set(key, tsHash);
      }
    },
  };
}
