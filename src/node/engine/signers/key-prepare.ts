import type { Kysely } from 'kysely';
import { fail, ok } from '../../../protocol/errors.js';
import type { HubResult } from '../../../protocol/errors.js';
import { MessageType } from '../../../protocol/gen/message.js';
import type { MessageData } from '../../../protocol/gen/message.js';
import type { ReceivedMessage } from '../../../protocol/message.js';
import { KEY_REMOVE_BY_CUSTODY } from '../../../protocol/validation/index.js';
import { fidRegistrations } from '../../onchain/queries.js';
import type { FidRegistration } from '../../onchain/queries.js';
import type { NodeTables } from '../../store/schema.js';
import { DUPLICATE_MESSAGE } from '../conflict.js';
import { gaslessKeysByKey, hexKey, noncesOf } from './gasless-store.js';
import type { GaslessKey } from './gasless-store.js';
import type { KeyAuthority } from './key-authority.js';
import { checkKeyAddSigners, checkKeyRemoveSigner, checkNonceAbove } from './key-merge.js';

/** Recovers the EIP-712 signers of key messages, one per message in order (signature-pool.ts). */
export type KeySignerRecovery = (
  messages: readonly ReceivedMessage[],
) => Promise<(KeyAuthority | undefined)[]>;

/**
 * A batch's key messages up to the merge: for each, in order, its validation failure, a refusal, or the
 * signers of its EIP-712 parts. A few indexed reads, shared by the batch, come first; then, before any
 * recovery (milliseconds of secp256k1 each), the rules whose refusal no other message can lift: the fid is
 * registered (fids are never unregistered), the user nonce is above the stored one (nonces only grow; a
 * replayed KEY_ADD is a duplicate). After recovery, the signers must be the custody addresses of the fid
 * and of the app the request names, so a forged signature is refused here and never reaches the merge's
 * transaction. The merge checks every rule again under its lock; those another message can change (the
 * cap, who holds the key) are its alone, and a removal of a key the fid did not hold when read is left to
 * it whole.
 */
export async function prepareKeyMessages(
  db: Kysely<NodeTables>,
  validated: readonly Promise<HubResult<ReceivedMessage>>[],
  recover: KeySignerRecovery,
): Promise<HubResult<KeyAuthority | undefined>[]> {
  const outcomes = await Promise.all(validated);
  const valid = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const state = await readKeyState(db, valid);
  const before = new Map(valid.map((received) => [received, beforeRecovery(state, received)]));
  const passed = valid.filter((received) => before.get(received)?.ok === true);
  const recovered = passed.length === 0 ? [] : await recover(passed);
  const authorities = new Map(passed.map((received, index) => [received, recovered[index]]));
  await state.readApps([...authorities.values()]);
  return outcomes.map((outcome): HubResult<KeyAuthority | undefined> => {
    if (!outcome.ok) return outcome;
    const refused = before.get(outcome.value);
    if (refused?.ok === false) return refused;
    const authority = authorities.get(outcome.value);
    const signed = signedBy(state, outcome.value, authority);
    return signed.ok ? ok(authority) : signed;
  });
}

/** What the batch's key messages are checked against before the merge. */
interface KeyState {
  /** The registered fids among the senders, and the apps read by `readApps`. */
  readonly registered: Map<number, FidRegistration>;
  userNonce(fid: number): number;
  /** The record of the message's key when its fid holds it. */
  heldKey(data: MessageData): GaslessKey | undefined;
  /** Whether the stored KEY_ADD of the message's key is this very message. */
  isMerged(received: ReceivedMessage): boolean;
  /** Reads the registrations of the apps the recovered requests name. */
  readApps(authorities: readonly (KeyAuthority | undefined)[]): Promise<void>;
}

async function readKeyState(db: Kysely<NodeTables>, messages: readonly ReceivedMessage[]): Promise<KeyState> {
  const data = messages.map((received) => received.data);
  const fids = [...new Set(data.map(({ fid }) => fid))];
  const registered = await fidRegistrations(db, fids);
  const nonces = await noncesOf(db, fids);
  const keys = await gaslessKeysByKey(db, data.map(keyOf));
  return {
    registered,
    userNonce: (fid) => nonces.get(fid)?.user_nonce ?? 0,
    heldKey(message) {
      const record = keys.get(hexKey(keyOf(message)));
      return record?.fid === message.fid ? record : undefined;
    },
    isMerged({ message, data: messageData }) {
      const stored = keys.get(hexKey(keyOf(messageData)));
      return stored !== undefined && Buffer.compare(stored.message.hash, message.hash) === 0;
    },
    async readApps(authorities) {
      const apps = authorities.flatMap((authority) =>
        authority?.type === MessageType.KEY_ADD ? (authority.signers.request?.requestFid ?? []) : [],
      );
      const unread = apps.filter((app) => !registered.has(app));
      for (const [fid, registration] of await fidRegistrations(db, unread)) registered.set(fid, registration);
    },
  };
}

function beforeRecovery(state: KeyState, received: ReceivedMessage): HubResult<void> {
  const { fid, keyAddBody } = received.data;
  if (!state.registered.has(fid)) return fail('bad_request.unknown_fid', `unknown fid: ${fid}`);
  if (keyAddBody !== undefined && state.isMerged(received)) {
    return fail('bad_request.duplicate', DUPLICATE_MESSAGE);
  }
  // The merge refuses a removal of a key the fid does not hold before anything else, unless a KEY_ADD
  // merged first gives it the key.
  if (keyAddBody === undefined && state.heldKey(received.data) === undefined) return ok(undefined);
  const nonce = userNonceOf(received.data);
  return nonce === undefined ? ok(undefined) : checkNonceAbove(nonce, state.userNonce(fid));
}

/** The recovered signers against the custody addresses read. */
function signedBy(
  state: KeyState,
  { message, data }: ReceivedMessage,
  authority: KeyAuthority | undefined,
): HubResult<void> {
  const custodyOf = (fid: number | undefined) =>
    fid === undefined ? undefined : state.registered.get(fid)?.custodyAddress;
  const custody = custodyOf(data.fid) ?? new Uint8Array();
  if (authority?.type === MessageType.KEY_ADD) {
    const { signers } = authority;
    const signed = checkKeyAddSigners(signers, custody, custodyOf(signers.request?.requestFid));
    return signed.ok ? ok(undefined) : signed;
  }
  const remove = data.keyRemoveBody;
  if (authority?.type === MessageType.KEY_REMOVE && remove !== undefined && state.heldKey(data)) {
    return checkKeyRemoveSigner(message, remove, custody, authority.custody);
  }
  return ok(undefined);
}

/** The user nonce a custody-signed key message spends (a KEY_ADD, a custody KEY_REMOVE). */
function userNonceOf(data: MessageData): number | undefined {
  const remove = data.keyRemoveBody;
  if (remove !== undefined) return remove.signatureType === KEY_REMOVE_BY_CUSTODY ? remove.nonce : undefined;
  return data.keyAddBody?.nonce;
}

/** The key a (structurally valid) key message adds or removes. */
const keyOf = ({ keyAddBody, keyRemoveBody }: MessageData): Uint8Array =>
  keyAddBody?.key ?? keyRemoveBody?.key ?? new Uint8Array();
