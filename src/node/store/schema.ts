/**
 * The node's tables as Kysely sees them (created by src/storage/migrations/node). Integers declared
 * `bigint` arrive as exact JS numbers and bytes as plain Uint8Array on both dialects
 * (docs/decisions/0001-storage.md). Byte columns compare bytewise on both dialects, so `ts_hash` orders
 * messages the way the protocol does.
 */

/** Cursors and settings of the node (on-chain sync block, fname sync id, ...). */
export interface ServiceMetaTable {
  key: string;
  value: string;
}

/**
 * Every on-chain event the node merged, unique by (type, fid, block_number, log_index) like the
 * reference hub. The derived tables below are rebuilt from these rows, so they are the source of truth.
 */
export interface OnChainEventsTable {
  /** OnChainEventType. */
  type: number;
  /** 0 for SIGNER_MIGRATED events. */
  fid: number;
  block_number: number;
  /** Block-wide log index; with block_number it orders events as the chain did. */
  log_index: number;
  /** Identifies the block for reorg retraction. */
  block_hash: Uint8Array;
  /** Unix seconds; rent events' units expire relative to it. */
  block_timestamp: number;
  tx_hash: Uint8Array;
  tx_index: number;
  /** SIGNER events: the key the event is about; null otherwise. */
  signer_key: Uint8Array | null;
  /** STORAGE_RENT events: units rented; null otherwise. */
  units: number | null;
  /** The OnChainEvent protobuf, as served by the read API and carried in hub events. */
  encoded: Uint8Array;
}

/**
 * Registered fids: custody from the newest REGISTER/TRANSFER, recovery from the newest
 * REGISTER/CHANGE_RECOVERY. A row exists once a REGISTER or TRANSFER is known. Address → fid lookups
 * use the custody_address index (newest custody event wins), so an address that moved away stops
 * mapping without a second table to keep in step.
 */
export interface FidsTable {
  fid: number;
  custody_address: Uint8Array;
  /** Position of the ID_REGISTER event that set the custody address. */
  custody_block_number: number;
  custody_log_index: number;
  /** Null when no REGISTER or CHANGE_RECOVERY event is known. */
  recovery_address: Uint8Array | null;
}

/** Key Registry state of a key: 'reset' is the contract's NULL after an admin reset (decision 0005). */
export type SignerState = 'added' | 'removed' | 'reset';

/** One row per (fid, key) with any deciding SIGNER event; the key signs messages iff 'added' with key type 1. */
export interface SignersTable {
  fid: number;
  key: Uint8Array;
  /** From the latest ADD (REMOVE and ADMIN_RESET events carry no key type). */
  key_type: number;
  state: SignerState;
  /** Position of the SIGNER event that decided `state` (for 'added': the ADD served by the read API). */
  block_number: number;
  log_index: number;
}

/**
 * Every stored protocol message, all stores in one table: the CRDT stores differ only in their conflict
 * key and read indexes. The nullable columns are filled only for the message types that have them.
 */
export interface MessagesTable {
  /** The 20-byte BLAKE3 message hash. */
  hash: Uint8Array;
  fid: number;
  /**
   * StoreType of the store that holds it (CASTS, LINKS, REACTIONS, USER_DATA, VERIFICATIONS, USERNAME_PROOFS,
   * STORAGE_LENDS).
   */
  store: number;
  /** MessageType. */
  type: number;
  /** A remove (CastRemove, ReactionRemove, LinkRemove, VerificationRemove) rather than an add. */
  is_remove: boolean;
  /**
   * Store-specific key whose messages conflict (the CRDT set key, e.g. a reaction's type and target);
   * unique per (fid, store), so only the winning message of a key is stored. Messages that must not
   * displace each other (a link compact state and the links it lists) need keys that cannot collide,
   * e.g. a leading kind byte.
   */
  conflict_key: Uint8Array;
  /** 4-byte big-endian Farcaster timestamp ‖ 20-byte hash: the store order (oldest first). */
  ts_hash: Uint8Array;
  /** The Ed25519 key that signed it; revocation deletes by (fid, signer). */
  signer: Uint8Array;
  /** The Message protobuf exactly as received (data_bytes kept), so hashes and signatures still verify. */
  encoded: Uint8Array;
  /** Links: the target fid; reactions to a cast: the cast's fid; storage lends: the borrower. */
  target_fid: number | null;
  /** Reactions to a cast: the cast's hash. */
  target_hash: Uint8Array | null;
  /** Reactions to a URL: the URL's UTF-8 bytes (bytes, as the protocol allows NUL in it). */
  target_url: Uint8Array | null;
  /** Casts replying to a cast: the parent's fid. */
  parent_fid: number | null;
  /** Casts replying to a cast: the parent's hash. */
  parent_hash: Uint8Array | null;
  /** Casts under a URL (channels): the parent URL's UTF-8 bytes. */
  parent_url: Uint8Array | null;
  /** Links: the link type's UTF-8 bytes (e.g. 'follow'). */
  link_type: Uint8Array | null;
  /** Reactions: ReactionType. */
  reaction_type: number | null;
  /** User data: UserDataType. */
  user_data_type: number | null;
}

/** Fids a stored CastAdd mentions; rows go with their cast (on delete cascade). */
export interface CastMentionsTable {
  hash: Uint8Array;
  mentioned_fid: number;
  /** Copy of the cast's ts_hash, so castsByMention pages without a join sort. */
  ts_hash: Uint8Array;
}

/** The event log: ids are (ms since the protocol epoch) << 12 | seq, strictly increasing in commit order. */
export interface HubEventsTable {
  id: number;
  /** HubEventType. */
  type: number;
  /** The HubEvent protobuf, id included. */
  encoded: Uint8Array;
}

/** One row (id = 1): the last event id handed out; its row lock orders writers (decision 0004). */
export interface HubEventClockTable {
  id: number;
  last_id: number;
}

/** Fname proofs from the name registry: one per name; fid 0 deletes the name's proof. */
export interface FnameProofsTable {
  name: string;
  fid: number;
  /** 20-byte custody address the name was signed over to. */
  owner: Uint8Array;
  /** Unix seconds; the newer proof of a name wins. */
  timestamp: number;
  signature: Uint8Array;
  /** The UserNameProof protobuf. */
  encoded: Uint8Array;
}

/**
 * Keys deactivated on chain whose messages are still to be revoked. Revocation runs after the on-chain
 * change, in transactions of its own (decision 0004); the row commits with the change and goes with the
 * revocation's last chunk, so a failure or crash in between leaves it for the retry.
 */
export interface PendingRevocationsTable {
  fid: number;
  signer: Uint8Array;
  /** Unix ms of the deactivation; 0 for the keys migration 0007 found unrevoked. */
  queued_at: number;
}

/**
 * Active gasless keys (KEY_ADD, snapchain-messages.md §4): one row per key, which belongs to one fid at a
 * time. Scopes, ttl and nonce are read from the stored KEY_ADD; a KEY_REMOVE deletes the row. Expired keys
 * stay until removed.
 */
export interface GaslessKeysTable {
  /** The 32-byte Ed25519 key. */
  key: Uint8Array;
  fid: number;
  /** The app whose signed key request the KEY_ADD carried (its custody verified at merge). */
  request_fid: number;
  /** Farcaster seconds: the KEY_ADD's timestamp, then of messages signed by the key (sliding TTL). */
  last_used_at: number;
  /** The KEY_ADD Message protobuf, stored as messages are (data_bytes kept). */
  encoded: Uint8Array;
}

/** The last nonce accepted per fid: `user_nonce` for its custody's key messages, `app_nonce` as a requesting app. */
export interface GaslessNoncesTable {
  fid: number;
  user_nonce: number;
  app_nonce: number;
}

/**
 * The version of what each fid holds, and at scope 0 of everything: moved by every writing transaction
 * (store/write-transaction.ts), read by kept answers. A scope without a row is at version 0.
 */
export interface ReadVersionsTable {
  scope: number;
  version: number;
}

/** The SyncIds of what the node holds (src/node/sync/sync-ids.ts), moved by every writing transaction. */
export interface SyncIdsTable {
  id: Uint8Array;
}

/**
 * The sync trie's top nodes (src/node/sync/trie-nodes.ts): SyncIds under each timestamp prefix of 0-9
 * bytes, and the node's hash, null until what changed under it is hashed in.
 */
export interface SyncTrieNodesTable {
  prefix: Uint8Array;
  items: number;
  hash: Uint8Array | null;
}

/** A node this one syncs from (src/node/sync/peers.ts). Times are Unix ms. */
export interface SyncPeersTable {
  /** `host:port` of its gRPC API. */
  address: string;
  /** `configured` (--peer) or `learned` (from a peer's GetCurrentPeers). */
  source: string;
  /** The last of its events merged from its stream; null before one. */
  last_event_id: number | null;
  score: number;
  /** Not synced from until then, after a bad sync. */
  paused_until: number | null;
  pause_reason: string | null;
  learned_at: number;
  /** The last call it answered. */
  last_contact: number | null;
}

/** A message from a peer waiting for this node's chain view to catch up (src/node/sync/deferred.ts). */
export interface SyncDeferredTable {
  hash: Uint8Array;
  fid: number;
  /** The message's bytes as the peer sent them. */
  bytes: Uint8Array;
  /** Why it could not merge yet: the merge's errCode and message. */
  reason: string;
  deferred_at: number;
}

export interface NodeTables {
  service_meta: ServiceMetaTable;
  onchain_events: OnChainEventsTable;
  fids: FidsTable;
  signers: SignersTable;
  messages: MessagesTable;
  cast_mentions: CastMentionsTable;
  hub_events: HubEventsTable;
  hub_event_clock: HubEventClockTable;
  fname_proofs: FnameProofsTable;
  pending_revocations: PendingRevocationsTable;
  gasless_keys: GaslessKeysTable;
  gasless_nonces: GaslessNoncesTable;
  read_versions: ReadVersionsTable;
  sync_ids: SyncIdsTable;
  sync_trie_nodes: SyncTrieNodesTable;
  sync_peers: SyncPeersTable;
  sync_deferred: SyncDeferredTable;
}
