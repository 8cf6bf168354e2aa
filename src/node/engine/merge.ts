import type { Kysely } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubError, HubResult } from '../../protocol/errors.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import type { FarcasterNetwork, MessageData } from '../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Clock } from '../../shared/clock.js';
import { appendEvents } from '../events/event-log.js';
import type { NewHubEvent } from '../events/event-log.js';
import { totalUnits } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';
import { listenToChanges, writeTransaction } from '../store/write-transaction.js';
import { checkAccount } from './account-checks.js';
import type { FnameProofs } from './account-checks.js';
import { loadAccountState } from './account-state.js';
import type { AccountState, SignerStanding } from './account-state.js';
import { conflictText, resolveConflict } from './conflict.js';
import type { ResolvedNames } from './ens.js';
import { mergedEvent, removedEvent } from './events.js';
import { checkPrunable, isCounted } from './limits.js';
import type { StoreLimits } from './limits.js';
import { rowMessage, toIncoming } from './message-rows.js';
import { trackOldest } from './oldest-stored.js';
import type { OldestTracker } from './oldest-stored.js';
import type { FidRateLimiter } from './rate-limit.js';
import { afterUse } from './signers/gasless-use.js';
import { touchGaslessKey } from './signers/gasless-store.js';
import type { KeyAuthority } from './signers/key-authority.js';
import { isKeyMessage } from './signers/key-authority.js';
import { mergeKeyMessage } from './signers/key-merge.js';
import { mergeRowsFor } from './merge-rows.js';
import type { MergeRows } from './merge-rows.js';
import type { Incoming, StoreSpec, StoredRow } from './store-spec.js';
import { storeForType } from './stores/index.js';
import { removalEvents } from './writes.js';

type Refusal = { ok: false; error: HubError };

/** The outcome of one message of a batch: the event its merge emitted, or why it was refused. */
export type MergeOutcome = { ok: true; event: HubEvent } | Refusal;

/**
 * A structurally valid message, with the ENS names it depends on already resolved and, for a key message,
 * the signers of its EIP-712 parts recovered.
 */
export interface PreparedMessage {
  readonly received: ReceivedMessage;
  readonly names: ResolvedNames;
  readonly authority?: KeyAuthority | undefined;
}

/** A message's validation outcome: ready to merge, or why it was refused. */
export type Prepared = HubResult<PreparedMessage>;

/** A batch on its way in; each message's outcome settles once its signature is verified. */
export interface PreparedBatch {
  /** The messages that passed every check but their signature. */
  readonly candidates: readonly ReceivedMessage[];
  /** One per message, in order. */
  readonly messages: readonly Promise<Prepared>[];
}

/** A batch of messages whose validation has finished, e.g. gathered from several validation batches. */
export function settledBatch(prepared: readonly Prepared[]): PreparedBatch {
  return {
    candidates: prepared.flatMap((outcome) => (outcome.ok ? [outcome.value.received] : [])),
    messages: prepared.map((outcome) => Promise.resolve(outcome)),
  };
}

export interface MergeDeps {
  readonly network: FarcasterNetwork;
  readonly clock: Clock;
  readonly fnames: FnameProofs;
  readonly limits: StoreLimits;
  readonly rateLimiter: FidRateLimiter;
  /** KEY_ADDs merged per fid (rate-limit.ts `createKeyAddBudget`). */
  readonly keyAddBudget: FidRateLimiter;
}

/** What one batch reads once and shares between its messages, and where it reads and writes message rows. */
interface BatchState {
  readonly accounts: AccountState;
  readonly oldest: OldestTracker;
  readonly rows: MergeRows;
}

/**
 * Merges a batch in one transaction, message after message, so two messages on one key resolve as if
 * merged one after the other. Each message is checked completely before anything of it is written, so a
 * refused one leaves nothing behind and does not undo the others. All events are appended at the end.
 * A message's turn waits for its signature verdict, so the first messages merge while later signatures
 * are still being verified on the worker threads.
 *
 * The transaction holds the node's write lock (`writeTransaction`): the merge rules read state (a key's
 * current message, other fids' holders of an address, a store's size) that a concurrent writer could change
 * before commit, so on PostgreSQL message writers run one at a time across processes, as on-chain merges do;
 * SQLite has a single writer anyway. Batching keeps the cost to one lock per batch (decision 0004), and the
 * account state of the batch's fids is read once under it.
 * A database failure (not a refusal) throws and commits nothing of the batch.
 */
export async function mergeBatch(
  db: Kysely<NodeTables>,
  deps: MergeDeps,
  batch: PreparedBatch,
): Promise<MergeOutcome[]> {
  // Without candidates every message failed a check: nothing to write, so no transaction and no lock.
  if (batch.candidates.length === 0) return (await Promise.all(batch.messages)).map(refusal);
  return writeTransaction(db, async (trx) => {
    const data = batch.candidates.map((received) => received.data);
    const state: BatchState = {
      accounts: await loadAccountState(trx, batch.candidates.map(senderOf), deps.clock.now()),
      oldest: trackOldest(),
      rows: mergeRowsFor(trx),
    };
    listenToChanges(trx, state.oldest.changed);
    await state.oldest.prefetch(trx, storesOf(data));
    await state.rows.prefetch(batch.candidates);
    const results: HubResult<NewHubEvent[]>[] = [];
    for (const pending of batch.messages) {
      const prepared = await pending;
      results.push(prepared.ok ? await mergeOne(trx, deps, state, prepared.value) : prepared);
    }
    await state.rows.flush();
    const appended = await appendEvents(
      trx,
      results.flatMap((result) => (result.ok ? result.value : [])),
      deps.clock,
    );
    let next = 0;
    return results.map((result): MergeOutcome => {
      if (!result.ok) return result;
      const event = appended[next];
      next += result.value.length;
      if (event === undefined) throw new Error('the event log returned fewer events than appended');
      return { ok: true, event };
    });
  });
}

export const senderOf = ({ message, data }: ReceivedMessage) => ({ fid: data.fid, signer: message.signer });

/** The outcome of a message of a batch without candidates, which cannot have passed validation. */
function refusal(prepared: Prepared): Refusal {
  if (prepared.ok) throw new Error('a message passed validation without being a candidate');
  return prepared;
}

/** The distinct (fid, store) pairs whose oldest counted message the batch's prunable checks ask for. */
function storesOf(data: readonly MessageData[]): [fid: number, store: number][] {
  const pairs = new Map<string, [number, number]>();
  for (const { fid, type } of data) {
    const spec = storeForType(type);
    if (spec !== undefined && !spec.limitReportedOnly && isCounted(type))
      pairs.set(`${fid}:${spec.store}`, [fid, spec.store]);
  }
  return [...pairs.values()];
}

/**
 * The merge-time checks (node-api.md §4 steps 3-6, 10, 11) and the store's CRDT rules for one message, then
 * its writes. Returns its events: the merge's own first, then what it pruned or revoked. Key messages have
 * rules of their own (signers/key-merge.ts): they use no storage, and KEY_ADDs have a budget of their own.
 */
async function mergeOne(
  trx: Kysely<NodeTables>,
  deps: MergeDeps,
  state: BatchState,
  prepared: PreparedMessage,
): Promise<HubResult<NewHubEvent[]>> {
  const { received, names } = prepared;
  if (isKeyMessage(received.data.type)) {
    const { authority } = prepared;
    return mergeKeyMessage(trx, state.accounts, received, authority, deps.keyAddBudget, deps.clock.now());
  }
  const { message, data } = received;
  const account = await checkAccount(state.rows.read, deps.fnames, message, data, names, state.accounts);
  if (!account.ok) return account;
  const spec = storeForType(data.type);
  // FrameAction (validate-only) and any other type without a store.
  if (spec === undefined) return fail('bad_request.validation_failure', 'invalid message type');
  const incoming = toIncoming(spec, received);
  const nowMs = deps.clock.now();
  const balance = state.accounts.balance(data.fid);
  const total = totalUnits(balance.net);
  const storage =
    spec.checkStorage?.(incoming, { balance, network: deps.network }) ??
    (total === 0 ? fail('bad_request.no_storage', 'no storage') : ok(undefined));
  if (!storage.ok) return storage;
  if (!deps.rateLimiter.allows(data.fid, total, nowMs)) {
    return fail('unavailable', `rate limit exceeded for FID ${data.fid}`);
  }
  if (!spec.limitReportedOnly) {
    const prunable = await checkPrunable(
      state.rows.read,
      incoming,
      deps.limits(balance.net, spec.store),
      state.oldest,
    );
    if (!prunable.ok) return prunable;
  }

  // Where only the key's own row competes and the key holds none, the message wins with nothing to remove:
  // it goes in at once, one statement instead of a read and an insert.
  const claimed = competesAtKeyOnly(spec) && (await state.rows.insertIfFree(incoming));
  const plan = claimed ? ok(NOTHING_REMOVED) : await planMerge(state, spec, incoming);
  if (!plan.ok) return plan;
  // Only now, when the message is sure to change the stores, does it count against the fid's allowance.
  deps.rateLimiter.consume(data.fid, nowMs);
  const { deleted, replaced, dependents } = plan.value;
  const removed = [...deleted, ...replaced, ...dependents];
  await state.rows.delete(removed);
  const prunedAtOnce = spec.prunedOnMerge?.(data) === true;
  if (!prunedAtOnce && !claimed) await state.rows.insert(incoming);
  await recordUse(trx, state.accounts, account.value, data.timestamp);
  const changed = spec.storageChangedFor?.(data);
  if (changed !== undefined) await state.accounts.reloadBalances(await state.rows.read(), changed);
  return ok([
    mergedEvent(spec, incoming, deleted.map(rowMessage)),
    ...(prunedAtOnce ? [removedEvent(spec, 'prune', incoming.message)] : []),
    ...removalEvents('revoke', dependents),
  ]);
}

/** A gasless key's sliding TTL moves on with each message it signs (throttled, gasless-use.ts). */
async function recordUse(
  trx: Kysely<NodeTables>,
  accounts: AccountState,
  standing: SignerStanding,
  timestamp: number,
): Promise<void> {
  if (standing.source !== 'gasless') return;
  const used = afterUse(standing.record, timestamp);
  if (used === undefined) return;
  await touchGaslessKey(trx, used.key, used.lastUsedAt);
  accounts.gaslessKeyChanged(used.key, used);
}

/**
 * Stores without rules beyond the key, competing rows of other fids or a merge that removes itself: casts,
 * reactions and user data.
 */
function competesAtKeyOnly(spec: StoreSpec): boolean {
  return spec.rules === undefined && spec.globallyUnique !== true && spec.prunedOnMerge === undefined;
}

const NOTHING_REMOVED: MergePlan = { deleted: [], replaced: [], dependents: [] };

interface MergePlan {
  /** Competitors the message beat: listed in its event. */
  deleted: StoredRow[];
  /** Rows the store's own rules drop silently (links a compact state stands for). */
  replaced: StoredRow[];
  /** Messages that stood on a deleted one (another fid's USERNAME naming its ENS proof): revoked. */
  dependents: StoredRow[];
}

/** Decides what merging `incoming` does, reading only. */
async function planMerge(
  state: BatchState,
  spec: StoreSpec,
  incoming: Incoming,
): Promise<HubResult<MergePlan>> {
  const { rows } = state;
  const reads = {
    rowsAtKey: (fid: number, store: number, key: Uint8Array) => rows.rowsAt({ fid, store, key }, false),
    read: rows.read,
  };
  const replaced = spec.rules === undefined ? ok([]) : await spec.rules(reads, incoming);
  if (!replaced.ok) return replaced;
  const { fid, store, conflict_key: key } = incoming.row;
  // For a globally unique add, the other fids' adds of the key compete too.
  const othersAdds = spec.globallyUnique === true && !incoming.isRemove;
  const resolved = resolveConflict(
    spec.ordering,
    incoming,
    await rows.rowsAt({ fid, store, key }, othersAdds),
    (winner) => spec.describeConflict?.(incoming, winner) ?? conflictText(winner),
  );
  if (!resolved.ok) return resolved;
  const dependents: StoredRow[] = [];
  for (const row of resolved.value) {
    if (row.fid !== fid && spec.dependents !== undefined) {
      dependents.push(...(await spec.dependents(await rows.read(), row)));
    }
  }
  return ok({ deleted: resolved.value, replaced: replaced.value, dependents });
}
