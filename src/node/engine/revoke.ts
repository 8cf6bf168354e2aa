import type { Kysely, Transaction } from 'kysely';
import type { HubEvent } from '../../protocol/gen/hub_event.js';
import type { Clock } from '../../shared/clock.js';
import { appendEvents } from '../events/event-log.js';
import type { NewHubEvent } from '../events/event-log.js';
import { isActiveSigner } from '../onchain/queries.js';
import { dropRevocation } from '../onchain/revocation-queue.js';
import type { NodeTables } from '../store/schema.js';
import { writeTransaction } from '../store/write-transaction.js';
import { STORED_COLUMNS } from './message-rows.js';
import type { StoredRow } from './store-spec.js';
import { storeForCode, usernameNaming } from './stores/index.js';
import { deleteRows, removalEvents } from './writes.js';

/** Messages revoked per transaction, so revoking a prolific key never holds the merge lock for long. */
const REVOKE_CHUNK = 1000;

/**
 * Deletes every message `key` signed for `fid`, in all stores, each with a REVOKE_MESSAGE (ENS proofs:
 * MERGE_USERNAME_PROOF with the deleted side), plus what stood on them (the fid's USERNAME naming a revoked
 * ENS proof). Runs in transactions of its own, after the on-chain merge that deactivated the key (decision
 * 0004: never inside it). A key that is active again by then (re-added after an admin reset) keeps its
 * messages. The key's `pending_revocations` row goes in the transaction that finishes, so the revocation
 * counts as done exactly when it is; one cut short stays queued and is safe to run again.
 */
export async function revokeSigner(
  db: Kysely<NodeTables>,
  clock: Clock,
  fid: number,
  key: Uint8Array,
): Promise<HubEvent[]> {
  const events: HubEvent[] = [];
  for (;;) {
    const { revoked, more } = await writeTransaction(db, async (trx) => {
      if (await isActiveSigner(trx, fid, key)) {
        await dropRevocation(trx, fid, key);
        return { revoked: [], more: false };
      }
      const rows = await trx
        .selectFrom('messages')
        .select(STORED_COLUMNS)
        .where('fid', '=', fid)
        .where('signer', '=', key)
        .orderBy('ts_hash')
        .limit(REVOKE_CHUNK)
        .execute();
      const all = await withDependents(trx, rows);
      await deleteRows(trx, all);
      const more = rows.length === REVOKE_CHUNK;
      if (!more) await dropRevocation(trx, fid, key);
      return { revoked: await appendEvents(trx, removalEvents('revoke', all), clock), more };
    });
    events.push(...revoked);
    if (!more) return events;
  }
}

async function withDependents(db: Kysely<NodeTables>, rows: readonly StoredRow[]): Promise<StoredRow[]> {
  const all = new Map(rows.map((row) => [Buffer.from(row.hash).toString('hex'), row]));
  for (const row of rows) {
    for (const dependent of (await storeForCode(row.store)?.dependents?.(db, row)) ?? []) {
      all.set(Buffer.from(dependent.hash).toString('hex'), dependent);
    }
  }
  return [...all.values()];
}

/**
 * Revokes the fid's USERNAME user data if it names `name`, inside the caller's transaction (the fname sync,
 * when a name moves to another fid or is released). Returns its REVOKE_MESSAGE without appending it: the
 * caller appends it after the proof's own event, so the log shows the proof change first, as in the
 * reference, and appends once, last in its transaction.
 */
export async function revokeUsername(
  trx: Transaction<NodeTables>,
  fid: number,
  name: string,
): Promise<NewHubEvent[]> {
  const username = await usernameNaming(trx, fid, name);
  if (username === undefined) return [];
  await deleteRows(trx, [username]);
  return removalEvents('revoke', [username]);
}
