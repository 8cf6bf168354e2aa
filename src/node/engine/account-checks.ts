import type { Kysely } from 'kysely';
import { fail, ok } from '../../protocol/errors.js';
import type { HubResult } from '../../protocol/errors.js';
import { MessageType, UserDataType } from '../../protocol/gen/message.js';
import type { Message, MessageData } from '../../protocol/gen/message.js';
import { bytesToHex } from '../../protocol/hex.js';
import { fnameProofOf } from '../fnames/index.js';
import type { FidRegistration } from '../onchain/queries.js';
import type { NodeTables } from '../store/schema.js';
import type { AccountState, SignerStanding } from './account-state.js';
import { checkEnsOwnership, ensProofOf, isEnsName } from './ens.js';
import type { ResolvedNames } from './ens.js';
import { checkExpiry, checkScope } from './signers/gasless-use.js';
import type { Reader } from './store-spec.js';

/** Where fname proofs come from (the fname sync's store); `proofOf` may run inside a merge transaction. */
export interface FnameProofs {
  proofOf(db: Kysely<NodeTables>, name: string): Promise<{ fid: number } | undefined>;
}

/** The proofs the fname sync keeps in the node's `fname_proofs` table. */
export const storedFnameProofs: FnameProofs = { proofOf: fnameProofOf };

/** The fid's registration, or `unknown fid`. */
export function registrationOf(accounts: AccountState, fid: number): HubResult<FidRegistration> {
  const registration = accounts.registration(fid);
  return registration === undefined
    ? fail('bad_request.unknown_fid', `unknown fid: ${fid}`)
    : ok(registration);
}

/**
 * The node's checks of a structurally valid message against the account state, in the reference's order
 * (node-api.md §4 steps 3-6): the fid is registered, the signer is an active key of it (a gasless key
 * only for the types in its scopes), a USERNAME names a name the fid holds, an ENS proof's name belongs to
 * the fid, and last a gasless key has not expired (snapchain-messages.md §2.6-2.7). Returns how the signer
 * signs for the fid.
 */
export async function checkAccount(
  read: Reader,
  fnames: FnameProofs,
  message: Message,
  data: MessageData,
  resolved: ResolvedNames,
  accounts: AccountState,
): Promise<HubResult<SignerStanding>> {
  const registration = registrationOf(accounts, data.fid);
  if (!registration.ok) return registration;
  const standing = accounts.signer(data.fid, message.signer);
  if (standing === undefined) {
    return fail(
      'bad_request.unknown_signer',
      `invalid signer: signer ${bytesToHex(message.signer)} not found for fid ${data.fid}`,
    );
  }
  const scope = standing.source === 'gasless' ? checkScope(standing.record, data.type) : ok(undefined);
  if (!scope.ok) return scope;
  const names = await checkNames(read, fnames, data, registration.value.custodyAddress, resolved);
  if (!names.ok) return names;
  const expiry = standing.source === 'gasless' ? checkExpiry(standing.record, accounts.now) : ok(undefined);
  return expiry.ok ? ok(standing) : expiry;
}

/** A USERNAME names a name the fid holds; an ENS proof's name belongs to the fid's custody. */
async function checkNames(
  read: Reader,
  fnames: FnameProofs,
  data: MessageData,
  custody: Uint8Array,
  names: ResolvedNames,
): Promise<HubResult<void>> {
  const username = data.userDataBody;
  if (username?.type === UserDataType.USERNAME && username.value !== '') {
    return checkUsername(await read(), fnames, data.fid, username.value, custody, names);
  }
  if (data.type === MessageType.USERNAME_PROOF && data.usernameProofBody !== undefined) {
    return checkEnsOwnership(await read(), data.usernameProofBody, custody, names);
  }
  return ok(undefined);
}

/** A USERNAME (an empty value clears it) must name a proof held by the fid: an fname, or a stored ENS proof. */
async function checkUsername(
  db: Kysely<NodeTables>,
  fnames: FnameProofs,
  fid: number,
  name: string,
  custody: Uint8Array,
  names: ResolvedNames,
): Promise<HubResult<void>> {
  const ens = isEnsName(name) ? await ensProofOf(db, name) : undefined;
  const proof = isEnsName(name) ? ens : await fnames.proofOf(db, name);
  if (proof === undefined) return fail('bad_request.validation_failure', `name ${name} is not registered`);
  if (proof.fid !== fid) {
    return fail('bad_request.validation_failure', `fid ${proof.fid} does not match message fid ${fid}`);
  }
  return ens === undefined ? ok(undefined) : checkEnsOwnership(db, ens, custody, names);
}
