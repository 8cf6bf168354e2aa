import type { Kysely } from 'kysely';
import type { HubResult } from '../../protocol/errors.js';
import type { FarcasterNetwork, Message, MessageData, MessageType } from '../../protocol/gen/message.js';
import type { NewHubEvent } from '../events/event-log.js';
import type { LimitedStore } from '../onchain/storage-units.js';
import type { MessagesTable, NodeTables } from '../store/schema.js';
import type { Ordering, Ranked } from './conflict.js';
import type { StorageBalance } from './storage-balance.js';

/** The read columns a store fills so the HTTP API can page by parent, target, mention and type. */
export type ReadColumns = Pick<
  MessagesTable,
  | 'target_fid'
  | 'target_hash'
  | 'target_url'
  | 'parent_fid'
  | 'parent_hash'
  | 'parent_url'
  | 'link_type'
  | 'reaction_type'
  | 'user_data_type'
>;

/** A stored message as the merge rules see it. */
export interface StoredRow extends Ranked {
  readonly hash: Uint8Array;
  readonly fid: number;
  readonly store: number;
  readonly type: MessageType;
  readonly encoded: Uint8Array;
  readonly targetFid: number | null;
}

/** A validated message on its way into a store. */
export interface Incoming extends Ranked {
  /** With both `data` and `dataBytes`, as reads and events return it. */
  readonly message: Message;
  readonly data: MessageData;
  /** The row to insert. */
  readonly row: MessagesTable;
  /** Distinct fids a CastAdd mentions. */
  readonly mentions: readonly number[];
}

export type RemovalKind = 'prune' | 'revoke';

/**
 * The database for a read, with the merge batch's earlier writes applied (they may be held): all of them, or
 * those a read of only one fid's store (`rowsOf`) could see.
 */
export type Reader = (rowsOf?: { fid: number; store: number }) => Promise<Kysely<NodeTables>>;

/** What a store's rules read. */
export interface RuleReads {
  /** The fid's message of a key its `ruleKeys` names, as the batch has left it. */
  rowsAtKey(fid: number, store: number, key: Uint8Array): Promise<StoredRow[]>;
  read: Reader;
}

/** What a store's storage check sees of the sender. */
export interface StorageContext {
  readonly balance: StorageBalance;
  readonly network: FarcasterNetwork;
}

/**
 * What makes one store different from another. Everything else (key lookup, the generic conflict
 * decision, writes, events, limits) is shared by the engine.
 */
export interface StoreSpec {
  readonly store: LimitedStore;
  readonly ordering: Ordering;
  readonly removeTypes: ReadonlySet<MessageType>;
  /** The CRDT key within the fid and store (`hash` is the message's own); an add and its remove share it. */
  conflictKey(data: MessageData, hash: Uint8Array): Uint8Array;
  readColumns(data: MessageData): Partial<ReadColumns>;
  /** Add keys unique across fids (verified addresses, ENS names): other fids' adds of the key compete too. */
  readonly globallyUnique?: boolean;
  /** Rules beyond the key, checked first: refuse the message, or name stored rows it silently replaces. */
  rules?(reads: RuleReads, incoming: Incoming): Promise<HubResult<StoredRow[]>>;
  /** Keys of the fid's store that `rules` looks up, read with the batch's own keys. */
  ruleKeys?(data: MessageData): Uint8Array[];
  /** Text of a conflict when `winner` outranks the incoming message; undefined for the generic texts. */
  describeConflict?(incoming: Incoming, winner: StoredRow): string | undefined;
  /** The event of a merge (default MERGE_MESSAGE listing `deleted`). */
  mergedEvent?(incoming: Incoming, deleted: readonly Message[]): NewHubEvent;
  /** The event of a deletion by the prune job or a revocation (default PRUNE_MESSAGE / REVOKE_MESSAGE). */
  removedEvent?(kind: RemovalKind, message: Message): NewHubEvent;
  /** Messages valid only while `deleted` stands (a USERNAME naming an ENS proof): revoked with it. */
  dependents?(db: Kysely<NodeTables>, deleted: StoredRow): Promise<StoredRow[]>;
  /** False when the prune job leaves the store alone (username proofs, storage lends). */
  readonly pruned: boolean;
  /** The store's limit is reported, never enforced: nothing is refused as prunable (storage lends). */
  readonly limitReportedOnly?: boolean;
  /** Whether the sender's storage allows the message; by default any net unit does (else `no storage`). */
  checkStorage?(incoming: Incoming, context: StorageContext): HubResult<void>;
  /** A message that only undoes: it merges, replacing what its key held, and is pruned at once. */
  prunedOnMerge?(data: MessageData): boolean;
  /** Fids whose storage balances a merge of the message changes (a lend's lender and borrower). */
  storageChangedFor?(data: MessageData): number[];
}
