/**
 * The social API's copy of node data (created by src/storage/migrations/social/node-index.ts), kept by
 * the indexer from the node's event log. Times are UNIX seconds.
 */

/** Every cast the node merged; a removed cast keeps its row with `removed_at` set. */
export interface IndexedCastsTable {
  /** 20-byte message hash. */
  hash: Uint8Array;
  fid: number;
  timestamp: number;
  parent_url: string | null;
  parent_hash: Uint8Array | null;
  parent_fid: number | null;
  /**
   * The channel url the cast belongs to: its own parent_url for a root cast, the thread root's for a
   * reply; null while the root is unknown or when the thread has no parent url.
   */
  channel_url: string | null;
  removed_at: number | null;
  /**
   * JSON of the cast's `CastContent` (store.ts); null for a cast indexed before the index kept content
   * (migration cast-feed.ts), until the rebuild that migration starts reaches it.
   */
  content: string | null;
}

/** Active signers (keyType 1) per fid, with the app fid from their SignedKeyRequest metadata. */
export interface IndexedSignersTable {
  fid: number;
  /** 32-byte Ed25519 public key. */
  key: Uint8Array;
  request_fid: number | null;
  added_at: number;
}

/** Verified addresses: `0x` + EIP-55 checksummed hex for ethereum, base58 for solana. */
export interface IndexedVerificationsTable {
  fid: number;
  protocol: 'ethereum' | 'solana';
  address: string;
  verified_at: number;
}

/** The current value of each user data type per fid. */
export interface IndexedUserDataTable {
  fid: number;
  type: number;
  value: string;
}

export interface NodeIndexTables {
  indexed_casts: IndexedCastsTable;
  indexed_signers: IndexedSignersTable;
  indexed_verifications: IndexedVerificationsTable;
  indexed_user_data: IndexedUserDataTable;
}
