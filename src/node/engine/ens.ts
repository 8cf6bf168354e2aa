import type { Kysely } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { MessageType, UserDataType } from '../../protocol/gen/message.js';
import type { MessageData } from '../../protocol/gen/message.js';
import type { UserNameProof } from '../../protocol/gen/username_proof.js';
import { bytesToHex } from '../../protocol/hex.js';
import type { NodeTables } from '../store/schema.js';
import { STORED_COLUMNS, rowMessage } from './message-rows.js';
import { verificationKey, usernameProofKey, usernameProofStore, verificationStore } from './stores/index.js';
import { sameBytes } from './ts-hash.js';

/**
 * Who owns an ENS name (or Basename) now. Answering needs an L1 (or Base) client, which the node may not
 * have: without one, UsernameProof messages and USERNAME user data naming an ENS name are refused.
 */
export interface EnsVerifier {
  /** The address `name` resolves to, or undefined when it resolves to none; throws when the chain can't be asked. */
  resolve(name: string): Promise<Uint8Array | undefined>;
}

/** Each ENS name a message's checks need resolved, mapped to its address or the failure to report. */
export type ResolvedNames = ReadonlyMap<string, HubResult<Uint8Array>>;

const decoder = new TextDecoder();

export function isEnsName(name: string): boolean {
  return name.endsWith('.eth');
}

function ensNameOf(data: MessageData): string | undefined {
  if (data.type === MessageType.USERNAME_PROOF && data.usernameProofBody !== undefined) {
    return decoder.decode(data.usernameProofBody.name);
  }
  const body = data.userDataBody;
  return body?.type === UserDataType.USERNAME && isEnsName(body.value) ? body.value : undefined;
}

/** Whether the message's checks depend on an ENS name, which {@link resolveEnsName} looks up. */
export function needsEnsLookup(data: MessageData | undefined): boolean {
  return data !== undefined && ensNameOf(data) !== undefined;
}

/**
 * Resolves the ENS name a message depends on, if any, before any transaction starts: the lookup goes over
 * the network and must not hold the merge lock.
 */
export async function resolveEnsName(
  verifier: EnsVerifier | undefined,
  data: MessageData,
): Promise<ResolvedNames> {
  const name = ensNameOf(data);
  if (name === undefined) return new Map();
  return new Map([[name, await resolve(verifier, name)]]);
}

async function resolve(verifier: EnsVerifier | undefined, name: string): Promise<HubResult<Uint8Array>> {
  if (verifier === undefined) {
    return fail(
      'bad_request.validation_failure',
      `cannot verify ens name ${name}: this node has no ENS resolver configured`,
    );
  }
  try {
    const address = await verifier.resolve(name);
    return address === undefined || address.length === 0
      ? fail('bad_request.validation_failure', `no valid address for ${name}`)
      : ok(address);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return fail('unavailable.network_failure', `failed to resolve ens name ${name}: ${reason}`);
  }
}

/**
 * An ENS proof holds while its name resolves to the proof's owner and that owner is the fid's custody
 * address or one of its verified addresses (the reference's texts).
 */
export async function checkEnsOwnership(
  db: Kysely<NodeTables>,
  proof: UserNameProof,
  custodyAddress: Uint8Array,
  names: ResolvedNames,
): Promise<HubResult<void>> {
  const name = decoder.decode(proof.name);
  const resolved = names.get(name) ?? (await resolve(undefined, name));
  if (!resolved.ok) return resolved;
  if (!sameBytes(resolved.value, proof.owner)) {
    return fail(
      'bad_request.validation_failure',
      `resolved address ${bytesToHex(resolved.value)} does not match proof`,
    );
  }
  if (sameBytes(resolved.value, custodyAddress)) return ok(undefined);
  const verified = await db
    .selectFrom('messages')
    .select('hash')
    .where('fid', '=', proof.fid)
    .where('store', '=', verificationStore.store)
    .where('conflict_key', '=', verificationKey(resolved.value))
    .where('is_remove', '=', false)
    .executeTakeFirst();
  return verified !== undefined
    ? ok(undefined)
    : fail('bad_request.validation_failure', `ens name does not belong to fid: ${proof.fid}`);
}

/** The stored ENS proof of `name`, whichever fid holds it. */
export async function ensProofOf(db: Kysely<NodeTables>, name: string): Promise<UserNameProof | undefined> {
  const row = await db
    .selectFrom('messages')
    .select(STORED_COLUMNS)
    .where('store', '=', usernameProofStore.store)
    .where('conflict_key', '=', usernameProofKey(name))
    .executeTakeFirst();
  return row === undefined ? undefined : rowMessage(row).data?.usernameProofBody;
}
