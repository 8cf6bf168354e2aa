import type { Kysely } from 'kysely';
import type { NodeTables } from '../store/schema.js';
import { isCounted, oldestStored, oldestStoredOf } from './limits.js';
import type { Reader } from './store-spec.js';
import { compareBytes, sameBytes } from './ts-hash.js';

/** What the tracker needs of a written or deleted row. */
interface Placed {
  readonly fid: number;
  readonly store: number;
  readonly type: number;
  readonly tsHash: Uint8Array;
}

/** The ts_hash of the oldest counted message per (fid, store), as the prunable check needs it. */
export interface OldestTracker {
  /** Reads the pairs not known yet, all at once. */
  prefetch(db: Kysely<NodeTables>, pairs: readonly (readonly [fid: number, store: number])[]): Promise<void>;
  get(read: Reader, fid: number, store: number): Promise<Uint8Array | undefined>;
  inserted(row: Placed): void;
  deleted(row: Placed): void;
}

/**
 * For one merge batch: each (fid, store) is read once (the batch's pairs in one statement up front), then
 * kept current as the batch inserts and deletes, so the batch's messages need no query of their own. Deleting the oldest forgets it (the next oldest is
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
    inserted({ fid, store, type, tsHash }) {
      const key = keyOf(fid, store);
      if (!isCounted(type) || !known.has(key)) return;
      const oldest = known.get(key);
      if (oldest === undefined || compareBytes(tsHash, oldest) < 0) known.set(key, tsHash);
    },
    deleted({ fid, store, tsHash }) {
      const key = keyOf(fid, store);
      const oldest = known.get(key);
      if (oldest !== undefined && sameBytes(oldest, tsHash)) known.delete(key);
    },
  };
}
