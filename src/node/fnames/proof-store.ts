import type { Kysely, Transaction } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { HubEvent, HubEventType } from '../../protocol/gen/hub_event.js';
import { UserNameProof, UserNameType } from '../../protocol/gen/username_proof.js';
import type { Clock } from '../../shared/clock.js';
import { appendEvents } from '../events/event-log.js';
import type { NewHubEvent } from '../events/event-log.js';
import type { NodeTables } from '../store/schema.js';
import { fnameProofChange } from '../store/changes.js';
import { recordChange, writeTransaction } from '../store/write-transaction.js';

/**
 * Revokes what `fid` signed claiming `name` (its USERNAME user data) inside the caller's transaction and
 * returns the REVOKE_MESSAGE events to announce it, not yet appended. The message engine provides it.
 */
export type RevokeUsername = (
  trx: Transaction<NodeTables>,
  fid: number,
  name: string,
) => Promise<readonly NewHubEvent[]>;

export interface FnameMergeContext {
  clock: Clock;
  revokeUsername: RevokeUsername;
}

const ADDRESS_BYTES = 20;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Merges an fname proof from the name registry: one proof per name, the newer timestamp wins and, within
 * a second, the greater signature bytes (node-api.md §5.2), so nodes sharing a database agree whatever
 * order they merge in; fid 0 unregisters the name. In one transaction (the caller's, when `db` is one)
 * it stores the proof, revokes the USERNAME of an fid the name moved away from, and emits
 * MERGE_USERNAME_PROOF followed by the revocation's events; the result lists them. A rejected proof
 * writes nothing.
 */
export function mergeFnameProof(
  db: Kysely<NodeTables>,
  proof: UserNameProof,
  context: FnameMergeContext,
): Promise<HubResult<HubEvent[]>> {
  const checked = checkProof(proof);
  if (!checked.ok) return Promise.resolve(checked);
  const name = checked.value;

  return writeTransaction(db, async (trx) => {
    const existing = await fnameProofOf(trx, name);
    if (existing !== undefined) {
      const order = compareProofs(proof, existing);
      if (order === 0) return fail('bad_request.duplicate', 'username proof already exists');
      if (order < 0) {
        return fail('bad_request.conflict', 'event conflicts with a more recent UserNameProof');
      }
    } else if (proof.fid === 0) {
      return fail('bad_request.conflict', 'proof does not exist');
    }

    return ok(await writeProof(trx, name, proof, existing, context));
  });
}

/**
 * Makes `proof` the proof of `name` (undefined: no proof), whatever the stored one, with the events and
 * revocation a merge emits; a removal's MERGE_USERNAME_PROOF has only `deletedUsernameProof`. For the
 * resynchronisation from a registry that went back in time, where the registry's word replaces newer
 * proofs it no longer has. Nothing happens when the stored proof is already `proof`.
 */
export async function replaceFnameProof(
  trx: Transaction<NodeTables>,
  name: string,
  proof: UserNameProof | undefined,
  context: FnameMergeContext,
): Promise<HubEvent[]> {
  const existing = await fnameProofOf(trx, name);
  if (existing === undefined && (proof === undefined || proof.fid === 0)) return [];
  if (existing !== undefined && proof !== undefined && sameProof(proof, existing)) return [];
  return writeProof(trx, name, proof, existing, context);
}

/** Every stored fname proof by name (the resynchronisation compares them with the registry's). */
export async function allFnameProofs(db: Kysely<NodeTables>): Promise<Map<string, UserNameProof>> {
  const rows = await db.selectFrom('fname_proofs').select(['name', 'encoded']).execute();
  return new Map(rows.map((row) => [row.name, UserNameProof.decode(row.encoded)]));
}

/** Stores or deletes the proof, revokes the fid the name left, and appends the events, in `trx`. */
async function writeProof(
  trx: Transaction<NodeTables>,
  name: string,
  proof: UserNameProof | undefined,
  existing: UserNameProof | undefined,
  context: FnameMergeContext,
): Promise<HubEvent[]> {
  if (existing !== undefined) recordChange(trx, fnameProofChange('remove', name, existing));
  if (proof === undefined || proof.fid === 0) {
    await trx.deleteFrom('fname_proofs').where('name', '=', name).execute();
  } else {
    const row = {
      fid: proof.fid,
      owner: proof.owner,
      timestamp: proof.timestamp,
      signature: proof.signature,
      encoded: UserNameProof.encode(proof).finish(),
    };
    recordChange(trx, fnameProofChange('add', name, proof));
    await trx
      .insertInto('fname_proofs')
      .values({ name, ...row })
      .onConflict((conflict) => conflict.column('name').doUpdateSet(row))
      .execute();
  }

  // After the write, so the revocation sees who holds the name now.
  const moved = existing !== undefined && existing.fid !== (proof?.fid ?? 0);
  const revocations = moved ? await context.revokeUsername(trx, existing.fid, name) : [];
  const merged = HubEvent.fromPartial({
    type: HubEventType.MERGE_USERNAME_PROOF,
    mergeUsernameProofBody: { usernameProof: proof, deletedUsernameProof: existing },
  });
  // One append, last in the transaction; the proof change first, as in the reference hub's log.
  return appendEvents(trx, [merged, ...revocations], context.clock);
}

/** The current proof of `name` (also in a transaction: the engine's USERNAME check); undefined if none. */
export async function fnameProofOf(db: Kysely<NodeTables>, name: string): Promise<UserNameProof | undefined> {
  const row = await db
    .selectFrom('fname_proofs')
    .select('encoded')
    .where('name', '=', name)
    .executeTakeFirst();
  return row === undefined ? undefined : UserNameProof.decode(row.encoded);
}

/**
 * The fname proofs held by `fid`, newest first (the registry allows one name per fid, but a late
 * unregister can leave two for a while; a client taking the first gets the current one).
 */
export async function fnameProofsOf(db: Kysely<NodeTables>, fid: number): Promise<UserNameProof[]> {
  const rows = await db
    .selectFrom('fname_proofs')
    .select('encoded')
    .where('fid', '=', fid)
    .orderBy('timestamp', 'desc')
    .orderBy('name')
    .execute();
  return rows.map((row) => UserNameProof.decode(row.encoded));
}

/** Same name's proof: same holder, time and registry signature. */
export function sameProof(a: UserNameProof, b: UserNameProof): boolean {
  return a.fid === b.fid && compareProofs(a, b) === 0;
}

/** Positive when the incoming proof wins over the stored one, negative when it loses, 0 if it is the same. */
export function compareProofs(incoming: UserNameProof, stored: UserNameProof): number {
  if (incoming.timestamp !== stored.timestamp) return incoming.timestamp > stored.timestamp ? 1 : -1;
  return Buffer.compare(incoming.signature, stored.signature);
}

/** Shape checks only (the sync loop verified the registry's signature); yields the name as text. */
function checkProof(proof: UserNameProof): HubResult<string> {
  const invalid = (problem: string) =>
    fail<string>('bad_request.validation_failure', `invalid fname proof: ${problem}`);
  if (proof.type !== UserNameType.USERNAME_TYPE_FNAME) return invalid('type must be USERNAME_TYPE_FNAME');
  if (proof.owner.length !== ADDRESS_BYTES) return invalid('owner must be 20 bytes');
  if (!isUint(proof.fid)) return invalid('fid must be a non-negative integer');
  if (!isUint(proof.timestamp)) return invalid('timestamp must be a non-negative integer');
  let name: string;
  try {
    name = utf8.decode(proof.name);
  } catch {
    return invalid('name is not UTF-8');
  }
  return name === '' ? invalid('name is empty') : ok(name);
}

function isUint(value: number): boolean {
  return Number.isSafeInteger(value) && value >= 0;
}
