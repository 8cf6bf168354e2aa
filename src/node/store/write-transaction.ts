import type { Kysely, Transaction } from 'kysely';
import { lockEventLog } from '../events/event-log.js';
import type { StoreChange } from './changes.js';
import { moveSyncIds } from '../sync/sync-ids.js';
import { moveReadVersions } from './read-versions.js';
import type { NodeTables } from './schema.js';

/**
 * The one place every change to what the node holds is reported. Writers open their transaction with
 * {@link writeTransaction} and report each item they add or remove with {@link recordChange}, in the order
 * they write it; observers registered once with {@link observeChanges} are told of a transaction's changes
 * inside it, before it commits (their writes commit or roll back with it), and after it commits. Read
 * versions and SyncIds are moved this way in every process and tool that writes, so none can be forgotten.
 */
export interface ChangeObserver {
  /** In the transaction, after its work: every change it made, in order. Throwing rolls it back. */
  beforeCommit?(trx: Transaction<NodeTables>, changes: readonly StoreChange[]): Promise<void>;
  /** After the commit: the same changes; must not throw (the write is done). A rolled-back one reports nothing. */
  committed?(changes: readonly StoreChange[]): void;
}

/** Told of each change as it is recorded: state one transaction keeps (e.g. a merge's oldest messages). */
export type ChangeListener = (change: StoreChange) => void;

interface OpenTransaction {
  readonly changes: StoreChange[];
  readonly listeners: ChangeListener[];
}

/** Every database handle's observers, by the dialect adapter its transactions share with it. */
const observersByAdapter = new WeakMap<object, ChangeObserver[]>();
const open = new WeakMap<Kysely<NodeTables>, OpenTransaction>();

const adapterOf = (db: Kysely<NodeTables>) => db.getExecutor().adapter;

/** Registers `observer` for every later write transaction on `db`; returns how to unregister it. */
export function observeChanges(db: Kysely<NodeTables>, observer: ChangeObserver): () => void {
  const adapter = adapterOf(db);
  const observers = observersByAdapter.get(adapter) ?? [];
  observersByAdapter.set(adapter, [...observers, observer]);
  return () => {
    observersByAdapter.set(
      adapter,
      (observersByAdapter.get(adapter) ?? []).filter((registered) => registered !== observer),
    );
  };
}

/**
 * Built in, so every process and tool that writes moves them: the read versions of what changed, and the
 * SyncIds of what the node holds.
 */
const BUILT_IN: readonly ChangeObserver[] = [
  { beforeCommit: moveReadVersions },
  { beforeCommit: moveSyncIds },
];

/**
 * Runs `work` in a transaction that holds the node's write lock (the event log's, `lockEventLog`: writers
 * whose checks read state run one at a time, across processes on PostgreSQL) and reports its changes.
 * Given a write transaction already open, `work` joins it and its changes are reported with the outer
 * one's, so a change can be composed into a larger atomic one.
 */
export async function writeTransaction<T>(
  db: Kysely<NodeTables>,
  work: (trx: Transaction<NodeTables>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) {
    if (!open.has(db)) throw new Error('a write joined a transaction not opened by writeTransaction');
    return work(db as Transaction<NodeTables>);
  }
  const observers = [...BUILT_IN, ...(observersByAdapter.get(adapterOf(db)) ?? [])];
  let changes: readonly StoreChange[] = [];
  const result = await db.transaction().execute(async (trx) => {
    const state: OpenTransaction = { changes: [], listeners: [] };
    open.set(trx, state);
    try {
      await lockEventLog(trx);
      const value = await work(trx);
      changes = state.changes;
      if (changes.length > 0) {
        for (const observer of observers) await observer.beforeCommit?.(trx, changes);
      }
      return value;
    } finally {
      open.delete(trx);
    }
  });
  if (changes.length > 0) for (const observer of observers) observer.committed?.(changes);
  return result;
}

function openTransaction(trx: Kysely<NodeTables>): OpenTransaction {
  const state = open.get(trx);
  if (state === undefined) throw new Error('a change to the stores outside a write transaction');
  return state;
}

/** Reports a change `trx` makes; `trx` must be a {@link writeTransaction}'s. */
export function recordChange(trx: Kysely<NodeTables>, change: StoreChange): void {
  const state = openTransaction(trx);
  state.changes.push(change);
  for (const listener of state.listeners) listener(change);
}

/** Tells `listener` of each change `trx` records from now on, until it ends. */
export function listenToChanges(trx: Kysely<NodeTables>, listener: ChangeListener): void {
  openTransaction(trx).listeners.push(listener);
}
