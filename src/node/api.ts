import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { HubEvent } from '../protocol/gen/hub_event.js';
import { OnChainEventType } from '../protocol/gen/onchain_event.js';
import type { OnChainEvent } from '../protocol/gen/onchain_event.js';
import type { Signer } from '../protocol/gen/request_response.js';
import type { UserNameProof } from '../protocol/gen/username_proof.js';
import { cachedFor } from '../shared/cached.js';
import { ANSWER_CACHE_MB } from '../shared/config/index.js';
import { createAnswerCache, MiB } from '../shared/http/answer-cache.js';
import type { AnswerCache } from '../shared/http/answer-cache.js';
import type { KeptAnswers } from '../shared/http/kept-answers.js';
import { systemClock, type Clock } from '../shared/clock.js';
import type { Database } from '../storage/index.js';
import type { ReceivedMessage } from '../protocol/message.js';
import { signerCounts, signerOf, signersPage } from './engine/index.js';
import type { Engine, MergeOutcome, Prepared, SignerCounts, SignerPosition } from './engine/index.js';
import { eventById, eventsBetween, eventsPage } from './events/index.js';
import type { EventRange, EventsPage } from './events/index.js';
import { hubFailure } from './failure.js';
import { decodeStored } from './engine/message-rows.js';
import { keptMessageAnswers } from './kept-message-answers.js';
import { readMarks } from './store/read-versions.js';
import { fnameProofOf, fnameProofsOf } from './fnames/index.js';
import {
  activeSignerEvent,
  activeSignerEvents,
  fidRegistration,
  fidsPage,
  hasAuthAddress,
  idRegisterEventByAddress,
  idRegisterEventByFid,
  onChainEvents,
} from './onchain/index.js';
import type { ChainPosition } from './onchain/index.js';
import type { Page, PageRequest } from './store/page.js';
import { createSubmitPipeline } from './submit-pipeline.js';
import type { NodeTables } from './store/schema.js';
import { createSyncApi } from './sync/sync-api.js';
import { NO_PEERS } from './sync/peer-network.js';
import type { PeerNetworkView } from './sync/peer-network.js';
import type { SyncApi } from './sync/sync-api.js';
import { createSyncTrie } from './sync/sync-trie.js';

/** Sizes of the node's data, as `/v1/info?dbstats=1` reports them. */
export interface DbStats {
  /** Items in the sync trie: messages, fname proofs and on-chain events, as the reference counts them. */
  numMessages: number;
  /** On-chain events merged. */
  numFidEvents: number;
  /** Registered fids: what gRPC GetInfo reports as num_fid_registrations, as both references count it. */
  numFidRegistrations: number;
  /** Fname proofs held. */
  numFnameEvents: number;
  /** Bytes the node's tables take on disk (approximate). */
  approxSize: number;
}

/** How an address relates to a fid (Snapchain's GetFidAddressType). */
export interface FidAddressType {
  /** The fid's current custody address. */
  isCustody: boolean;
  /** The Key Registry added the address to the fid as a key of type 2 (a later removal does not count). */
  isAuth: boolean;
  /** The fid has an active verification of the address. */
  isVerified: boolean;
}

/**
 * Everything the node's HTTP and gRPC APIs read and write, over one database: the engine (messages,
 * merges, validation) plus the on-chain, fname and event-log reads. Services and tests in the same
 * process use it directly, as both transports do.
 */
export interface NodeApi {
  readonly engine: Engine;
  readonly version: string;
  /** The kept answers of the message reads, shared by both transports (SQLite); undefined on PostgreSQL. */
  readonly keptMessages: KeptAnswers | undefined;
  /** The node's one memory budget for what it keeps rendered: its kept answers and each message's JSON. */
  readonly answerCache: AnswerCache;
  /** `isSyncing` of both transports' info: the chain reader is behind, or a diff sync runs. */
  isSyncing(): boolean;
  /** The peers the node syncs with (none without `--peer` until one announces itself). */
  peers(): PeerNetworkView;
  /**
   * Validates and merges one message. Concurrent submits, from either transport, are validated and merged
   * in shared batches (submit-pipeline.ts); each resolves with its own outcome.
   */
  submit(received: ReceivedMessage): Promise<MergeOutcome>;
  /** Sizes at most a minute old; numMessages (the sync trie's items) current. */
  dbStats(): Promise<DbStats>;
  /** The sync trie and the diff-sync reads (reference/sync.md §2.8). */
  readonly sync: SyncApi;
  fids(page: PageRequest<number>): Promise<Page<number, number>>;
  /** Refuses a fid other than 0 for SIGNER_MIGRATED events, which belong to no fid. */
  onChainEvents(
    fid: number,
    type: OnChainEventType,
    page: PageRequest<ChainPosition>,
  ): Promise<Page<OnChainEvent, ChainPosition>>;
  /** The ADD events of the fid's active on-chain keys (the deprecated on-chain signer reads). */
  activeSigners(fid: number, page: PageRequest<ChainPosition>): Promise<Page<OnChainEvent, ChainPosition>>;
  activeSigner(fid: number, key: Uint8Array): Promise<OnChainEvent | undefined>;
  /** A key of the fid, on chain or gasless (expired included), as a unified signer record. */
  signer(fid: number, key: Uint8Array): Promise<Signer | undefined>;
  /** The fid's on-chain keys, then its gasless keys. */
  signers(fid: number, page: PageRequest<SignerPosition>): Promise<Page<Signer, SignerPosition>>;
  /** The fid's gasless key count and limit, its user nonce, and the app nonces of `requesterFids`. */
  signerCounts(fid: number, requesterFids: readonly number[]): Promise<SignerCounts>;
  idRegisterEventByAddress(address: Uint8Array): Promise<OnChainEvent | undefined>;
  idRegisterEvent(fid: number): Promise<OnChainEvent | undefined>;
  fidAddressType(fid: number, address: Uint8Array): Promise<FidAddressType>;
  /** An fname proof, or the body of the ENS UsernameProof message for a `.eth` name. */
  usernameProof(name: string): Promise<UserNameProof | undefined>;
  /** The fid's fname proofs first, then its ENS proofs. */
  usernameProofs(fid: number): Promise<UserNameProof[]>;
  events(fromId: number): Promise<EventsPage>;
  eventsBetween(range: EventRange, page: PageRequest<number>): Promise<Page<HubEvent, number>>;
  event(id: number): Promise<HubEvent | undefined>;
  /** Throws when the database does not answer (the health check). */
  ping(): Promise<void>;
  /** Refuses new submits and waits for those in flight; the database stays open. */
  close(): Promise<void>;
}

/** How concurrent submits share merges; see createSubmitPipeline. */
export interface BatchingOptions {
  /** Most messages per merge transaction. */
  maxBatch: number;
}

export const DEFAULT_BATCHING: BatchingOptions = { maxBatch: 256 };

export interface NodeApiOptions {
  database: Database<NodeTables>;
  engine: Engine;
  version: string;
  batching?: Partial<BatchingOptions> | undefined;
  /** Times the dbStats cache; the system clock when absent. */
  clock?: Clock | undefined;
  /** Told each submitted message's outcome (the metrics count them). */
  onSubmitted?: ((outcome: MergeOutcome) => void) | undefined;
  /** Whether the chain reader is behind or a diff sync runs; never when absent. */
  syncing?: (() => boolean) | undefined;
  /** The node's peers, once they are started; none when absent. */
  peers?: (() => PeerNetworkView | undefined) | undefined;
  /** What the node keeps rendered (--answer-cache-mb); the default budget when absent. */
  answerCache?: AnswerCache | undefined;
}

/** dbStats counts every table: computed at most once a minute, however many callers ask. */
const DB_STATS_TTL_MS = 60_000;

/** ENS proofs per read while collecting a fid's proofs; a fid holds at most 5 per storage unit. */
const PROOFS_PER_READ = 1000;

export function createNodeApi(options: NodeApiOptions): NodeApi {
  const { database, engine, version, batching, clock, onSubmitted, syncing } = options;
  const { db } = database;
  const answerCache = options.answerCache ?? createAnswerCache(ANSWER_CACHE_MB.node * MiB);
  const sync = createSyncApi(db, createSyncTrie(db, answerCache), clock ?? systemClock);
  const sizes = cachedFor(DB_STATS_TTL_MS, clock ?? systemClock, () => readDbStats(database));
  const dbStats = async () => ({ ...(await sizes()), numMessages: await sync.trie.items() });
  const submits = createSubmitPipeline<ReceivedMessage, Prepared, MergeOutcome>({
    maxBatch: { ...DEFAULT_BATCHING, ...batching }.maxBatch,
    prepare: (messages) => engine.prepareMessages(messages),
    commit: (prepared) => engine.mergePrepared(prepared),
  });

  const ensProofs = async (fid: number): Promise<UserNameProof[]> => {
    const proofs: UserNameProof[] = [];
    let after: Uint8Array | undefined;
    do {
      const page = await engine.usernameProofsByFid(fid, { limit: PROOFS_PER_READ, after });
      for (const stored of page.items) {
        const proof = decodeStored(stored).data?.usernameProofBody;
        if (proof !== undefined) proofs.push(proof);
      }
      after = page.next;
    } while (after !== undefined);
    return proofs;
  };

  return {
    engine,
    version,
    keptMessages: keptMessageAnswers(readMarks(database), answerCache),
    answerCache,
    isSyncing: () => syncing?.() ?? false,
    peers: () => options.peers?.() ?? NO_PEERS,
    async submit(received) {
      const outcome = await submits.add(received);
      onSubmitted?.(outcome);
      return outcome;
    },
    dbStats,
    sync,
    fids: (page) => fidsPage(db, page),
    onChainEvents(fid, type, page) {
      if (type === OnChainEventType.EVENT_TYPE_SIGNER_MIGRATED && fid !== 0) {
        throw hubFailure('bad_request.invalid_param', 'fid must be 0 for signer migrated events');
      }
      return onChainEvents(db, fid, type, page);
    },
    activeSigners: (fid, page) => activeSignerEvents(db, fid, page),
    activeSigner: (fid, key) => activeSignerEvent(db, fid, key),
    signer: (fid, key) => signerOf(db, fid, key),
    signers: (fid, page) => signersPage(db, fid, page),
    signerCounts: (fid, requesterFids) => signerCounts(db, fid, requesterFids),
    idRegisterEventByAddress: (address) => idRegisterEventByAddress(db, address),
    idRegisterEvent: (fid) => idRegisterEventByFid(db, fid),
    async fidAddressType(fid, address) {
      const [registration, isAuth, verification] = await Promise.all([
        fidRegistration(db, fid),
        hasAuthAddress(db, fid, address),
        engine.verification(fid, address),
      ]);
      return {
        isCustody: registration !== undefined && Buffer.from(registration.custodyAddress).equals(address),
        isAuth,
        isVerified: verification !== undefined,
      };
    },
    async usernameProof(name) {
      if (!name.endsWith('.eth')) return fnameProofOf(db, name);
      const stored = await engine.usernameProofByName(name);
      return stored && decodeStored(stored).data?.usernameProofBody;
    },
    usernameProofs: async (fid) => [...(await fnameProofsOf(db, fid)), ...(await ensProofs(fid))],
    events: (fromId) => eventsPage(db, fromId),
    eventsBetween: (range, page) => eventsBetween(db, range, page),
    event: (id) => eventById(db, id),
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => submits.close(),
  };
}

async function readDbStats(database: Database<NodeTables>): Promise<Omit<DbStats, 'numMessages'>> {
  const { db } = database;
  const [numFidEvents, numFidRegistrations, numFnameEvents, approxSize] = await Promise.all([
    countRows(db, 'onchain_events'),
    countRows(db, 'fids'),
    countRows(db, 'fname_proofs'),
    database.dialect === 'sqlite' ? sqliteSize(db) : postgresSchemaSize(db),
  ]);
  return { numFidEvents, numFidRegistrations, numFnameEvents, approxSize };
}

async function countRows(
  db: Kysely<NodeTables>,
  table: 'onchain_events' | 'fids' | 'fname_proofs',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function sqliteSize(db: Kysely<NodeTables>): Promise<number> {
  const { rows } = await sql<{ size: number }>`
    select page_count * page_size as size from pragma_page_count(), pragma_page_size()`.execute(db);
  return Number(rows[0]?.size ?? 0);
}

/** The node's tables (with their indexes and TOAST) in its own schema. */
async function postgresSchemaSize(db: Kysely<NodeTables>): Promise<number> {
  const { rows } = await sql<{ size: string | null }>`
    select sum(pg_total_relation_size(c.oid))::text as size
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'r'`.execute(db);
  return Number(rows[0]?.size ?? 0);
}
