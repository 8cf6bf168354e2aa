import type { Generated } from 'kysely';

/** User blocks (src/storage/migrations/social/moderation.ts): the current blocks, one row per pair. */
export interface UserBlocksTable {
  /** Insertion order; breaks ties between blocks of the same second. */
  id: Generated<number>;
  blocker_fid: number;
  blocked_fid: number;
  /** UNIX seconds. */
  created_at: number;
}

export interface BlockTables {
  user_blocks: UserBlocksTable;
}
