import type { Kysely } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubError, HubResult } from '../../protocol/errors.js';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import type { ReceivedMessage } from '../../protocol/message.js';
import type { Clock } from '../events/clock.js';
import { appendEvents, lockEventLog } from '../events/event-log.js';
import type { NewHubEvent } from '../events/event-log.js';
import { storageUnits, totalUnits } from '../onchain/storage-units.js';
import type { NodeTables } from '../store/schema.js';
import { inTransaction } from '../store/transaction.js';
import { checkAccount } from './account-checks.js';
import type { FnameProofs } from './account-checks.js';
import { conflictText, resolveConflict } from './conflict.js';
import type { ResolvedNames } from './ens.js';
import { mergedEvent } from './events.js';
import { checkPrunable } from './limits.js';
import type { StoreLimits } from './limits.js';
import { STORED_COLUMNS, rowMessage, toIncoming } from './message-rows.js';
import type { FidRateLimiter } from './rate-limit.js';
import type { Incoming, StoreSpec, StoredRow } from './store-spec.js';
import { storeForType } from './stores/index.js';
import { deleteRows, insertMessage, removalEvents } from './writes.js';

type Refusal = { ok: false; error: HubError };

/** The outcome of one message of a batch: the event its merge emitted, or why it was refused. */
export type MergeOutcome = { ok: true; event: HubEvent } | Refusal;

/** A structurally valid message, with the ENS names it depends on already resolved. */
export interface PreparedMessage {
  readonly received: ReceivedMessage;
  readonly names: ResolvedNames;
}

export interface MergeDeps {
  readonly clock: Clock;
  readonly fnames: FnameProofs;
  readonly limits: StoreLimits;
  readonly rateLimiter: FidRateLimiter;
}

/**
 * Merges a batch in one transaction, message after message, so two messages on one key resolve as if
 * merged one after the other. Each message is checked completely before anything of it is written, so a
 * refused one leaves nothing behind and does not undo the others. All events are appended at the end.
 *
 * The transaction starts by taking the event-log lock (`lockEventLog`): the merge rules read state (a key's
 * current message, other fids' holders of an address, a store's size) that a concurrent writer could change
 * before commit, so on PostgreSQL message writers run one at a time across processes, as on-chain merges do;
 * SQLite has a single writer anyway. Batching keeps the cost to one lock per batch (decision 0004).
 * A database failure (not a refusal) throws and commits nothing of the batch.
 */
export async function mergeBatch(
  db: Kysely<NodeTables>,
  deps: MergeDeps,
  batch: readonly HubResult<PreparedMessage>[],
): Promise<MergeOutcome[]> {
  const invalid = batch.filter((prepared): prepared is Refusal => !prepared.ok);
  if (invalid.length === batch.length) return invalid;
  return inTransaction(db, async (trx) => {
    await lockEventLog(trx);
    const results: HubResult<NewHubEvent[]>[] = [];
    for (const prepared of batch)
      results.push(prepared.ok ? await mergeOne(trx, deps, prepared.value) : prepared);
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

/**
 * The merge-time checks (node-api.md §4 steps 3-6, 10, 11) and the store's CRDT rules for one message, then
 * its writes. Returns its events: the merge's own first, then revocations it caused.
 */
async function mergeOne(
  trx: Kysely<NodeTables>,
  deps: MergeDeps,
  { received, names }: PreparedMessage,
): Promise<HubResult<NewHubEvent[]>> {
  const { message, data } = received;
  const account = await checkAccount(trx, deps.fnames, message, data, names);
  if (!account.ok) return account;
  const nowMs = deps.clock.now();
  const units = await storageUnits(trx, data.fid, nowMs);
  const total = totalUnits(units);
  if (total === 0) return fail('bad_request.no_storage', 'no storage');
  if (!deps.rateLimiter.tryConsume(data.fid, total, nowMs)) {
    return fail('unavailable', `rate limit exceeded for FID ${data.fid}`);
  }
  const spec = storeForType(data.type);
  // FrameAction (validate-only) and any other type without a store.
  if (spec === undefined) return fail('bad_request.validation_failure', 'invalid message type');
  const incoming = toIncoming(spec, received);
  const prunable = await checkPrunable(trx, incoming, deps.limits(units, spec.store));
  if (!prunable.ok) return prunable;

  const plan = await planMerge(trx, spec, incoming);
  if (!plan.ok) return plan;
  const { deleted, replaced, dependents } = plan.value;
  await deleteRows(trx, [...deleted, ...replaced, ...dependents]);
  await insertMessage(trx, incoming);
  return ok([mergedEvent(spec, incoming, deleted.map(rowMessage)), ...removalEvents('revoke', dependents)]);
}

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
  trx: Kysely<NodeTables>,
  spec: StoreSpec,
  incoming: Incoming,
): Promise<HubResult<MergePlan>> {
  const replaced = spec.rules === undefined ? ok([]) : await spec.rules(trx, incoming);
  if (!replaced.ok) return replaced;
  const resolved = resolveConflict(
    spec.ordering,
    incoming,
    await competitors(trx, spec, incoming),
    (winner) => spec.describeConflict?.(incoming, winner) ?? conflictText(winner),
  );
  if (!resolved.ok) return resolved;
  const dependents: StoredRow[] = [];
  for (const row of resolved.value) {
    if (row.fid !== incoming.row.fid) dependents.push(...((await spec.dependents?.(trx, row)) ?? []));
  }
  return ok({ deleted: resolved.value, replaced: replaced.value, dependents });
}

/** The stored message of the same key, and for a globally unique add the other fids' adds of that key. */
async function competitors(
  trx: Kysely<NodeTables>,
  spec: StoreSpec,
  incoming: Incoming,
): Promise<StoredRow[]> {
  const { fid, store, conflict_key: key } = incoming.row;
  const byKey = trx
    .selectFrom('messages')
    .select(STORED_COLUMNS)
    .where('store', '=', store)
    .where('conflict_key', '=', key);
  if (!spec.globallyUnique || incoming.isRemove) return byKey.where('fid', '=', fid).execute();
  return byKey.where((eb) => eb.or([eb('fid', '=', fid), eb('is_remove', '=', false)])).execute();
}
