import { sql } from 'kysely';
import { StoreType } from '../../protocol/gen/request_response.js';

// The conditions of the partial indexes of `messages` (node migration 0007), for the queries that need
// those indexes. SQLite uses a partial index only when the query itself contains the index's condition,
// with the same literals (a bound parameter proves nothing), so such queries add these as they are.

/** Rows of the stores whose keys are unique across fids: what `messages_store_key_idx` holds. */
export const inGlobalStores = sql<boolean>`${sql.ref('store')} in (${sql.lit(StoreType.VERIFICATIONS)}, ${sql.lit(StoreType.USERNAME_PROOFS)})`;

/** Link rows: what `messages_target_fid_idx` holds. */
export const inLinkStore = sql<boolean>`${sql.ref('store')} = ${sql.lit(StoreType.LINKS)}`;
